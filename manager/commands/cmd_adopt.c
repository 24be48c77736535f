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
#include "adopt.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "fsutil.h"
#include "set_source.h"

#include "cudnnv_select.h"
#include "helper_names.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ADOPT_DRY_RUN, ADOPT_NAME };

static const struct option_spec options[] = {
    [ADOPT_DRY_RUN] = {.name = OPTION_DRY_RUN, .help = "list what would move, and change nothing"},
    [ADOPT_NAME] = {.name = OPTION_NAME, .value_name = "NAME", .help = "the set's name (default: its version)"},
    {.name = NULL},
};

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
    adopt_list_files(&layout, top, &files);
    if (dry_run) {
        for (int i = 0; i < files.count; i++)
            printf("%s/%s\n", top, files.paths[i]);
        note("adopt would make these %d files a set and move them out of %s", files.count, top);
        return 0;
    }
    if (adopt_require_movable(top, &files) != 0 || install_folder(top, requested_name, name, sizeof name) != 0 ||
        adopt_verify_set(name) != 0 || adopt_move_out(top, &files, name, backup, sizeof backup) != 0)
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
