/*
 * Adopted files moved out of the toolkit into a new backup folder of the
 * store, once their set installed and verified; should a move fail, the
 * files moved so far go back and the new set is removed: nothing changed.
 */
#include "adopt.h"
#include "fsutil.h"
#include "manifest.h"
#include "messages.h"
#include "store.h"

#include "store_layout.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The permission bits of a regular file (0644 when it cannot be read). */
static mode_t file_mode(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 ? (info.st_mode & 07777) : 0644;
}

/* Moves one file (or link) to the backup; across file systems, copies then removes. */
static int move_file(const char *from, const char *to)
{
    char target[PATH_MAX], folder[2 * PATH_MAX];
    snprintf(folder, sizeof folder, "%s", to);
    *strrchr(folder, '/') = '\0';
    if (make_dirs(folder, 0755) != 0)
        return -1;
    if (rename(from, to) == 0)
        return 0;
    if (errno != EXDEV)
        return -1;
    ssize_t length = readlink(from, target, sizeof target - 1);
    if (length >= 0) {
        target[length] = '\0';
        if (symlink(target, to) != 0)
            return -1;
    } else if (copy_file(from, to, file_mode(from)) != 0) {
        return -1;
    }
    return unlink(from);
}

/* Puts the files moved so far back where they were (newest first); 0 when all went back. */
static int move_back(const char *top, const struct adoption *files, int moved, const char *backup)
{
    char from[2 * PATH_MAX], to[2 * PATH_MAX];
    int status = 0;
    for (int i = moved - 1; i >= 0; i--) {
        snprintf(from, sizeof from, "%s/%s", backup, files->paths[i]);
        snprintf(to, sizeof to, "%s/%s", top, files->paths[i]);
        if (move_file(from, to) != 0)
            status = -1;
    }
    return status;
}

/* Takes the set made from the toolkit out of the store again (a move failed). */
static void forget_set(const char *name)
{
    int lock = store_begin_change(store_root());
    if (lock < 0)
        return;
    store_remove_set(store_root(), name);
    store_unlock(lock);
}

/* The backup folder: a new one each time (two adopts in one second never share one). */
static int new_backup(char *backup, size_t size)
{
    char stamp[32], folder[PATH_MAX];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", gmtime(&now));
    if (cudnnv_store_path(folder, sizeof folder, store_root(), CUDNNV_STORE_BACKUPS, NULL) != 0 ||
        make_dirs(folder, 0700) != 0 ||
        snprintf(backup, size, "%s/adopted-%s-XXXXXX", folder, stamp) >= (int)size || mkdtemp(backup) == NULL)
        return fail("cannot make a backup folder in %s: %s; nothing was moved", folder, strerror(errno));
    return 0;
}

int adopt_move_out(const char *top, const struct adoption *files, const char *name, char *backup, size_t size)
{
    char from[2 * PATH_MAX], to[2 * PATH_MAX];
    if (new_backup(backup, size) != 0) {
        forget_set(name);
        return 1;
    }
    for (int i = 0; i < files->count; i++) {
        snprintf(from, sizeof from, "%s/%s", top, files->paths[i]);
        snprintf(to, sizeof to, "%s/%s", backup, files->paths[i]);
        if (move_file(from, to) == 0)
            continue;
        const char *why = strerror(errno);
        if (move_back(top, files, i, backup) != 0)
            return fail("cannot move %s to %s: %s; some files could not go back: they are in %s", from, to, why,
                        backup);
        forget_set(name);
        remove_tree(backup);
        return fail("cannot move %s to %s: %s; the files moved so far went back and the set %s was removed: nothing changed",
                    from, to, why, name);
    }
    return 0;
}

static void no_report(const char *kind, const char *path, void *user)
{
    (void)kind;
    (void)path;
    (void)user;
}

int adopt_verify_set(const char *name)
{
    char set_dir[PATH_MAX];
    struct verify_result result;
    store_set_dir(store_root(), name, set_dir, sizeof set_dir);
    if (manifest_verify(set_dir, &result, no_report, NULL, NULL) != 0 || result.missing + result.changed > 0)
        return fail("the new set %s does not verify; nothing was moved", name);
    return 0;
}
