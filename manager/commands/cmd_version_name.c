/*
 * cudnnv version-name: just the selected set's name, for prompts and scripts.
 */
#include "args.h"
#include "commands.h"
#include "selection.h"

#include <stdio.h>
#include <unistd.h>

static int run(struct args *args)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    (void)args;
    selection_where(&where);
    enum cudnnv_status status = cudnnv_select_first(&where, &choice);
    if (status != CUDNNV_SELECTED)
        return selection_report(status, &choice, -1);
    /* one write, past stdio: its first write would ask the terminal (fstat, isatty) at every prompt */
    char line[CUDNNV_NAME_MAX + 2];
    int length = snprintf(line, sizeof line, "%s\n", choice.name);
    return write(STDOUT_FILENO, line, (size_t)length) == length ? 0 : 1;
}

const struct command command_version_name = {
    .name = "version-name",
    .run = run,
};
