/*
 * cudnnv version-name: just the selected set's name, for prompts and scripts.
 */
#include "cli.h"
#include "commands.h"
#include "selection.h"

#include <stdio.h>

const char cmd_version_name_help[] =
    "Usage: cudnnv version-name\n"
    "\n"
    "Print the name of the selected cuDNN set (e.g. 8.1.0.77), nothing else.\n"
    "Fails with the reason when nothing is selected or the selected version is\n"
    "not installed.\n";

int cmd_version_name(int argc, char **argv)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    if (argc > 1)
        return usage_fail("version-name", "unexpected argument '%s'", argv[1]);
    selection_where(&where);
    enum cudnnv_status status = cudnnv_select_first(&where, &choice);
    if (status != CUDNNV_SELECTED)
        return selection_report(status, &choice, -1);
    printf("%s\n", choice.name);
    return 0;
}
