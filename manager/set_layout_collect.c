/*
 * Copies the cuDNN files of a located set into a new set directory: headers
 * cudnn*.h, libraries libcudnn*, DLLs cudnn*.dll, import libraries cudnn*.lib
 * and the licence, nothing else (a CUDA toolkit directory holds much more).
 * A link to a file of the same directory stays a link (libcudnn.so.8 ->
 * libcudnn.so.8.1.0); any other link is copied as the file it leads to, and
 * for an unpacked archive ("confined") that file must lie inside the archive.
 */
#include "set_source.h"

#include "fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct collect {
    const char *top;        /* what a confined link must stay inside */
    int confined;
    char *error;
    size_t error_size;
    int files;
    unsigned long long bytes;
};

/* A running count on a terminal: copying the real cuDNN 9 moves about 500 MiB. */
static void show_progress(struct collect *state, const struct stat *info)
{
    state->files++;
    state->bytes += (unsigned long long)info->st_size;
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rcudnnv: copying: %d files, %llu MiB ", state->files, state->bytes >> 20);
}

static int refuse(struct collect *state, const char *format, const char *path)
{
    snprintf(state->error, state->error_size, format, path, strerror(errno));
    return -1;
}

static int link_inside(const struct collect *state, const char *path)
{
    char resolved[PATH_MAX], top[PATH_MAX];
    if (realpath(path, resolved) == NULL || realpath(state->top, top) == NULL)
        return 0;
    size_t length = strlen(top);
    return strncmp(resolved, top, length) == 0 && resolved[length] == '/';
}

static int copy_link(struct collect *state, const char *from, const char *to)
{
    char target[PATH_MAX];
    ssize_t length = readlink(from, target, sizeof target - 1);
    if (length < 0)
        return refuse(state, "cannot read the link %s: %s", from);
    target[length] = '\0';
    if (strchr(target, '/') == NULL && strcmp(target, "..") != 0) {
        if (symlink(target, to) != 0)
            return refuse(state, "cannot create %s: %s", to);
        return 0;
    }
    if (state->confined && !link_inside(state, from)) {
        snprintf(state->error, state->error_size, "%s is a link leading outside the set", from);
        return -1;
    }
    if (copy_file(from, to, 0644) != 0)
        return refuse(state, "cannot copy %s: %s", from);
    return 0;
}

static int copy_entry(struct collect *state, const char *from, const char *to)
{
    struct stat info;
    if (lstat(from, &info) != 0)
        return refuse(state, "cannot read %s: %s", from);
    if (S_ISLNK(info.st_mode))
        return copy_link(state, from, to);
    if (!S_ISREG(info.st_mode))
        return 0;
    if (copy_file(from, to, (info.st_mode & 0111) ? 0755 : 0644) != 0)
        return refuse(state, "cannot copy %s: %s", from);
    show_progress(state, &info);
    return 0;
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
                       int confined, char *error, size_t size)
{
    struct collect state = {layout->root, confined, error, size, 0, 0};
    int status = 0;
    if (collect_dir(&state, layout->include_dir, destination, "include", "cudnn", ".h") != 0 ||
        collect_dir(&state, layout->lib_dir, destination, "lib", "libcudnn", "") != 0 ||
        collect_dir(&state, layout->bin_dir, destination, "bin", "cudnn", ".dll") != 0 ||
        collect_dir(&state, layout->import_dir, destination, "lib/x64", "cudnn", ".lib") != 0 ||
        collect_licence(&state, layout->root, destination) != 0)
        status = -1;
    if (state.files > 0 && isatty(STDERR_FILENO))
        fputc('\n', stderr);
    return status;
}
