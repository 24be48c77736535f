/*
 * cudnnv exec: runs a command through the shims, so that every cuDNN library
 * it loads (by soname, through DT_NEEDED, or despite an RPATH to another
 * cuDNN) comes from the set selected here. --version selects for this
 * command alone, through CUDNNV_VERSION.
 */
#include "shell_activation.h"
#include "args.h"
#include "commands.h"
#include "platform.h"
#include "selection.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXEC_VERSION };

static const struct option_spec options[] = {
    [EXEC_VERSION] = {.name = "--version", .value_name = "VERSION", .complete = COMPLETE_SETS,
                      .help = "select VERSION for this command (sets CUDNNV_VERSION)"},
    {.name = NULL},
};

static int run(struct args *args)
{
    struct activation plan;
    if (activation_plan_with(args->value[EXEC_VERSION], &plan) != 0)
        return 1;
    for (int i = 0; i < plan.count; i++) {
        if (setenv(plan.names[i], plan.values[i], 1) != 0)
            return fail("cannot set the environment: %s", strerror(errno));
    }
    platform_exec(args->operand);
    fail("cannot run '%s': %s", args->operand[0], strerror(errno));
    return 127;
}

const struct command command_exec = {
    .name = "exec",
    .run = run,
    .options = options,
    .options_end_at_operand = 1,
    .operands = {.usage = "[--] COMMAND [ARGS...]", .complete = COMPLETE_PROGRAMS, .min = 1, .max = -1,
                 .missing = "give the COMMAND to run"},
};
