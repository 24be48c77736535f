/*
 * cudnnv's entry: global options, then the command named first, run with
 * its arguments parsed by its own table (args.c).
 */
#include "cli.h"
#include "commands.h"
#include "needs_judge.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

/* build/gen/version.c (the Makefile: the newest tag, else the base version and the commit) */
extern const char cudnnv_release[];

int main(int argc, char **argv)
{
    const struct command_list *all = command_list();
    if (argc < 2) {   /* no command: the usage, and a failure, as git says it */
        command_main(all, &command_help, command_help.run, 1, argv);
        return 1;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
        return command_main(all, &command_help, command_help.run, 1, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-v") == 0) {
        printf("cudnnv %s\n", cudnnv_release);
        return 0;
    }
    const struct command *command = command_answering(all, argv[1]);
    cudnnv_set_load_judge(needs_set_loads);   /* a major no source names: the first set that loads serves */
    if (command == NULL)
        return fail_unknown_command(all, argv[1]);
    return command_main(all, command, command->run, argc - 1, argv + 1);
}
