/*
 * How the shim speaks: one line on stderr prefixed "cudnnv:", then status 127
 * for a failure; CUDNNV_DEBUG lines for the choice. Shared by every system.
 */
#include "shim_internal.h"
#include "shim_platform.h"

#include <stdarg.h>
#include <stdio.h>

void cudnnv_die(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("cudnnv: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    fflush(stderr);
    cudnnv_platform_exit(127);
}

void cudnnv_debug(const char *format, ...)
{
    va_list args;
    if (!cudnnv_launch_state()->debug)
        return;
    va_start(args, format);
    fputs("cudnnv: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}
