/*
 * cudnnv global: the version used where no project pins one
 * ($CUDNNV_ROOT/version).
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"
#include "fsutil.h"
#include "set_link.h"
#include "set_source.h"
#include "store.h"
#include "version_write.h"
#include "store_layout.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

enum { GLOBAL_FORCE, GLOBAL_UNSET };

static const struct option_spec options[] = {
    [GLOBAL_FORCE] = {.name = OPTION_FORCE, .short_name = 'f', .help = "write the name even if no installed set matches it",
                      .conflicts = 1 << GLOBAL_UNSET},
    [GLOBAL_UNSET] = {.name = OPTION_UNSET, .help = "remove the global version", .own_form = "", .alone = 1},
    {.name = NULL},
};

static int run(struct args *args)
{
    char path[PATH_MAX];
    const char *root = store_root();
    cudnnv_store_path(path, sizeof path, root, CUDNNV_STORE_GLOBAL, NULL);
    if (args_has(args, GLOBAL_UNSET))
        return version_file_unset(path);
    struct stat info;
    if (args->count == 0 && lstat(path, &info) != 0 && errno == ENOENT) {
        /* pyenv's answer: nothing of ours was chosen; what that means, said as a note, not as an error */
        printf("system\n");
        note("no global version is set, which is fine: outside pinned projects a program gets the set linked as system, else the newest installed set of its major ('cudnnv global VERSION' sets one)");
        return 0;
    }
    if (args->count == 0)
        return version_file_print(path, "the global version file is empty; run 'cudnnv global VERSION'");
    if (store_prepare(root) != 0)
        return 1;
    set_link_system_if_named(root, args->count, args->operand);
    return version_file_write(path, args->count, args->operand, args_has(args, GLOBAL_FORCE), NULL);
}

const struct command command_global = {
    .name = "global",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};
