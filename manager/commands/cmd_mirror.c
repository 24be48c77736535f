/*
 * cudnnv mirror: its table and help. The work runs in the install helper
 * (mirror_run.c), which fetches and checks archives as install does.
 */
#include "args.h"
#include "commands.h"

static const struct option_spec options[] = {
    [MIRROR_LOCK] = {.name = "--lock", .value_name = "FILE", .complete = COMPLETE_FILES,
                     .help = "the archives this cudnn.lock names (default: the lock beside\n"
                             "the nearest .cudnn-version), every platform it holds"},
    [MIRROR_PLATFORM] = {.name = "--platform", .value_name = "P[,P...]", .complete = COMPLETE_PLATFORMS,
                         .help = "for releases given by name: these platforms' archives too\n"
                                 "(this machine's always)"},
    {.name = NULL},
};

const struct command command_mirror = {
    .name = "mirror",
    .run = helper_run_install,
    .summary = "keep the archives a lock (or a release) names in a folder laid out as NVIDIA's",
    .description =
        "Copy into DIR the archives that cudnn.lock names (cuDNN, the CUDA libraries\n"
        "a set loads, the project's CUDA runtime; every platform the lock holds), or\n"
        "every build of the RELEASEs given,\n"
        "each fetched as install fetches it (cache, mirrors, address) and checked\n"
        "against its SHA-256. They are laid out as on NVIDIA's server, with\n"
        "redistrib_*.json manifests listing exactly what DIR holds, so that DIR keeps\n"
        "serving installs after upstream drops a release:\n"
        "  [download] mirrors = DIR                        install --locked, install\n"
        "  [catalog] redist = file:///DIR/cudnn/redist/     update, install RELEASE\n"
        "  [catalog] cuda_redist = file:///DIR/cuda/redist/ install --with-cuda-libs\n"
        "(or the same addresses of a web server over DIR).\n",
    .notes = "A file already in DIR is never rewritten: one with other bits than the\n"
             "lock's is an error naming both sums. Running it again adds what is missing.\n",
    .options = options,
    .operands = {.usage = "DIR [RELEASE...]", .complete = COMPLETE_DIRS, .min = 1, .max = -1,
                 .missing = "give the folder to fill"},
};
