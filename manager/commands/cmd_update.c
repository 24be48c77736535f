/*
 * cudnnv update: its table and help. The work runs in the helper program
 * cudnnv-update (update_run.c), the one that links libgit2, libcurl and
 * jansson.
 */
#include "args.h"
#include "commands.h"

static const struct option_spec options[] = {
    [UPDATE_REMOTE] = {.name = "--remote", .value_name = "URL",
                       .help = "fetch the catalog from this git repository instead"},
    {.name = NULL},
};

const struct command command_update = {
    .name = "update",
    .run = helper_run_update,
    .summary = "learn NVIDIA's newer releases (or fetch a git catalog)",
    .description =
        "Learn the cuDNN releases NVIDIA has published since cudnnv was built:\n"
        "read NVIDIA's redist index and each release manifest not read before\n"
        "(cuDNN 8.3 and later: every archive's path, SHA-256 and size, per\n"
        "platform and CUDA build) into $CUDNNV_ROOT/catalog-redist. 'cudnnv known'\n"
        "and 'cudnnv install RELEASE' then use them beside the catalog shipped\n"
        "with cudnnv. The address is NVIDIA's, or 'redist = URL' under [catalog]\n"
        "in $CUDNNV_ROOT/config, or CUDNNV_REDIST_URL (a mirror of it; a copy of\n"
        "NVIDIA's folder by file:///PATH/, which is read as a server's file list).\n"
        "A manifest that does not parse or fails a check is said and skipped.\n"
        "\n"
        "With a git remote (--remote URL, or 'remote = URL' under [catalog]),\n"
        "fetch a copy of the catalog repository into $CUDNNV_ROOT/catalog instead\n"
        "(a clone the first time, then fast-forward only); its releases override\n"
        "the shipped ones. Any URL git understands works, file:// included.\n",
    .options = options,
};
