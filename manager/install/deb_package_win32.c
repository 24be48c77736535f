/*
 * cudnnv.exe and Debian packages (package_payload.h): NVIDIA's CUDA .debs
 * are Linux's, and the libarchive cudnnv.exe is built with reads no ar
 * archive; a .deb is refused with that said.
 */
#include "package_payload.h"

#include <stdio.h>

int deb_take_payload(const char *deb_path, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    (void)deb_path, (void)out_path, (void)limit;
    snprintf(error, size, "a Debian package holds Linux libraries; cudnnv.exe does not read one");
    return -1;
}
