/*
 * The one way long work shows how far it got (progress.h): a carriage
 * return, the escaped line, and the terminal's erase-to-end, so a shorter
 * line leaves nothing of a longer one behind.
 */
#include "progress.h"

#include "cudnnv_select.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

void progress_start(struct progress *progress)
{
    progress->terminal = isatty(STDERR_FILENO);
    progress->shown = 0;
}

void progress_show(struct progress *progress, const char *format, ...)
{
    char text[1024], escaped[1024];
    va_list args;
    if (!progress->terminal)
        return;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    cudnnv_escape_text(text, escaped, sizeof escaped);
    fprintf(stderr, "\rcudnnv: %s\033[K", escaped);
    fflush(stderr);
    progress->shown = 1;
}

void progress_stop(struct progress *progress)
{
    if (progress->shown)
        fputs("\r\033[K", stderr);
    progress->shown = 0;
}
