/*
 * The entry of lib/cudnnv/cudnnv-install, the helper that cudnnv runs for
 * 'cudnnv install' (see install_helper.c).
 */
#include "cli.h"
#include "commands.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (asks_for_help(argc, argv)) {
        fputs(cmd_install_help, stdout);
        return 0;
    }
    argv[0] = "install";
    return cmd_install(argc, argv);
}
