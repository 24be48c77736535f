/*
 * Whether a file may be loaded into a process (or read as part of a set):
 * every folder from / down to it, and the file itself, is owned by a trusted
 * owner (root, this user, or the owner of the store it belongs to) and can
 * be written by no one else. A folder others may write is accepted only when
 * it is sticky (as /tmp is) and the entry below it is trusted: nobody else
 * can then rename or replace that entry. The path is resolved first, so a
 * link, whatever its name, is judged by where it leads. One rule for the
 * shim and the manager (versions, verify, which, exec); libc only. Windows
 * has its own file for the same rule (set_trust_win32.c).
 *
 * Buffers are sized to the paths they hold (or come from realpath's
 * malloc), not PATH_MAX each: the shim runs this at a process's first cuDNN
 * call, where every fresh stack page is a page fault.
 */
#include "cudnnv_select.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cudnnv_trust_init(struct cudnnv_trust *trust, const char *user_root, const char *system_root)
{
    const char *roots[] = {user_root, system_root};
    struct stat info;
    trust->count = 0;
    trust->owners[trust->count++] = geteuid();
    for (int i = 0; i < 2; i++) {
        if (roots[i] != NULL && roots[i][0] != '\0' && stat(roots[i], &info) == 0)
            trust->owners[trust->count++] = info.st_uid;
    }
}

static int owner_trusted(const struct cudnnv_trust *trust, uid_t owner)
{
    if (owner == 0)
        return 1;
    for (int i = 0; i < trust->count; i++) {
        if (trust->owners[i] == owner)
            return 1;
    }
    return 0;
}

/*
 * One step of the path, as lstat saw it: its owner, and who may write it (a
 * sticky folder defers to its entry). The last step may be a link when
 * link_ok: its owner counts, what it leads to is checked on its own.
 */
static int judge_step(const struct cudnnv_trust *trust, const char *step, const struct stat *info, int last,
                      int link_ok, char *why, size_t size)
{
    if (S_ISLNK(info->st_mode) && !(last && link_ok)) {
        snprintf(why, size, "%s changed into a link while it was checked", step);
        return 0;
    }
    if (!owner_trusted(trust, info->st_uid)) {
        snprintf(why, size, "%s belongs to user %u, not to you, root or the store's owner", step,
                 (unsigned)info->st_uid);
        return 0;
    }
    int others_write = (info->st_mode & (S_IWGRP | S_IWOTH)) != 0 && !S_ISLNK(info->st_mode);
    if (others_write && !(S_ISDIR(info->st_mode) && (info->st_mode & S_ISVTX) && !last)) {
        snprintf(why, size, "%s can be written by another user", step);
        return 0;
    }
    return 1;
}

/*
 * Within one check of a set, a folder judged as the last step of a walk
 * (verified) need not be judged again, nor any folder above it unless it is
 * now the last step (a sticky /tmp passes as a step, not as an end).
 */
static int already_judged(const char *verified, const char *step, int last)
{
    size_t length = strlen(step);
    if (verified == NULL || verified[0] == '\0')
        return 0;
    if (strcmp(step, verified) == 0)
        return 1;
    return !last && strncmp(verified, step, length) == 0 && (verified[length] == '/' || length == 1);
}

/*
 * Every step of a resolved absolute path, from / down; a folder judged whole
 * is remembered in verified. With saw_link, the path need not be resolved: a
 * step that is a link (other than an allowed last one) stops the walk with
 * *saw_link set, for the caller to resolve it and walk again.
 */
static int walk_trusted(const struct cudnnv_trust *trust, const char *real, int link_ok, char *verified,
                        int *saw_link, char *why, size_t size)
{
    char step[strlen(real) + 1];
    struct stat info;
    int last_is_folder = 0;
    for (const char *slash = real;; slash = strchr(slash + 1, '/')) {
        size_t length = slash == NULL ? strlen(real) : slash == real ? 1 : (size_t)(slash - real);
        if (length >= sizeof step)
            break;
        memcpy(step, real, length);
        step[length] = '\0';
        int last = slash == NULL || (length == 1 && real[1] == '\0');
        if (!already_judged(verified, step, last)) {
            if (lstat(step, &info) != 0) {
                snprintf(why, size, "%s cannot be read: %s", step, strerror(errno));
                return 0;
            }
            if (saw_link != NULL && S_ISLNK(info.st_mode) && !(last && link_ok)) {
                *saw_link = 1;
                return 0;
            }
            if (!judge_step(trust, step, &info, last, link_ok, why, size))
                return 0;
            last_is_folder = last && S_ISDIR(info.st_mode);
        }
        if (last)
            break;
    }
    if (verified != NULL && last_is_folder && strlen(real) < PATH_MAX)
        strcpy(verified, real);
    return 1;
}

