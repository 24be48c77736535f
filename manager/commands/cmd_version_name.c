/*
 * cudnnv version-name: just the selected set's name, for prompts and scripts.
 */
#include "args.h"
#include "commands.h"
#include "selection.h"

#include <string.h>
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
    /* one write, past stdio and printf: their first use asks the terminal (fstat, isatty) and faults in libc's code */
    char line[CUDNNV_NAME_MAX + 2];
    size_t length = strlen(choice.name);   /* a valid name, at most CUDNNV_NAME_MAX */
    memcpy(line, choice.name, length);
    line[length++] = '\n';
    return write(STDOUT_FILENO, line, length) == (ssize_t)length ? 0 : 1;
}

const struct command command_version_name = {
    .name = "version-name",
    .run = run,
};
