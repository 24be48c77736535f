/*
 * cudnnv mirror: its table and help. The work runs in the install helper
 * (mirror_run in install_run.c; the work in install/mirror.c), which fetches
 * and checks archives as install does.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"

static const struct option_spec options[] = {
    [MIRROR_LOCK] = {.name = OPTION_LOCK, .value_name = "FILE", .complete = COMPLETE_FILES,
                     .help = "the archives this cudnn.lock names (default: the lock beside\n"
                             "the nearest .cudnn-version), every platform it holds"},
    [MIRROR_PLATFORM] = {.name = OPTION_PLATFORM, .value_name = "P[,P...]", .complete = COMPLETE_PLATFORMS,
                         .help = "for releases given by name: these platforms' archives too\n"
                                 "(this machine's always)"},
    {.name = NULL},
};

const struct command command_mirror = {
    .name = "mirror",
    .run = helper_run_install,
    .options = options,
    .operands = {.usage = "DIR [RELEASE...]", .complete = COMPLETE_DIRS, .min = 1, .max = -1,
                 .missing = "give the folder to fill"},
};
