/*
 * The entry of lib/cudnnv/cudnnv-update, the helper that cudnnv runs for
 * 'cudnnv update' (it alone links libgit2).
 */
#include "cli.h"
#include "commands.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (asks_for_help(argc, argv)) {
        fputs(cmd_update_help, stdout);
        return 0;
    }
    argv[0] = "update";
    return cmd_update(argc, argv);
}
