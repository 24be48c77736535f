/*
 * cudnnv install and cudnnv update run in helper programs next to the shims
 * (lib/cudnnv/cudnnv-install, cudnnv-update): they alone link libarchive,
 * OpenSSL, libcurl and libgit2. Keeping those out of cudnnv itself makes
 * every other command start in a quarter of the time (that matters for the
 * shell hook, which runs at every prompt).
 */
#include "cli.h"
#include "commands.h"
#include "shim_files.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

static int run_helper(const char *name, char **argv)
{
    char helper[PATH_MAX];
    if (shipped_file(name, helper, sizeof helper) != 0)
        return fail("cannot find %s next to this cudnnv (expected ../lib/cudnnv/); reinstall cudnnv with 'make install'",
                    name);
    argv[0] = helper;
    execv(helper, argv);
    return fail("cannot run %s: %s", helper, strerror(errno));
}

int cmd_install_helper(int argc, char **argv)
{
    (void)argc;
    return run_helper("cudnnv-install", argv);
}

int cmd_update_helper(int argc, char **argv)
{
    (void)argc;
    return run_helper("cudnnv-update", argv);
}
