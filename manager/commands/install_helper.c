/*
 * cudnnv install and cudnnv update run in helper programs next to the shims
 * (lib/cudnnv/cudnnv-install, cudnnv-update): they alone link libarchive,
 * OpenSSL, libcurl and libgit2. Keeping those out of cudnnv itself makes
 * every other command start in a quarter of the time (that matters for the
 * shell hook, which runs at every prompt).
 */
#include "args.h"
#include "commands.h"
#include "platform.h"
#include "shim_files.h"
#include "helper_names.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Runs the helper in this process's place, with the command line as given;
 * a command other than the helper's own (mirror, in the install helper) is
 * named first, as --mirror.
 */
int helper_run(const char *name, struct args *args)
{
    char **argv = args->argv;
    char helper[PATH_MAX], command[64];
    if (shipped_file(name, helper, sizeof helper) != 0)
        return fail("cannot find %s next to this cudnnv (expected ../lib/cudnnv/); reinstall cudnnv with 'make install'",
                    name);
    argv[0] = helper;
    if (strcmp(args->command->name, "mirror") == 0) {
        char **with_command = calloc((size_t)args->argc + 2, sizeof *with_command);
        if (with_command == NULL)
            return fail("out of memory");
        snprintf(command, sizeof command, "%s", HELPER_MIRROR);
        with_command[0] = helper;
        with_command[1] = command;
        memcpy(with_command + 2, argv + 1, (size_t)args->argc * sizeof *argv);
        argv = with_command;
    }
    execv(helper, argv);
    return fail("cannot run %s: %s", helper, strerror(errno));
}

/*
 * Runs a helper as a child and keeps what it prints on stdout (its messages
 * go to stderr as usual): for commands that go on after it, like adopt.
 * Started as every program cudnnv runs for its output is
 * (platform_run_output; the doctor's needs reader too), with no time limit.
 * Returns the helper's exit status, or 1 after a message.
 */
int helper_run_capture(const char *name, const struct command *command, char **argv, char *out, size_t size)
{
    char helper[PATH_MAX];
    (void)command;   /* the helper program parses its own command line */
    if (shipped_file(name, helper, sizeof helper) != 0)
        return fail("cannot find %s next to this cudnnv (expected ../lib/cudnnv/); reinstall cudnnv with 'make install'",
                    name);
    argv[0] = helper;
    int status = platform_run_output(argv, out, size, 0, 1);
    if (status < 0 || status == 127)
        return fail("cannot run %s: %s", helper, status < 0 ? strerror(errno) : "it could not be started");
    return status > 127 ? 1 : status;
}

int helper_run_install(struct args *args)
{
    return helper_run(HELPER_INSTALL, args);
}

int helper_run_update(struct args *args)
{
    return helper_run(HELPER_UPDATE, args);
}
