/*
 * The entry of lib/cudnnv/cudnnv-install, the helper that cudnnv runs for
 * 'cudnnv install' (see install_helper.c): the same table parses its
 * arguments, then install_run does the work ('cudnnv mirror' comes as
 * 'cudnnv-install --mirror ARGS...', and mirror_run does it). cudnnv also asks it, as
 * 'cudnnv-install --needs-of DIR', what the libraries of a folder need (the
 * ELF reader lives here, with libelf): one "NAME NEEDED_BY" line per need.
 */
#include "cli.h"
#include "commands.h"
#include "set_needs_elf.h"
#include "helper_names.h"

#include <string.h>

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], HELPER_NEEDS_OF) == 0)
        return set_needs_print(argv[2]);
    if (argc >= 2 && strcmp(argv[1], HELPER_MIRROR) == 0) {
        argv[1] = "mirror";
        return command_main(command_list(), &command_mirror, mirror_run, argc - 1, argv + 1);
    }
    argv[0] = "install";
    return command_main(command_list(), &command_install, install_run, argc, argv);
}
