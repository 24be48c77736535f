/*
 * cudnnv update: its table and help. The work runs in the helper program
 * cudnnv-update (update_run.c), the one that links libgit2, libcurl and
 * jansson.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"

static const struct option_spec options[] = {
    [UPDATE_REMOTE] = {.name = OPTION_REMOTE, .value_name = "URL",
                       .help = "fetch the catalog from this git repository instead"},
    {.name = NULL},
};

const struct command command_update = {
    .name = "update",
    .run = helper_run_update,
    .options = options,
};
