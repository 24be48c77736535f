/*
 * cudnnv prefix: the directory of a set (for a linked set, the directory it
 * refers to), for build scripts that want CUDNN_HOME.
 */
#include "args.h"
#include "commands.h"
#include "set_lookup.h"

#include <stdio.h>

static int run(struct args *args)
{
    struct found_set set;
    int status = args->count ? set_lookup_named(args->operand[0], &set) : set_lookup_selected(-1, &set);
    if (status != 0)
        return status;
    print_path(set_info_is_linked(&set.info) ? set.info.path : set.set_dir);
    return 0;
}

const struct command command_prefix = {
    .name = "prefix",
    .run = run,
    .operands = {.usage = "[VERSION]", .complete = COMPLETE_SETS, .max = 1},
};
