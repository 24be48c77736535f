/*
 * The store's layout and its changes. Every change runs under one lock
 * (locks/store.lock, flock): a set is built in staging/ and appears under
 * versions/ by one rename, so a failed or killed install leaves nothing
 * there; what a killed one left in staging/ is cleared by the next change.
 */
#define _GNU_SOURCE
#include "store.h"

#include "messages.h"
#include "fsutil.h"
#include "platform.h"

#include "cudnnv_select.h"
#include "store_layout.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root_path[PATH_MAX];   /* store_root's answer, kept for the process */

/* A relative CUDNNV_ROOT, from the working folder: apart, so that the usual case's frame holds no PATH_MAX buffer. */
static __attribute__((noinline)) int compose_relative_root(const char *configured, char *out, size_t size)
{
    char cwd[PATH_MAX];
    int n = snprintf(out, size, "%s/%s", getcwd(cwd, sizeof cwd) ? cwd : ".", configured);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Copies text and then tail into out; 0, or -1 when they do not fit. Plain copies: the prompt's path has no
 * printf, whose first call faults in pages of libc's code. */
static int copy_two(char *out, size_t size, const char *text, const char *tail)
{
    size_t length = strlen(text), tail_length = strlen(tail);
    if (length + tail_length >= size)
        return -1;
    memcpy(out, text, length);
    memcpy(out + length, tail, tail_length + 1);
    return 0;
}

/* Writes the store's path: CUDNNV_ROOT (made absolute), else HOME/.cudnnv. */
static int compose_root(char *out, size_t size)
{
    const char *configured = getenv("CUDNNV_ROOT");
    if (configured != NULL && configured[0] != '\0' && !platform_path_is_absolute(configured))
        return compose_relative_root(configured, out, size);
    if (configured != NULL && configured[0] != '\0')
        return copy_two(out, size, configured, "");
    if (platform_home(out, size) != 0)
        return -1;
    size_t home = strlen(out);
    return copy_two(out + home, size - home, "", "/.cudnnv");
}

/*
 * The system store (CUDNNV_SYSTEM_ROOT, else the build's default): read-only
 * for users, searched after their own store by the selection.
 */
static int system_holds_sets;   /* the system store has a versions/ folder: the selection searches it */

const char *store_system_root(void)
{
    static const char *system_path;   /* at its own length: a PATH_MAX buffer would be one more page to touch */
    if (system_path == NULL) {
        const char *configured = getenv("CUDNNV_SYSTEM_ROOT");
        const char *path = configured != NULL ? configured : PLATFORM_SYSTEM_ROOT;
        char sets[strlen(path) + CUDNNV_STORE_PATH_EXTRA];
        struct stat info;
        /* one stat where there is none (most machines), not a readlink per part of its path */
        system_holds_sets = platform_path_is_absolute(path) &&
                            cudnnv_store_path(sets, sizeof sets, path, CUDNNV_STORE_SETS, NULL) == 0 &&
                            stat(sets, &info) == 0 && S_ISDIR(info.st_mode);
        char *real = system_holds_sets ? realpath(path, NULL) : NULL;
        system_path = real != NULL ? real : path;
    }
    return system_path;
}

const char *store_root(void)
{
    char resolved[PATH_MAX];
    if (root_path[0] != '\0')
        return root_path;
    if (compose_root(root_path, sizeof root_path) != 0) {
        fail("the store's path (CUDNNV_ROOT or HOME) is longer than %d bytes; set CUDNNV_ROOT to a shorter one",
             PATH_MAX - 1);
        exit(EXIT_USER_ERROR);
    }
    size_t length = strlen(root_path);
    while (length > 1 && root_path[length - 1] == '/')
        root_path[--length] = '\0';
    if (realpath(root_path, resolved) != NULL)
        strcpy(root_path, resolved);
    /* as the shim does: a system store without sets is not searched (the selection then asks nothing of it) */
    const char *system = store_system_root();
    cudnnv_set_system_root(system_holds_sets ? system : "");
    return root_path;
}

/*
 * Creates the layout. The store's root is then resolved to its real path, in place
 * (store_root's buffer): a root reached through a symbolic link must not
 * make the archive extraction, which refuses to write through links, fail.
 */
int store_prepare(const char *where)
{
    static const enum cudnnv_store_place parts[] = {CUDNNV_STORE_SETS, CUDNNV_STORE_SHIMS, CUDNNV_STORE_CACHE,
                                                    CUDNNV_STORE_STAGING, CUDNNV_STORE_LOCKS};
    char path[PATH_MAX], resolved[PATH_MAX];
    if (make_dirs(where, 0755) != 0)
        return fail("cannot create the store %s: %s; set CUDNNV_ROOT to a writable directory",
                    where, strerror(errno));
    if (where == root_path && realpath(root_path, resolved) != NULL)
        strcpy(root_path, resolved);
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (cudnnv_store_path(path, sizeof path, where, parts[i], NULL) != 0 || make_dirs(path, 0755) != 0)
            return fail("cannot create %s: %s", path, strerror(errno));
    }
    return 0;
}

