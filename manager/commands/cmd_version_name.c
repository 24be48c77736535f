/*
 * cudnnv version-name: just the selected set's name, for prompts and scripts.
 */
#include "args.h"
#include "commands.h"
#include "selection.h"

#include <stdio.h>

static int run(struct args *args)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    (void)args;
    selection_where(&where);
    enum cudnnv_status status = cudnnv_select_first(&where, &choice);
    if (status != CUDNNV_SELECTED)
        return selection_report(status, &choice, -1);
    printf("%s\n", choice.name);
    return 0;
}

const struct command command_version_name = {
    .name = "version-name",
    .run = run,
};
