/*
 * conda_package.h in cudnnv.exe, which unpacks no archives: a .conda file is
 * an archive like any other there, and install says what to do instead.
 */
#include "conda_package.h"

#include <stdio.h>

int conda_is_package(const char *path)
{
    (void)path;
    return 0;
}

int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    (void)out_path;
    (void)limit;
    snprintf(error, size, "this cudnnv.exe cannot unpack %s", conda_path);
    return -1;
}
