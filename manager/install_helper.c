/*
 * cudnnv install runs in a helper program, lib/cudnnv/cudnnv-install, next
 * to the shims: it alone links libarchive and OpenSSL. Keeping them out of
 * cudnnv itself makes every other command start in a third of the time
 * (that matters for the shell hook, which runs at every prompt).
 */
#include "cli.h"
#include "commands.h"
#include "shim_files.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

int cmd_install_helper(int argc, char **argv)
{
    char helper[PATH_MAX];
    if (shipped_file("cudnnv-install", helper, sizeof helper) != 0)
        return fail("cannot find cudnnv-install next to this cudnnv (expected ../lib/cudnnv/); reinstall cudnnv with 'make install'");
    (void)argc;
    argv[0] = helper;
    execv(helper, argv);
    return fail("cannot run %s: %s", helper, strerror(errno));
}
