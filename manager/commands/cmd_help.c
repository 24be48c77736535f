/*
 * cudnnv help: the command list, or one command's whole help.
 */
#include "cli.h"
#include "commands.h"

#include <stdio.h>

const char cmd_help_help[] =
    "Usage: cudnnv help [COMMAND]\n"
    "\n"
    "Without COMMAND, list the commands; with it, show that command's help\n"
    "(the same as 'cudnnv COMMAND --help').\n";

int cmd_help(int argc, char **argv)
{
    int count;
    if (argc > 2)
        return usage_fail("help", "give at most one command");
    if (argc == 2)
        return print_command_help(argv[1]);
    const struct command *commands = command_table(&count);
    printf("Usage: cudnnv COMMAND [ARGS...]\n\n"
           "Keep several cuDNN releases side by side and pin one per project.\n\n"
           "Commands:\n");
    for (int i = 0; i < count; i++) {
        if (commands[i].summary != NULL)
            printf("  %-13s %s\n", commands[i].name, commands[i].summary);
    }
    printf("\nOptions: --help (here or after any command), --version\n"
           "Store: $CUDNNV_ROOT (default ~/.cudnnv). See 'man cudnnv'.\n");
    return 0;
}
