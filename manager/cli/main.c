/*
 * cudnnv's entry: global options, then hand the arguments to the command
 * named first (after answering --help for it).
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#define CUDNNV_RELEASE "0.1.0"

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
        return command_find("help")->run(1, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-v") == 0) {
        printf("cudnnv %s\n", CUDNNV_RELEASE);
        return 0;
    }
    const struct command *command = command_find(argv[1]);
    if (command == NULL)
        return fail_unknown_command(argv[1]);
    if (command->passes_arguments ? (argc > 2 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
                                  : asks_for_help(argc - 1, argv + 1))
        return print_command_help(command->name);
    return command->run(argc - 1, argv + 1);
}