/* True when realpath would leave path as it is, but for links: absolute, no ".", ".." or empty step, no end '/'. */
static int is_plain_path(const char *path)
{
    size_t length = strlen(path);
    if (path[0] != '/' || length >= PATH_MAX || (length > 1 && path[length - 1] == '/'))
        return 0;
    return strstr(path, "//") == NULL && strstr(path, "/./") == NULL && strstr(path, "/../") == NULL &&
           !(length >= 2 && strcmp(path + length - 2, "/.") == 0) &&
           !(length >= 3 && strcmp(path + length - 3, "/..") == 0);
}
/*
 * The walk of a plain path as given, saving realpath's readlink a step: 1 or
 * 0 as walk_trusted says, -1 when the path must be resolved first.
 */
static int walk_plain(const struct cudnnv_trust *trust, const char *path, int link_ok, char *verified, char *why,
                      size_t size)
{
    int saw_link = 0;
    if (!is_plain_path(path))
        return -1;
    int trusted = walk_trusted(trust, path, link_ok, verified, &saw_link, why, size);
    return saw_link ? -1 : trusted;
}

static int trusted_path(const struct cudnnv_trust *trust, const char *path, char *verified, char *why, size_t size)
{
    int plain = walk_plain(trust, path, 0, verified, why, size);
    if (plain >= 0)
        return plain;
    char *real = realpath(path, NULL);
    if (real == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", path, strerror(errno));
        return 0;
    }
    int trusted = strlen(real) < PATH_MAX && walk_trusted(trust, real, 0, verified, NULL, why, size);
    free(real);
    return trusted;
}

/* 1 when path (resolved: a link is judged by where it leads) may be trusted; 0 with the reason in why. */
int cudnnv_trusted_path(const struct cudnnv_trust *trust, const char *path, char *why, size_t size)
{
    if (strlen(path) >= PATH_MAX) {   /* every buffer below is sized from the path */
        snprintf(why, size, "a path of %zu bytes is longer than this system allows", strlen(path));
        return 0;
    }
    return trusted_path(trust, path, NULL, why, size);
}

/* The entry itself, not resolved (a link's owner counts), under its resolved folder: who can replace it. */
static int entry_trusted(const struct cudnnv_trust *trust, const char *path, char *verified, char *why, size_t size)
{
    const char *slash = strrchr(path, '/');
    int plain = walk_plain(trust, path, 1, verified, why, size);
    if (plain >= 0)
        return plain;
    if (slash == NULL)
        return trusted_path(trust, path, verified, why, size);
    char parent[slash - path + 2];
    snprintf(parent, sizeof parent, "%.*s", (int)(slash - path), path);
    char *folder = realpath(parent[0] ? parent : "/", NULL);
    if (folder == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", parent, strerror(errno));
        return 0;
    }
    char real[strlen(folder) + strlen(slash) + 1];
    sprintf(real, "%s%s", strcmp(folder, "/") == 0 ? "" : folder, slash);
    free(folder);
    return strlen(real) < PATH_MAX && walk_trusted(trust, real, 1, verified, NULL, why, size);
}

/*
 * One entry of a folder already judged, opened as folder (real: its
 * resolved path): a file is judged by its own owner and mode, a link by
 * where it leads. A link within the folder (libcudnn.so.9 ->
 * libcudnn.so.9.1.0, as NVIDIA's archives hold them) is followed here, one
 * readlink a hop; a link that leads elsewhere (a linked set) gets the whole
 * walk from /. Calls relative to the open folder cost about half of those
 * on whole paths in a fresh process (one step of the path to look up, not
 * every one), and this runs for every library of a set at a first call.
 */
static int entry_trusted_at(const struct cudnnv_trust *trust, int folder, const char *real, const char *name,
                            char *why, size_t size)
{
    char path[strlen(real) + NAME_MAX + 2], target[NAME_MAX + 1], next[NAME_MAX + 1];
    struct stat info;
    snprintf(target, sizeof target, "%s", name);
    for (int hops = 0; hops < 8; hops++) {
        snprintf(path, sizeof path, "%s/%s", real, target);
        if (fstatat(folder, target, &info, AT_SYMLINK_NOFOLLOW) != 0)
            return 1;   /* a dangling link loads nothing */
        if (!S_ISLNK(info.st_mode))
            return judge_step(trust, path, &info, 1, 0, why, size);
        ssize_t length = readlinkat(folder, target, next, sizeof next - 1);
        if (length <= 0)
            break;
        next[length] = '\0';
        memcpy(target, next, (size_t)length + 1);
        if (strchr(target, '/') != NULL || strcmp(target, "..") == 0 || strcmp(target, ".") == 0)
            break;
    }
    return access(path, F_OK) != 0 || cudnnv_trusted_path(trust, path, why, size);
}

