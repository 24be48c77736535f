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
 */
#include "cudnnv_select.h"

#include <dirent.h>
#include <errno.h>
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

/* Every step of a resolved absolute path, from / down; a folder judged whole is remembered in verified. */
static int walk_trusted(const struct cudnnv_trust *trust, const char *real, int link_ok, char *verified, char *why,
                        size_t size)
{
    char step[PATH_MAX];
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

static int trusted_path(const struct cudnnv_trust *trust, const char *path, char *verified, char *why, size_t size)
{
    char real[PATH_MAX];
    if (realpath(path, real) == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", path, strerror(errno));
        return 0;
    }
    return walk_trusted(trust, real, 0, verified, why, size);
}

/* 1 when path (resolved: a link is judged by where it leads) may be trusted; 0 with the reason in why. */
int cudnnv_trusted_path(const struct cudnnv_trust *trust, const char *path, char *why, size_t size)
{
    return trusted_path(trust, path, NULL, why, size);
}

/* The entry itself, not resolved (a link's owner counts), under its resolved folder: who can replace it. */
static int entry_trusted(const struct cudnnv_trust *trust, const char *path, char *verified, char *why, size_t size)
{
    char parent[PATH_MAX], real[PATH_MAX + NAME_MAX + 2];
    const char *slash = strrchr(path, '/');
    if (slash == NULL || (size_t)(slash - path) >= sizeof parent)
        return trusted_path(trust, path, verified, why, size);
    memcpy(parent, path, (size_t)(slash - path));
    parent[slash - path] = '\0';
    if (realpath(parent[0] ? parent : "/", real) == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", parent, strerror(errno));
        return 0;
    }
    snprintf(real + strlen(real), sizeof real - strlen(real), "/%s", slash + 1);
    return walk_trusted(trust, real, 1, verified, why, size);
}

/*
 * One entry of a folder already judged (real: its resolved path): a file is
 * judged by its own owner and mode, a link by where it leads. A link within
 * the folder (libcudnn.so.9 -> libcudnn.so.9.1.0, as NVIDIA's archives hold
 * them) is followed here, one readlink a hop; a link that leads elsewhere (a
 * linked set) gets the whole walk from /. This keeps the first call's cost
 * at a few system calls a library instead of two for every folder above it.
 */
int cudnnv_trusted_entry(const struct cudnnv_trust *trust, const char *real, const char *name, char *why, size_t size)
{
    char path[PATH_MAX + NAME_MAX + 2], target[NAME_MAX + 1];
    struct stat info;
    snprintf(target, sizeof target, "%s", name);
    for (int hops = 0; hops < 8; hops++) {
        snprintf(path, sizeof path, "%s/%s", real, target);
        if (lstat(path, &info) != 0)
            return 1;   /* a dangling link loads nothing */
        if (!S_ISLNK(info.st_mode))
            return judge_step(trust, path, &info, 1, 0, why, size);
        ssize_t length = readlink(path, target, sizeof target - 1);
        if (length <= 0)
            break;
        target[length] = '\0';
        if (strchr(target, '/') != NULL || strcmp(target, "..") == 0 || strcmp(target, ".") == 0)
            break;
    }
    return access(path, F_OK) != 0 || cudnnv_trusted_path(trust, path, why, size);
}

/*
 * A link of a trusted folder that names another libcudnn* entry of the same
 * folder (libcudnn.so.9 -> libcudnn.so.9.1.0): that entry is judged on its
 * own as the folder is read, and only trusted users could have made the
 * link, so it costs one readlink and no more.
 */
static int link_within(const char *real, const char *name)
{
    char path[PATH_MAX + NAME_MAX + 2], target[NAME_MAX + 1];
    snprintf(path, sizeof path, "%s/%s", real, name);
    ssize_t length = readlink(path, target, sizeof target - 1);
    if (length <= 0)
        return 0;
    target[length] = '\0';
    return strncmp(target, "libcudnn", 8) == 0 && strchr(target, '/') == NULL;
}

/* Every libcudnn* entry of lib/ (real: its resolved path), whatever a link's name: judged by the file it leads to. */
static int libraries_trusted(const struct cudnnv_trust *trust, const char *real, char *why, size_t size)
{
    int trusted = 1;
    DIR *handle = opendir(real);
    struct dirent *entry;
    while (trusted && handle != NULL && (entry = readdir(handle)) != NULL) {
        if (strncmp(entry->d_name, "libcudnn", 8) != 0 || (entry->d_type == DT_LNK && link_within(real, entry->d_name)))
            continue;
        trusted = cudnnv_trusted_entry(trust, real, entry->d_name, why, size);
    }
    if (handle != NULL)
        closedir(handle);
    return trusted;
}

/*
 * The set's resolved folder after its entry was judged: the entry itself
 * when the walk found a folder there (verified names it), else where the
 * link leads, judged from / on its own.
 */
static int set_folder_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *verified, char *real,
                              char *why, size_t size)
{
    if (verified[0] != '\0') {
        strcpy(real, verified);
        return 1;
    }
    if (!trusted_path(trust, set_dir, verified, why, size))
        return 0;
    if (realpath(set_dir, real) == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", set_dir, strerror(errno));
        return 0;
    }
    return 1;
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
    char path[PATH_MAX + 8], real_set[PATH_MAX], verified[PATH_MAX] = "";
    struct stat info;
    real_lib[0] = '\0';
    if (!entry_trusted(trust, set_dir, verified, why, size) ||
        !set_folder_trusted(trust, set_dir, verified, real_set, why, size))
        return 0;
    snprintf(path, sizeof path, "%s/lib", real_set);
    if (lstat(path, &info) != 0)
        return 1;   /* no lib/: nothing to load here (a Windows set) */
    if (S_ISDIR(info.st_mode) && strlen(path) < PATH_MAX)
        memcpy(real_lib, path, strlen(path) + 1);
    else if (realpath(path, real_lib) == NULL) {
        snprintf(why, size, "%s cannot be resolved: %s", path, strerror(errno));
        return 0;
    }
    return walk_trusted(trust, real_lib, 0, verified, why, size) && libraries_trusted(trust, real_lib, why, size);
}

int cudnnv_set_trusted(const struct cudnnv_trust *trust, const char *set_dir, char *why, size_t size)
{
    char real_lib[PATH_MAX];
    return cudnnv_set_trusted_lib(trust, set_dir, real_lib, why, size);
}
