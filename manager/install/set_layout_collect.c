/*
 * Copies the cuDNN files of a located set into a new set directory: headers
 * cudnn*.h, libraries libcudnn*, DLLs cudnn*.dll, import libraries cudnn*.lib
 * and the licence, nothing else (a CUDA toolkit directory holds much more).
 * A link to a file of the same directory stays a link (libcudnn.so.8 ->
 * libcudnn.so.8.1.0); any other link is copied as the file it leads to.
 * For an unpacked archive ("confined" to its top directory) every file is
 * opened by a walk below that top (beneath.c), and only regular files
 * reached that way are taken: nothing outside the archive can be copied in.
 * (cudnnv.exe writes no links when it unpacks, archive_stage_win32.c, so
 * there the tree is read by its paths.) Those files are cudnnv's own (its
 * staging folder), so each becomes the set's by a hard link to the very
 * file opened, not a second copy (a cuDNN 9 archive unpacks to about 1 GB);
 * across file systems it is copied.
 */
#include "set_layout_collect.h"

#include "beneath.h"
#include "fsutil.h"
#include "platform.h"
#include "progress.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct collect {
    int own;                /* the files are cudnnv's own, unpacked into its staging folder */
    int top;                /* the archive's top directory (Linux), or -1: opened by path */
    size_t top_length;      /* its path's length: what to cut from a path below it */
    char *error;
    size_t error_size;
    int files;
    unsigned long long bytes;
    struct progress progress;
};

/* A running count on a terminal: copying the real cuDNN 9 moves about 500 MiB. */
static void show_progress(struct collect *state, const struct stat *info)
{
    state->files++;
    state->bytes += (unsigned long long)info->st_size;
    progress_show(&state->progress, "copying: %d files, %llu MiB", state->files, state->bytes >> 20);
}

static int refuse(struct collect *state, const char *format, const char *path)
{
    snprintf(state->error, state->error_size, format, path, strerror(errno));
    return -1;
}

/* Opens the file a path leads to: below the archive's top when confined. */
static int open_source(const struct collect *state, const char *path)
{
    if (state->top < 0)
        return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (path[state->top_length] != '/') {
        errno = EXDEV;
        return -1;
    }
    return beneath_open(state->top, path + state->top_length + 1, O_RDONLY | O_NONBLOCK);
}

/*
 * An unpacked archive's file joins the set by a hard link to the opened file
 * itself (on Linux through /proc/self/fd: no second lookup of the name; in
 * cudnnv.exe by its path, in a tree that holds no links), flushed as a copy
 * would be. -1 when that cannot be done (another file system).
 */
static int link_opened(int in, const char *from, const char *to, mode_t mode)
{
    return platform_link_opened(in, from, to, mode);
}

/* Copies the regular file path leads to; anything else reached is left out. */
static int copy_regular(struct collect *state, const char *from, const char *to)
{
    struct stat info;
    int in = open_source(state, from);
    if (in < 0 && errno == EXDEV) {
        snprintf(state->error, state->error_size, "%s is a link leading outside the set", from);
        return -1;
    }
    if (in < 0)
        return refuse(state, "cannot read %s: %s", from);
    int status = 0;
    if (fstat(in, &info) != 0)
        status = refuse(state, "cannot read %s: %s", from);
    else if (S_ISREG(info.st_mode)) {
        /* never more open than the source: a link to a private file must not make it world-readable */
        mode_t mode = info.st_mode & ((info.st_mode & 0111) ? 0755 : 0644);
        if ((!state->own || link_opened(in, from, to, mode) != 0) && copy_from_descriptor(in, to, mode) != 0)
            status = refuse(state, "cannot copy %s: %s", from);
        else
            show_progress(state, &info);
    }
    close(in);
    return status;
}

static int copy_entry(struct collect *state, const char *from, const char *to)
{
    char target[PATH_MAX];
    struct stat info;
    if (lstat(from, &info) != 0)
        return refuse(state, "cannot read %s: %s", from);
    if (S_ISLNK(info.st_mode)) {
        ssize_t length = readlink(from, target, sizeof target - 1);
        if (length < 0)
            return refuse(state, "cannot read the link %s: %s", from);
        target[length] = '\0';
        if (strchr(target, '/') == NULL && strcmp(target, "..") != 0 && strcmp(target, ".") != 0) {
            if (symlink(target, to) != 0)
                return refuse(state, "cannot create %s: %s", to);
            return 0;
        }
    } else if (!S_ISREG(info.st_mode)) {
        return 0;
    }
    return copy_regular(state, from, to);
}

/* Copies the entries of from_dir whose names match into destination/to_relative. */
static int collect_dir(struct collect *state, const char *from_dir, const char *destination,
                       const char *to_relative, const char *prefix, const char *suffix)
{
    char to_dir[PATH_MAX], from[PATH_MAX], to[PATH_MAX];
    if (from_dir[0] == '\0')
        return 0;
    path_join(to_dir, sizeof to_dir, destination, to_relative);
    if (make_dirs(to_dir, 0755) != 0)
        return refuse(state, "cannot create %s: %s", to_dir);
    DIR *dir = opendir(from_dir);
    if (dir == NULL)
        return refuse(state, "cannot read %s: %s", from_dir);
    int status = 0;
    struct dirent *entry;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        if (!name_has_affixes(entry->d_name, prefix, suffix))
            continue;
        path_join(from, sizeof from, from_dir, entry->d_name);
        path_join(to, sizeof to, to_dir, entry->d_name);
        status = copy_entry(state, from, to);
    }
    closedir(dir);
    return status;
}

static int collect_licence(struct collect *state, const char *root, const char *destination)
{
    static const char *names[] = {"LICENSE", "LICENSE.txt", "NVIDIA_SLA_cuDNN_Support.txt"};
    char from[PATH_MAX], to[PATH_MAX];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        path_join(from, sizeof from, root, names[i]);
        path_join(to, sizeof to, destination, names[i]);
        if (is_regular_file(from) && copy_entry(state, from, to) != 0)
            return -1;
    }
    return 0;
}

int set_layout_collect(const struct set_layout *layout, const char *destination,
                       const char *confined_top, char *error, size_t size)
{
    struct collect state = {.own = confined_top != NULL, .top = -1, .error = error, .error_size = size};
    progress_start(&state.progress);
    if (confined_top != NULL && PLATFORM_LINKS) {
        state.top = open(confined_top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        state.top_length = strlen(confined_top);
        if (state.top < 0) {
            errno = errno ? errno : ENOENT;
            return refuse(&state, "cannot read %s: %s", confined_top);
        }
    }
    int status = 0;
    if (collect_dir(&state, layout->include_dir, destination, "include", "cudnn", ".h") != 0 ||
        collect_dir(&state, layout->lib_dir, destination, "lib", "libcudnn", "") != 0 ||
        collect_dir(&state, layout->bin_dir, destination, "bin", "cudnn", ".dll") != 0 ||
        collect_dir(&state, layout->import_dir, destination, "lib/x64", "cudnn", ".lib") != 0 ||
        collect_licence(&state, layout->root, destination) != 0)
        status = -1;
    progress_stop(&state.progress);
    if (state.top >= 0)
        close(state.top);
    return status;
}
