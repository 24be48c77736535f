/*
 * The cuDNN files that were copied into a CUDA toolkit folder (NVIDIA's
 * old tar instructions, Windows' copy into CUDA's bin), listed, and each
 * checked before anything changes: a regular file, or a link to one inside
 * the toolkit (a FIFO, a device, a link to a file elsewhere is refused:
 * its content would be copied into the store), that this user can move.
 */
#include "adopt.h"
#include "fsutil.h"
#include "messages.h"
#include "platform.h"
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Adds the entries of dir (below top) whose names match. */
static void collect(struct adoption *files, const char *top, const char *dir, const char *prefix,
                    const char *suffix)
{
    if (dir[0] == '\0')
        return;
    DIR *handle = opendir(dir);
    struct dirent *entry;
    while (handle != NULL && (entry = readdir(handle)) != NULL && files->count < ADOPT_MAX_FILES) {
        if (!name_has_affixes(entry->d_name, prefix, suffix))
            continue;
        snprintf(files->paths[files->count++], PATH_MAX, "%s/%s", dir + strlen(top) + 1, entry->d_name);
    }
    if (handle != NULL)
        closedir(handle);
}

void adopt_list_files(const struct set_layout *layout, const char *top, struct adoption *files)
{
    files->count = 0;
    collect(files, top, layout->include_dir, "cudnn", ".h");
    collect(files, top, layout->lib_dir, "libcudnn", "");
    collect(files, top, layout->bin_dir, "cudnn", ".dll");
    collect(files, top, layout->import_dir, "cudnn", ".lib");
}

/* Why this entry of the toolkit cannot be adopted, or NULL: a regular file, or a link to one inside top. */
static const char *unadoptable(const char *top, const char *path)
{
    struct stat info;
    char real[PATH_MAX];
    size_t length = strlen(top);
    if (lstat(path, &info) != 0)
        return "cannot be read";
    if (S_ISREG(info.st_mode))
        return NULL;
    if (!S_ISLNK(info.st_mode))
        return S_ISDIR(info.st_mode) ? "a folder" : "neither a file nor a link (a FIFO, device or socket)";
    if (realpath(path, real) == NULL)
        return "a link that leads nowhere";
    if (strncmp(real, top, length) != 0 || real[length] != '/')
        return "a link to a file outside the toolkit";
    if (stat(real, &info) != 0 || !S_ISREG(info.st_mode))
        return "a link to something that is not a regular file";
    return NULL;
}

/* Why this user cannot move path out of its folder, or NULL (errno read first, before anything else). */
static const char *unmovable(const char *path, char *why, size_t size)
{
    char dir[2 * PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = '\0';
    if (access(dir, W_OK) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return why;
    }
    const char *refused = platform_move_refused(dir, path);
    if (refused != NULL) {
        snprintf(why, size, "%s", refused);
        return why;
    }
    return NULL;
}

int adopt_require_movable(const char *top, const struct adoption *files)
{
    char path[2 * PATH_MAX], why[PATH_MAX + 64], first_why[PATH_MAX + 64] = "", self[PATH_MAX];
    int refused = 0, unwritable = 0;
    for (int i = 0; i < files->count; i++) {
        snprintf(path, sizeof path, "%s/%s", top, files->paths[i]);
        const char *problem = unadoptable(top, path);
        if (problem != NULL && refused++ < 20)
            note("cannot adopt %s: %s", path, problem);
        if (problem == NULL && unmovable(path, why, sizeof why) != NULL && unwritable++ == 0)
            snprintf(first_why, sizeof first_why, "%s", why);
    }
    if (platform_self_path(self, sizeof self) != 0)
        snprintf(self, sizeof self, "cudnnv");
    if (unwritable > 0)
        return fail("cannot move cuDNN out of %s: this user may not change %d of its files (%s); run it as the folder's owner, e.g. 'sudo env CUDNNV_ROOT=%s %s adopt %s'; nothing was changed",
                    top, unwritable, first_why, store_root(), self, top);
    if (refused > 0)
        return fail("%d of the %d cuDNN files of %s cannot be adopted (above); nothing was changed", refused,
                    files->count, top);
    return 0;
}
