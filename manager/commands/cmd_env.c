/*
 * cudnnv env: the variables that route a process's cuDNN through the shims,
 * printed for a shell, a Dockerfile or a CI job's environment file.
 */
#include "shell_activation.h"
#include "cdi_spec.h"
#include "args.h"
#include "commands.h"
#include "platform.h"
#include "selection.h"
#include "shell_table.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ENV_FORMAT };

static const struct option_spec options[] = {
    [ENV_FORMAT] = {.name = "--format", .value_name = "FORMAT", .complete = COMPLETE_FORMATS,
                    .help = "the syntax to print (default: sh); github writes a\n"
                            "$GITHUB_ENV file, cmd a batch file (cudnnv env --format\n"
                            "cmd > cudnn.cmd, then call cudnn.cmd)"},
    {.name = NULL},
};

static int run(struct args *args)
{
    const char *format = args->value[ENV_FORMAT] ? args->value[ENV_FORMAT] : "sh";
    const char *version = args->count ? args->operand[0] : NULL;
    const struct shell_row *shell = shell_find(format);
    struct activation plan;
    if (shell == NULL)
        return usage_fail("env", "unknown format '%s': %s", format, shell_names(0));
    if (activation_plan_with(version, &plan) != 0)
        return 1;
    /* a Dockerfile describes an image: its store is where the recipe puts it (docs/containers.md) */
    int image = strcmp(shell->name, "dockerfile") == 0 && PLATFORM_LINUX_SHIMS;
    if (image)
        activation_for_image(&plan, CDI_CONTAINER_ROOT);
    const char *names[2 + ACTIVATION_VARIABLES] = {"CUDNNV_ROOT", "CUDNNV_VERSION"};
    const char *values[2 + ACTIVATION_VARIABLES] = {image ? CDI_CONTAINER_ROOT : store_root(), version};
    for (int i = 0; i < plan.count; i++) {
        names[2 + i] = plan.names[i];
        values[2 + i] = plan.values[i];
    }
    int count = 2 + plan.count;
    /* nothing is printed when one value cannot be: no half-written file */
    for (int i = 0; i < count; i++) {
        if (values[i] != NULL && !shell_value_fits(shell, values[i]))
            return shell_print_export(stdout, shell, names[i], values[i]);
    }
    fputs(shell->begin ? shell->begin : "", stdout);
    for (int i = 0, printed = 0; i < count; i++) {
        if (values[i] == NULL)
            continue;
        fputs(printed++ && shell->separator ? shell->separator : "", stdout);
        shell_print_export(stdout, shell, names[i], values[i]);
    }
    fputs(shell->end ? shell->end : "", stdout);
    return 0;
}

const struct command command_env = {
    .name = "env",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION]", .complete = COMPLETE_SETS, .max = 1},
};
