/*
 * How the shim speaks: one line on stderr prefixed "cudnnv:", then status 127
 * for a failure; CUDNNV_DEBUG lines for the choice. Shared by every system.
 * Lines are escaped (cudnnv_escape_text): a version file's contents or a
 * directory name never reach the terminal as control bytes.
 */
#include "shim_internal.h"
#include "shim_platform.h"

#include <stdarg.h>
#include <stdio.h>

static void write_line(const char *format, va_list args)
{
    char text[PATH_MAX + 1024], escaped[PATH_MAX + 1024];
    vsnprintf(text, sizeof text, format, args);
    cudnnv_platform_shown_paths(text);
    cudnnv_escape_text(text, escaped, sizeof escaped);
    fprintf(stderr, "cudnnv: %s\n", escaped);
    fflush(stderr);
}

void cudnnv_die(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    write_line(format, args);
    va_end(args);
    cudnnv_platform_exit(127);
}

void cudnnv_debug(const char *format, ...)
{
    va_list args;
    if (!cudnnv_launch_state()->debug)
        return;
    va_start(args, format);
    write_line(format, args);
    va_end(args);
}
