/*
 * A Debian package's files (package_payload.h): an ar archive whose member
 * data.tar (or .xz, .gz, .zst, .bz2) holds them, as NVIDIA's CUDA apt
 * repositories ship each component. Read with libarchive's ar reader.
 */
#include "package_payload.h"

#include <archive.h>
#include <string.h>

/* data.tar, data.tar.xz, .gz, .zst or .bz2, a member of the ar archive's top. */
static int is_deb_payload(const char *name)
{
    const char *ends[] = {"", ".xz", ".gz", ".zst", ".bz2"};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        if (strncmp(name, "data.tar", 8) == 0 && strcmp(name + 8, ends[i]) == 0)
            return 1;
    }
    return 0;
}

int deb_take_payload(const char *deb_path, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    static const struct package_kind deb = {archive_read_support_format_ar, is_deb_payload,
                                            "not a .deb package (an ar archive)",
                                            "no data.tar in it: not a Debian package"};
    return package_take_payload(&deb, deb_path, out_path, limit, error, size);
}
