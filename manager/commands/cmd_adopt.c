/*
 * cudnnv adopt CUDA_DIR: the cuDNN files that were copied into a CUDA
 * toolkit folder (the old way: NVIDIA's tar instructions into
 * /usr/local/cuda/lib64, or Windows' copy into CUDA's bin, include and
 * lib\x64) become a set in the store, verified, and are then moved out of
 * the toolkit into a backup folder in the store; every other file of the
 * toolkit stays as it was. Nothing moves unless the set installed and
 * verified; a folder the user cannot write is refused before anything.
 */
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "manifest.h"
#include "set_source.h"
#include "store.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Every folder a file leaves must be writable by this user: checked before anything changes. */
static int require_writable(const char *top, const struct adoption *files)
{
    char dir[PATH_MAX + 8];
    for (int i = 0; i < files->count; i++) {
        snprintf(dir, sizeof dir, "%s/%s", top, files->paths[i]);
        *strrchr(dir, '/') = '\0';
        if (access(dir, W_OK) != 0) {
            const char *why = strerror(errno);   /* before store_root(), which may set errno */
            return fail("cannot move cuDNN out of %s: %s; run it as the folder's owner, e.g. 'sudo env CUDNNV_ROOT=%s cudnnv adopt %s'",
                        dir, why, store_root(), top);
        }
    }
    return 0;
}

/* Installs the folder as a set through the install helper; its name into name. */
static int install_folder(const char *top, const char *requested_name, char *name, size_t size)
{
    char output[4096];
    char *argv[] = {"install", "--json", requested_name ? "--name" : (char *)top,
                    requested_name ? (char *)requested_name : NULL, requested_name ? (char *)top : NULL, NULL};
    int status = helper_run_capture("cudnnv-install", argv, output, sizeof output);
    const char *key = strstr(output, "{\"name\": \"");
    if (status != 0 || key == NULL)
        return fail("%s did not become a set (see above); nothing was moved", top);
    key += strlen("{\"name\": \"");
    size_t length = strcspn(key, "\"");
    snprintf(name, size, "%.*s", (int)length, key);
    return cudnnv_name_is_valid(name) ? 0 : fail("the new set has an unexpected name; nothing was moved");
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
    } else if (copy_file(from, to, 0644) != 0) {
        return -1;
    }
    return unlink(from);
}

static int move_out(const char *top, const struct adoption *files, char *backup, size_t size)
{
    char stamp[32], from[2 * PATH_MAX], to[2 * PATH_MAX];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", gmtime(&now));
    snprintf(backup, size, "%s/backups/adopted-%s", store_root(), stamp);
    for (int i = 0; i < files->count; i++) {
        snprintf(from, sizeof from, "%s/%s", top, files->paths[i]);
        snprintf(to, sizeof to, "%s/%s", backup, files->paths[i]);
        if (move_file(from, to) != 0)
            return fail("cannot move %s to %s: %s; the files moved so far are in %s", from, to, strerror(errno),
                        backup);
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
    if (dir == NULL)
        return usage_fail("adopt", "give the CUDA toolkit folder");
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
    if (require_writable(top, &files) != 0 || install_folder(top, requested_name, name, sizeof name) != 0 ||
        verify_set(name) != 0 || move_out(top, &files, backup, sizeof backup) != 0)
        return 1;
    note("adopted %d cuDNN files of %s as the set %s; they were moved to %s (delete it when you no longer need it)",
         files.count, top, name, backup);
    return 0;
}

const struct command command_adopt = {
    .name = "adopt",
    .run = run,
    .summary = "make cuDNN copied into a CUDA folder a set, and take it out",
    .usage = "[--dry-run] [--name NAME] CUDA_DIR",
    .description =
        "Make the cuDNN files copied into a CUDA toolkit folder a set of the store,\n"
        "verify it, then move those files out of the toolkit into\n"
        "$CUDNNV_ROOT/backups/adopted-TIME/ (delete it when you no longer need it).\n"
        "Only cuDNN's files move: include/cudnn*.h, lib/ or lib64/libcudnn*,\n"
        "bin/cudnn*.dll, lib/x64/cudnn*.lib; everything else stays.\n",
    .options = options,
    .operands = COMPLETE_DIRS,
    .max_operands = 1,
};
