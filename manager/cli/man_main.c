/*
 * The entry of cudnnv-man, a build tool (not installed): writes the man
 * page from its hand-written sections (docs/cudnnv.1.in) with the lines
 * @SYNOPSIS@, @OPTIONS@ and each command's @COMMAND NAME@ (its whole entry:
 * usage lines and prose) replaced by what the command tables say
 * (args/man_text.c). Usage: cudnnv-man TEMPLATE > cudnnv.1
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char line[4096];
    if (argc != 2) {
        fprintf(stderr, "usage: cudnnv-man TEMPLATE > cudnnv.1\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (in == NULL) {
        perror(argv[1]);
        return 1;
    }
    int status = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        char name[64];
        if (sscanf(line, "@COMMAND %63[a-z-]@", name) == 1) {
            if (print_man_command(command_list(), name, stdout) != 0) {
                fprintf(stderr, "cudnnv-man: %s: no command '%s'\n", argv[1], name);
                status = 1;
            }
        } else if (strcmp(line, "@SYNOPSIS@\n") == 0)
            print_man_synopsis(command_list(), stdout);
        else if (strcmp(line, "@OPTIONS@\n") == 0)
            print_man_options(command_list(), stdout);
        else
            fputs(line, stdout);
    }
    fclose(in);
    return status || ferror(stdout) || fflush(stdout) != 0;
}
