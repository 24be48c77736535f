/*
 * cudnnv help: the command list, or one command's whole help.
 */
#include "args.h"
#include "commands.h"

#include <stdio.h>

static int run(struct args *args)
{
    if (args->count == 1) {
        const struct command *command = command_answering(args->all, args->operand[0]);
        if (command == NULL)
            return fail_unknown_command(args->all, args->operand[0]);
        print_help(command, stdout);
        return 0;
    }
    const struct command *const *commands = args->all->commands;
    int count = args->all->count;
    printf("Usage: cudnnv COMMAND [ARGS...]\n\n"
           "Keep several cuDNN releases side by side and pin one per project.\n\n"
           "Commands:\n");
    for (int i = 0; i < count; i++) {
        if (command_is_listed(commands[i]))
            printf("  %-13s %s\n", commands[i]->name, prose_of(commands[i])->summary);
    }
    printf("\nOptions: --help (here or after any command), --version\n"
           "Store: $CUDNNV_ROOT (default ~/.cudnnv). See 'man cudnnv'.\n");
    return 0;
}

const struct command command_help = {
    .name = "help",
    .run = run,
    .operands = {.usage = "[COMMAND]", .complete = COMPLETE_COMMANDS, .max = 1},
};
