/*
 * The one rule for where an archive lies in a mirror folder, shared by
 * 'cudnnv mirror' (which writes it there) and every install (which looks
 * there, archive_fetch.c): what follows "/compute/" in the archive's address,
 * as on NVIDIA's server (cudnn/redist/cudnn/linux-x86_64/NAME,
 * cuda/redist/libcublas/..., cuda/repos/ubuntu2004/x86_64/NAME.deb); a redist
 * archive from another host (a redist copied to a file:// folder) where its
 * name says it lies on NVIDIA's; an archive from anywhere else (a Python
 * index's wheel, a conda package), or an address whose path is not plain,
 * at the top under its own name.
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

/*
 * Where NVIDIA's redist keeps an archive it names COMPONENT-PLATFORM-VERSION-archive.EXT
 * (cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz, libcublas-windows-x86_64-12.2.5.6-archive.zip), whatever host
 * the lock's address names: cudnn/redist/cudnn/PLATFORM/NAME, cuda/redist/COMPONENT/PLATFORM/NAME; 0, else -1.
 */
static int redist_layout(const char *name, char *out, size_t size)
{
    static const char *const platforms[] = {"-linux-x86_64-", "-linux-sbsa-", "-linux-aarch64-", "-windows-x86_64-"};
    for (size_t i = 0; i < sizeof platforms / sizeof platforms[0]; i++) {
        const char *at = strstr(name, platforms[i]);
        if (at == NULL || at == name || strstr(name, "-archive.") == NULL || !plain_relative(name) ||
            strchr(name, '/') != NULL)
            continue;
        int component = (int)(at - name);
        int platform = (int)strlen(platforms[i]) - 2;
        const char *area = component == 5 && strncmp(name, "cudnn", 5) == 0 ? "cudnn" : "cuda";
        return (size_t)snprintf(out, size, "%s/redist/%.*s/%.*s/%s", area, component, name, platform, at + 1, name) <
                       size ? 0 : -1;
    }
    return -1;
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
    if (path == archive->name && redist_layout(archive->name, out, size) == 0)
        return 0;
    return (size_t)snprintf(out, size, "%s", path) < size ? 0 : -1;
}
