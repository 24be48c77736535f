/*
 * beneath.h in cudnnv.exe. The confined walk guards trees unpacked from
 * archives, and this build unpacks them into its staging folder by its own
 * member rules (archive_stage_win32.c), never through beneath: a folder the
 * user names is copied by its own paths. Asking for a confined path is
 * therefore a mistake of the caller, answered with ENOSYS.
 */
#include "beneath.h"

#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>

int beneath_open(int top, const char *path, int flags)
{
    (void)top;
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
}

int beneath_open_parent(int top, const char *path, int create, char *leaf, size_t leaf_size)
{
    (void)top;
    (void)path;
    (void)create;
    (void)leaf;
    (void)leaf_size;
    errno = ENOSYS;
    return -1;
}

int beneath_open_folder(const char *folder)
{
    (void)folder;
    return 0;   /* no descriptor for a folder here: entries are opened by their paths */
}

int beneath_open_entry(int top, const char *folder, const char *name, int flags)
{
    char path[PATH_MAX];
    (void)top;
    if (strchr(name, '/') != NULL || strchr(name, '\\') != NULL || path_join(path, sizeof path, folder, name) != 0) {
        errno = EXDEV;
        return -1;
    }
    return open(path, flags | O_BINARY);
}
