/*
 * cudnnv prefix: the directory of a set (for a linked set, the directory it
 * refers to), for build scripts that want CUDNN_HOME.
 */
#include "cli.h"
#include "commands.h"
#include "set_lookup.h"

#include <stdio.h>

const char cmd_prefix_help[] =
    "Usage: cudnnv prefix [VERSION]\n"
    "\n"
    "Print the directory holding the set VERSION (default: the selected one),\n"
    "with include/ and lib/ inside. For a linked set, the linked directory.\n";

int cmd_prefix(int argc, char **argv)
{
    struct found_set set;
    if (argc > 2)
        return usage_fail("prefix", "give at most one version");
    int status = argc == 2 ? set_lookup_named(argv[1], &set) : set_lookup_selected(-1, &set);
    if (status != 0)
        return status;
    printf("%s\n", set_info_is_linked(&set.info) ? set.info.path : set.set_dir);
    return 0;
}