/* The folder of an installed set, in the user's store or else the system store. */
int store_set_dir(const char *root, const char *name, char *out, size_t size)
{
    return cudnnv_set_dir(root, name, out, size) ? 0 : -1;
}

/* Where a set of this store is (or will be) kept: only ever the store itself, which changes write to. */
int store_own_set_dir(const char *root, const char *name, char *out, size_t size)
{
    return cudnnv_store_path(out, size, root, CUDNNV_STORE_SET, name);
}

/*
 * Takes locks/NAME, waiting (and saying so) while another cudnnv holds it.
 * "store.lock" serialises changes of versions/ and the shims; "download.lock"
 * serialises downloads into cache/ (so a slow download never holds up the
 * store); "catalog.lock" serialises updates of the catalog. A lock file is
 * never followed through a link.
 */
int store_lock_named(const char *root, const char *name, const char *holder_doing)
{
    char locks[PATH_MAX], path[PATH_MAX];
    if (cudnnv_store_path(locks, sizeof locks, root, CUDNNV_STORE_LOCKS, NULL) != 0 ||
        path_join(path, sizeof path, locks, name) != 0) {
        fail("the store's path %s is too long", root);
        return -1;
    }
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        fail("cannot open the lock %s: %s", path, strerror(errno));
        return -1;
    }
    if (platform_lock(fd, 0) != 0) {
        note("waiting for another cudnnv that is %s (%s)", holder_doing, path);
        if (platform_lock(fd, 1) != 0) {
            fail("cannot lock the store: %s", strerror(errno));
            close(fd);
            return -1;
        }
    }
    return fd;
}

int store_lock(const char *root)
{
    return store_lock_named(root, "store.lock", "changing the store");
}

void store_unlock(int fd)
{
    if (fd >= 0)
        close(fd);
}

/*
 * A new folder under the area (CUDNNV_STORE_STAGING for changes of the store,
 * under its lock; CUDNNV_STORE_CATALOG_STAGING for updates of the catalog,
 * under theirs).
 */
int store_new_staging_in(const char *root, enum cudnnv_store_place area, const char *purpose, char *out, size_t size)
{
    char folder[PATH_MAX];
    if (cudnnv_store_path(folder, sizeof folder, root, area, NULL) != 0 || make_dirs(folder, 0755) != 0)
        return fail("cannot create the folder %s: %s", folder, strerror(errno));
    int n = snprintf(out, size, "%s/%s.XXXXXX", folder, purpose);
    if (n < 0 || (size_t)n >= size || mkdtemp(out) == NULL)
        return fail("cannot create a staging directory under %s: %s", folder, strerror(errno));
    return 0;
}

int store_new_staging(const char *root, const char *purpose, char *out, size_t size)
{
    return store_new_staging_in(root, CUDNNV_STORE_STAGING, purpose, out, size);
}

/* Only called with AREA's lock held: whatever is in it then was left by a killed change. */
static int remove_stale(const char *name, void *area)
{
    char path[PATH_MAX];
    if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && path_join(path, sizeof path, area, name) == 0)
        remove_tree(path);
    return 0;   /* every entry */
}

void store_clear_stale_area(const char *root, enum cudnnv_store_place area)
{
    char dir[PATH_MAX];
    if (cudnnv_store_path(dir, sizeof dir, root, area, NULL) == 0)
        dir_has_entry(dir, remove_stale, dir);
}

