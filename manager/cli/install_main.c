/*
 * The entry of lib/cudnnv/cudnnv-install, the helper that cudnnv runs for
 * 'cudnnv install' (see install_helper.c): the same table parses its
 * arguments, then install_run does the work. cudnnv also asks it, as
 * 'cudnnv-install --needs-of DIR', what the libraries of a folder need (the
 * ELF reader lives here, with libelf): one "NAME NEEDED_BY" line per need.
 */
#include "cli.h"
#include "commands.h"
#include "messages.h"
#include "set_needs_elf.h"

#include <stdio.h>
#include <string.h>

static int print_needs(const char *lib_dir)
{
    struct set_needs needs;
    char why[4200];
    if (set_needs_collect(lib_dir, &needs, why, sizeof why) != 0)
        return fail("%s", why);
    if (needs.runpath[0] != '\0')
        printf("runpath %s\n", needs.runpath);
    for (int i = 0; i < needs.count; i++)
        printf("%s %s\n", needs.need[i].name, needs.need[i].needed_by[0] ? needs.need[i].needed_by : "-");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--needs-of") == 0)
        return print_needs(argv[2]);
    argv[0] = "install";
    return command_main(&command_install, install_run, argc, argv);
}
