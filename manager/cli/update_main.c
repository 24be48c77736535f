/*
 * The entry of lib/cudnnv/cudnnv-update, the helper that cudnnv runs for
 * 'cudnnv update' (it alone links libgit2): the same table parses its
 * arguments, then update_run does the work.
 */
#include "cli.h"
#include "commands.h"

int main(int argc, char **argv)
{
    argv[0] = "update";
    return command_main(command_list(), &command_update, update_run, argc, argv);
}
