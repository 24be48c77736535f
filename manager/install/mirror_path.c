/*
 * The one rule for where an archive lies in a mirror folder, shared by
 * 'cudnnv mirror' (which writes it there) and every install (which looks
 * there, archive_fetch.c): what follows "/compute/" in the archive's address,
 * as on NVIDIA's server (cudnn/redist/cudnn/linux-x86_64/NAME,
 * cuda/redist/libcublas/..., cuda/repos/ubuntu2004/x86_64/NAME.deb). An
 * archive from anywhere else (a Python index's wheel, a conda package), or an
 * address whose path is not plain, lies at the top under its own name.
 */
#include "mirror_path.h"

#include "catalog.h"

#include <stdio.h>
#include <string.h>

/* A relative path of plain bytes: no '..' or empty component, no leading '/', no '%'-escape. */
static int plain_relative(const char *path)
{
    static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-/";
    if (path[0] == '\0' || path[0] == '/' || strspn(path, allowed) != strlen(path) || strstr(path, "//") != NULL)
        return 0;
    for (const char *part = path; part != NULL; part = strchr(part, '/') ? strchr(part, '/') + 1 : NULL) {
        if (strncmp(part, "..", 2) == 0 && (part[2] == '/' || part[2] == '\0'))
            return 0;
        if (strncmp(part, ".", 1) == 0 && (part[1] == '/' || part[1] == '\0'))
            return 0;
    }
    return 1;
}

int mirror_relative_path(const struct catalog_archive *archive, char *out, size_t size)
{
    const char *after = strstr(archive->url, "/compute/");
    size_t name_length = strlen(archive->name);
    const char *path = archive->name;
    if (after != NULL) {
        after += strlen("/compute/");
        size_t length = strlen(after);
        /* it must end in the archive's own name, after a '/' */
        if (plain_relative(after) && length > name_length && strcmp(after + length - name_length, archive->name) == 0 &&
            after[length - name_length - 1] == '/')
            path = after;
    }
    return (size_t)snprintf(out, size, "%s", path) < size ? 0 : -1;
}