int cudnnv_trusted_entry(const struct cudnnv_trust *trust, const char *real, const char *name, char *why, size_t size)
{
    if (strlen(real) >= PATH_MAX || strlen(name) > NAME_MAX) {
        snprintf(why, size, "%s/%s is longer than this system allows", real, name);
        return 0;
    }
    int folder = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) {
        snprintf(why, size, "%s cannot be read: %s", real, strerror(errno));
        return 0;
    }
    int trusted = entry_trusted_at(trust, folder, real, name, why, size);
    close(folder);
    return trusted;
}

/*
 * A link of a trusted folder that names another libcudnn* entry of the same
 * folder (libcudnn.so.9 -> libcudnn.so.9.1.0): that entry is judged on its
 * own as the folder is read, and only trusted users could have made the
 * link, so it costs one readlink and no more.
 */
static int link_within(int folder, const char *name)
{
    char target[NAME_MAX + 1];
    ssize_t length = readlinkat(folder, name, target, sizeof target - 1);
    if (length <= 0)
        return 0;
    target[length] = '\0';
    return strncmp(target, "libcudnn", 8) == 0 && strchr(target, '/') == NULL;
}

struct library_listing {
    const struct cudnnv_trust *trust;
    int folder;
    const char *real;
    char *why;
    size_t size;
};

/* 0 while the entry is trusted (or not a library, or a link to another library of the folder), 1 at the first that is not. */
static int library_untrusted(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    const struct library_listing *listing = context;
    if (strncmp(name, "libcudnn", 8) != 0 || (kind == CUDNNV_ENTRY_UNSURE && link_within(listing->folder, name)))
        return 0;
    return !entry_trusted_at(listing->trust, listing->folder, listing->real, name, listing->why, listing->size);
}

/* Every libcudnn* entry of lib/ (real: its resolved path), whatever a link's name: judged by the file it leads to. */
static int libraries_trusted(const struct cudnnv_trust *trust, const char *real, char *why, size_t size)
{
    struct library_listing listing = {trust, open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC), real, why, size};
    if (listing.folder < 0)
        return 1;   /* as before: a folder that cannot be listed holds nothing to judge */
    int untrusted = cudnnv_each_entry_in(listing.folder, library_untrusted, &listing);
    close(listing.folder);
    return !untrusted;
}

/*
 * The set's resolved folder, on the heap, after its entry was judged: the
 * entry itself when the walk found a folder there (verified names it), else
 * where the link leads, judged from / on its own. NULL with why when not.
 */
static char *set_folder_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *verified, char *why,
                                size_t size)
{
    char *real;
    if (verified[0] != '\0')
        real = strdup(verified);
    else if (!trusted_path(trust, set_dir, verified, why, size))
        return NULL;
    else
        real = realpath(set_dir, NULL);
    if (real == NULL)
        snprintf(why, size, "%s cannot be resolved: %s", set_dir, strerror(errno));
    return real;
}

/*
 * A set as the shim would load it: its entry in versions/ (who could replace
 * it), the set's folder, lib/ and every libcudnn* file in it, each with every folder
 * above it (each folder judged once). 1 when all are trusted, with lib/'s
 * resolved path in real_lib ("" when the set has none); 0 with the first
 * reason in why.
 */
int cudnnv_set_trusted_lib(const struct cudnnv_trust *trust, const char *set_dir, char *real_lib, char *why,
                           size_t size)
{
    char verified[PATH_MAX];
    struct stat info;
    verified[0] = real_lib[0] = '\0';   /* not = "": that would clear a whole page */
    if (strlen(set_dir) >= PATH_MAX) {
        snprintf(why, size, "a set folder of %zu bytes is longer than this system allows", strlen(set_dir));
        return 0;
    }
    char *real_set = entry_trusted(trust, set_dir, verified, why, size)
                         ? set_folder_trusted(trust, set_dir, verified, why, size) : NULL;
    if (real_set == NULL)
        return 0;
    char path[strlen(real_set) + sizeof "/lib"];
    sprintf(path, "%s/lib", real_set);
    free(real_set);
    if (lstat(path, &info) != 0)
        return 1;   /* no lib/: nothing to load here (a Windows set) */
    if (S_ISDIR(info.st_mode) && strlen(path) < PATH_MAX) {   /* in the judged folder: judged as it is */
        memcpy(real_lib, path, strlen(path) + 1);
        return judge_step(trust, path, &info, 1, 0, why, size) && libraries_trusted(trust, real_lib, why, size);
    }
    if (realpath(path, real_lib) == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", path, strerror(errno));
        return 0;
    }
    return walk_trusted(trust, real_lib, 0, verified, NULL, why, size) && libraries_trusted(trust, real_lib, why, size);
}

int cudnnv_set_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *why, size_t size)
{
    char real_lib[PATH_MAX];
    return cudnnv_set_trusted_lib(trust, set_dir, real_lib, why, size);
}
