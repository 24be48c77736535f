/*
 * cudnnv adopt CUDA_DIR: the cuDNN files that were copied into a CUDA
 * toolkit folder (the old way: NVIDIA's tar instructions into
 * /usr/local/cuda/lib64, or Windows' copy into CUDA's bin, include and
 * lib\x64) become a set in the store, verified, and are then moved out of
 * the toolkit into a backup folder in the store; every other file of the
 * toolkit stays as it was. Nothing moves unless the set installed and
 * verified. Refused before anything changes: a file that is not a regular
 * file or a link to one inside the toolkit (a FIFO, a device, a link to a
 * file elsewhere, whose content would be copied into the store), and a
 * file this user cannot move (a folder it cannot write, a sticky folder of
 * someone else's files). Should a move still fail, the files already moved
 * go back and the new set is removed.
 */
#include "args.h"
#include "platform.h"
#include "commands.h"
#include "fsutil.h"
#include "manifest.h"
#include "set_source.h"
#include "store.h"

#include "cudnnv_select.h"
#include "helper_names.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ADOPT_MAX_FILES 256

enum { ADOPT_DRY_RUN, ADOPT_NAME };

static const struct option_spec options[] = {
    [ADOPT_DRY_RUN] = {.name = "--dry-run", .help = "list what would move, and change nothing"},
    [ADOPT_NAME] = {.name = "--name", .value_name = "NAME", .help = "the set's name (default: its version)"},
    {.name = NULL},
};

struct adoption {
    char paths[ADOPT_MAX_FILES][PATH_MAX];   /* relative to the toolkit folder */
    int count;
};

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

static void list_cudnn_files(const struct set_layout *layout, const char *top, struct adoption *files)
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
    struct stat folder, file;
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = '\0';
    if (access(dir, W_OK) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return why;
    }
#ifndef _WIN32   /* a sticky folder lets only a file's owner (or the folder's, or root) move it */
    uid_t user = geteuid();
    if (stat(dir, &folder) == 0 && lstat(path, &file) == 0 && (folder.st_mode & S_ISVTX) && user != 0 &&
        file.st_uid != user && folder.st_uid != user) {
        snprintf(why, size, "its folder is sticky and the file is another user's");
        return why;
    }
#else
    (void)folder;
    (void)file;
#endif
    return NULL;
}

/*
 * Every file is checked before anything changes: what it is, and that this
 * user can move it. Files that are not cuDNN's to adopt are listed (20 at
 * most); files this user may not move are one line, with the command that
 * can (cudnnv by its full path: sudo's PATH may not hold it). Then nothing
 * happens.
 */
static int require_adoptable(const char *top, const struct adoption *files)
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

/* Installs the folder as a set through the install helper; its name into name. */
static int install_folder(const char *top, const char *requested_name, char *name, size_t size)
{
    char output[4096];
    char *argv[] = {"install", "--json", requested_name ? "--name" : (char *)top,
                    requested_name ? (char *)requested_name : NULL, requested_name ? (char *)top : NULL, NULL};
    int status = helper_run_capture(HELPER_INSTALL, &command_install, argv, output, sizeof output);
    const char *key = strstr(output, "{\"name\": \"");
    if (status != 0 || key == NULL)
        return fail("%s did not become a set (see above); nothing was moved", top);
    key += strlen("{\"name\": \"");
    size_t length = strcspn(key, "\"");
    snprintf(name, size, "%.*s", (int)length, key);
    return cudnnv_name_is_valid(name) ? 0 : fail("the new set has an unexpected name; nothing was moved");
}

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
    if (path_join(folder, sizeof folder, store_root(), "backups") != 0 || make_dirs(folder, 0700) != 0 ||
        snprintf(backup, size, "%s/adopted-%s-XXXXXX", folder, stamp) >= (int)size || mkdtemp(backup) == NULL)
        return fail("cannot make a backup folder in %s/backups: %s; nothing was moved", store_root(), strerror(errno));
    return 0;
}

static int move_out(const char *top, const struct adoption *files, const char *name, char *backup, size_t size)
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

static int verify_set(const char *name)
{
    char set_dir[PATH_MAX];
    struct verify_result result;
    store_set_dir(store_root(), name, set_dir, sizeof set_dir);
    if (manifest_verify(set_dir, &result, no_report, NULL, NULL) != 0 || result.missing + result.changed > 0)
        return fail("the new set %s does not verify; nothing was moved", name);
    return 0;
}

static int run(struct args *args)
{
    struct set_layout layout;
    static struct adoption files;
    char top[PATH_MAX], name[CUDNNV_NAME_MAX + 1], backup[PATH_MAX + 64];
    const char *requested_name = args->value[ADOPT_NAME], *dir = args->count ? args->operand[0] : NULL;
    int dry_run = args_has(args, ADOPT_DRY_RUN);
    if (requested_name != NULL && !cudnnv_name_is_valid(requested_name))
        return usage_fail("adopt", "invalid --name '%s': a name has %s", requested_name, cudnnv_name_rule());
    if (realpath(dir, top) == NULL || !is_directory(top))
        return fail("no such directory: '%s'", dir);
    if (!set_layout_at(top, &layout))
        return fail("%s holds no cuDNN (no lib/libcudnn*, lib64/libcudnn* or bin/cudnn*.dll); nothing to adopt", top);
    list_cudnn_files(&layout, top, &files);
    if (dry_run) {
        for (int i = 0; i < files.count; i++)
            printf("%s/%s\n", top, files.paths[i]);
        note("adopt would make these %d files a set and move them out of %s", files.count, top);
        return 0;
    }
    if (require_adoptable(top, &files) != 0 || install_folder(top, requested_name, name, sizeof name) != 0 ||
        verify_set(name) != 0 || move_out(top, &files, name, backup, sizeof backup) != 0)
        return 1;
    note("adopted %d cuDNN files of %s as the set %s; they were moved to %s (delete it when you no longer need it)",
         files.count, top, name, backup);
    return 0;
}

const struct command command_adopt = {
    .name = "adopt",
    .run = run,
    .options = options,
    .operands = {.usage = "CUDA_DIR", .complete = COMPLETE_DIRS, .min = 1, .max = 1,
                 .missing = "give the CUDA toolkit folder"},
};
