/*
 * How cudnnv talks: data on stdout, messages on stderr, each error one line
 * prefixed "cudnnv:" that names the cause and the fix. A user error exits 1,
 * bad usage exits 2 (after pointing at the command's --help). Every message
 * is written through cudnnv_escape_text: names, paths and file contents
 * from outside never reach the terminal as control bytes; and the password
 * of an address in it is shown as ****. A path on Windows reads as Windows
 * writes it (platform_shown_paths), in messages and in print_path's data.
 */
#include "messages.h"
#include "platform.h"
#include "url_mask.h"

#include "cudnnv_select.h"

#include <stdarg.h>
#include <stdio.h>

#define MESSAGE_MAX 8192

/* Formats a message and writes it escaped, then end (a new line, or a space before an answer). */
static void write_text(const char *prefix, const char *end, const char *format, va_list args)
{
    char text[MESSAGE_MAX], escaped[MESSAGE_MAX];
    vsnprintf(text, sizeof text, format, args);
    url_mask_passwords(text);
    platform_shown_paths(text);
    cudnnv_escape_text(text, escaped, sizeof escaped);
    fputs(prefix, stderr);
    fputs(escaped, stderr);
    fputs(end, stderr);
    fflush(stderr);
}

static void write_message(const char *prefix, const char *format, va_list args)
{
    write_text(prefix, "\n", format, args);
}

int fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    write_message("cudnnv: ", format, args);
    va_end(args);
    return EXIT_USER_ERROR;
}

static void note_with_prefix(const char *prefix, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    write_message(prefix, format, args);
    va_end(args);
}

int usage_fail(const char *command, const char *format, ...)
{
    char prefix[64], text[MESSAGE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    snprintf(prefix, sizeof prefix, "cudnnv %s: ", command);
    note_with_prefix(prefix, "%s (see 'cudnnv %s --help')", text, command);
    return EXIT_USAGE;
}

static char pending_usage[MESSAGE_MAX];

int usage_problem(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(pending_usage, sizeof pending_usage, format, args);
    va_end(args);
    return EXIT_USAGE;
}

int usage_report(const char *command, int status)
{
    if (pending_usage[0] == '\0')
        return status;
    usage_fail(command, "%s", pending_usage);
    pending_usage[0] = '\0';
    return EXIT_USAGE;
}

/* A message that is not an error: "cudnnv: " and the text, on stderr. */
void note(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    write_message("cudnnv: ", format, args);
    va_end(args);
}

void ask(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    write_text("cudnnv: ", " ", format, args);
    va_end(args);
}

void print_path(const char *path)
{
    char shown[MESSAGE_MAX];
    snprintf(shown, sizeof shown, "%s", path);
    platform_shown_paths(shown);
    printf("%s\n", shown);
}
