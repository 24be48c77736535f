/*
 * cudnnv uninstall: removes sets from the store (a linked set loses only its
 * registration; the directory it refers to is left alone). A set that a
 * source names here (CUDNNV_VERSION, the project's pin, the global file), or
 * that a project 'cudnnv use' pinned elsewhere still names, is in use:
 * removing it makes those programs stop with status 127, so cudnnv asks on a
 * terminal and, without one, refuses unless --force.
 */
#include "cdi_spec.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "uninstall.h"
#include "shim_files.h"
#include "store.h"

enum { UNINSTALL_FORCE, UNINSTALL_CUDA_RUNTIME };

static const struct option_spec options[] = {
    [UNINSTALL_FORCE] = {.name = OPTION_FORCE, .short_name = 'f',
                         .help = "remove sets in use without asking; do not complain about\n"
                                 "names that are not installed"},
    [UNINSTALL_CUDA_RUNTIME] = {.name = OPTION_CUDA_RUNTIME,
                                .help = "the names are CUDA runtimes a project pins ('cuda 11.0'),\n"
                                        "not sets: remove those from cuda/runtime"},
    {.name = NULL},
};

static int run(struct args *args)
{
    int force = args_has(args, UNINSTALL_FORCE), status = 0;
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    for (int i = 0; i < args->count; i++)
        status |= args_has(args, UNINSTALL_CUDA_RUNTIME) ? uninstall_runtime(root, args->operand[i], force)
                                                         : uninstall_set(root, args->operand[i], force);
    shim_files_follow_store(root);
    cdi_specs_follow_store(root);
    store_unlock(lock);
    return status;
}

const struct command command_uninstall = {
    .name = "uninstall",
    .run = run,
    .options = options,
    .operands = {.usage = "NAME...", .complete = COMPLETE_SETS, .min = 1, .max = -1,
                 .missing = "name the sets to remove"},
};
