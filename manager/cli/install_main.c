/*
 * The entry of lib/cudnnv/cudnnv-install, the helper that cudnnv runs for
 * 'cudnnv install' (see install_helper.c): the same table parses its
 * arguments, then install_run does the work.
 */
#include "cli.h"
#include "commands.h"

int main(int argc, char **argv)
{
    argv[0] = "install";
    return command_main(&command_install, install_run, argc, argv);
}