/* What every change does first: the layout, the lock, and a clean staging/. Returns the lock, or -1. */
int store_begin_change(const char *root)
{
    if (store_prepare(root) != 0)
        return -1;
    int lock = store_lock(root);
    if (lock >= 0)
        store_clear_stale_area(root, CUDNNV_STORE_STAGING);
    return lock;
}

/*
 * Moves a finished tree (a set, a runtime, a label's CUDA libraries) to
 * target, creating the folder above it; with replace, swaps it with the old
 * one atomically and deletes the old. Its files were flushed as they were
 * written; its folders are flushed here, before the rename that makes it
 * visible, and the folder above after it, so a power loss cannot publish a
 * tree whose files are not on the disk. what names it in messages.
 */
int store_publish_tree(const char *staged, const char *target, int replace, const char *what)
{
    char above[PATH_MAX];
    snprintf(above, sizeof above, "%s", target);
    if (strrchr(above, '/') != NULL)
        *strrchr(above, '/') = '\0';
    if (make_dirs(above, 0755) != 0)
        return fail("cannot create %s: %s", above, strerror(errno));
    if (sync_tree_directories(staged) != 0)
        return fail("cannot flush %s to the disk: %s", what, strerror(errno));
    if (rename(staged, target) == 0)
        return platform_sync_directory(above) == 0 ? 0 : fail("cannot flush %s: %s", above, strerror(errno));
    if (!replace || (errno != EEXIST && errno != ENOTEMPTY))
        return fail("cannot move %s into %s: %s", what, target, strerror(errno));
    if (platform_exchange(staged, target) != 0)
        return fail("cannot replace %s: %s", target, strerror(errno));
    remove_tree(staged);
    return 0;
}

int store_publish(const char *root, const char *staged, const char *name, int replace)
{
    char target[PATH_MAX];
    if (store_own_set_dir(root, name, target, sizeof target) != 0)
        return fail("set path too long for '%s'", name);
    return store_publish_tree(staged, target, replace, "the new set");
}

/* Takes a set out of versions/ by one rename, then deletes it. */
int store_remove_tree(const char *root, const char *target)
{
    char trash[PATH_MAX], moved[PATH_MAX];
    if (store_new_staging(root, "remove", trash, sizeof trash) != 0)
        return 1;
    path_join(moved, sizeof moved, trash, "tree");
    if (rename(target, moved) != 0) {
        remove_tree(trash);
        return fail("cannot remove %s: %s", target, strerror(errno));
    }
    remove_tree(trash);
    return 0;
}

int store_remove_set(const char *root, const char *name)
{
    char target[PATH_MAX], moved[PATH_MAX];
    if (store_own_set_dir(root, name, target, sizeof target) != 0)
        return fail("set path too long for '%s'", name);
    if (store_remove_tree(root, target) != 0)
        return 1;
    /* which CUDA libraries it loaded (install --with-cuda-libs): no longer anyone's; the CUDA libraries stay for others */
    if (cudnnv_store_path(moved, sizeof moved, root, CUDNNV_STORE_COMPANION_LIST, name) == 0)
        unlink(moved);
    return 0;
}

/*
 * NVIDIA's wheels give cuDNN 9's libraries RUNPATH $ORIGIN/../../cublas/lib,
 * $ORIGIN/../../cuda_nvrtc/lib and $ORIGIN/../../cu13/lib: from a set's lib/
 * in the store those are versions/cublas/lib and the like, so a set of that
 * name would be searched by every set that came from a wheel. Such names are
 * refused; NULL when name is free of that.
 */
const char *store_name_problem(const char *name)
{
    size_t digits = strncmp(name, "cu", 2) == 0 ? strspn(name + 2, "0123456789") : 0;
    if (strcmp(name, "cublas") == 0 || strcmp(name, "cuda_nvrtc") == 0 || (digits > 0 && name[2 + digits] == '\0'))
        return "names a folder that NVIDIA's wheels search for CUDA libraries ($ORIGIN/../../NAME/lib in their RUNPATH), so every set from a wheel would search this one";
    return NULL;
}
