/*
 * cudnnv shell: prints the shell code that sets CUDNNV_VERSION for the
 * current shell only. The integration from 'cudnnv init' evaluates whatever
 * 'cudnnv shell --shell SHELL ...' prints, so every rule of the command
 * lives here: with --shell, stdout carries only code (the current choice
 * as a line that prints it), help and messages go to stderr, and a failure
 * prints nothing there. Run by hand, it is meant for eval.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"
#include "selection.h"
#include "shell_table.h"
#include "set_link.h"
#include "set_source.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SHELL_SHELL, SHELL_UNSET };

static const struct option_spec options[] = {
    [SHELL_SHELL] = {.name = "--shell", .value_name = "SHELL", .complete = COMPLETE_SHELLS,
                     .help = "the shell to print code for (default: bash)"},
    [SHELL_UNSET] = {.name = OPTION_UNSET, .help = "print code that removes the shell's choice", .alone = 1},
    {.name = NULL},
};

/* Joins the checked names with ':' (the separator CUDNNV_VERSION reads). */
static int join_names(int count, char **names, char *out, size_t size)
{
    cudnnv_name resolved;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (selection_require_installed(store_root(), names[i], resolved) != 0)
            return 1;
        if (strlen(out) + strlen(names[i]) + 2 > size)
            return fail("too many versions");
        if (i > 0)
            strcat(out, ":");
        strcat(out, names[i]);
    }
    return 0;
}

/* The shell's current choice: as it is, or as code that prints it (for the integration). */
static int print_current(const struct shell_row *as_code)
{
    const char *current = getenv("CUDNNV_VERSION");
    char shown[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 1)];
    if (current == NULL || current[0] == '\0')
        return fail("no shell-specific version is set; run 'eval \"$(cudnnv shell VERSION)\"'");
    if (cudnnv_escape_text(current, shown, sizeof shown) != strlen(current) || strlen(current) >= sizeof shown)
        return fail("CUDNNV_VERSION is not a version list: '%s'", shown);
    if (as_code == NULL || as_code->print_command == NULL) {
        printf("%s\n", current);
        return 0;
    }
    if (!shell_value_fits(as_code, current))
        return fail("CUDNNV_VERSION holds bytes this shell cannot be given");
    fputs(as_code->print_command, stdout);
    shell_print_quoted(stdout, as_code, current);
    putchar('\n');
    return 0;
}

static int run(struct args *args)
{
    const char *shell_name = args->value[SHELL_SHELL] ? args->value[SHELL_SHELL] : "bash";
    const struct shell_row *shell = shell_find_hooked(shell_name);
    int unset = args_has(args, SHELL_UNSET);
    char value[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 1)];
    if (shell == NULL)
        return usage_fail("shell", "unknown shell '%s': %s", shell_name, shell_names(1));
    if (unset) {
        shell_print_unset(stdout, shell, "CUDNNV_VERSION");
        return 0;
    }
    if (args->count == 0)
        return print_current(args->value[SHELL_SHELL] ? shell : NULL);
    set_link_system_if_named(store_root(), args->count, args->operand);
    if (join_names(args->count, args->operand, value, sizeof value) != 0)
        return 1;
    if (isatty(STDOUT_FILENO))
        note("this shell has no cudnnv integration, so this only prints shell code: apply it with eval \"$(cudnnv shell %s)\", or add the line 'cudnnv init --help' names to your shell's start-up file, after which 'cudnnv shell %s' changes the shell itself",
             value, value);
    shell_print_export(stdout, shell, "CUDNNV_VERSION", value);
    return 0;
}

const struct command command_shell = {
    .name = "shell",
    .run = run,
    .options = options,
    .stdout_is_code = 1,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};
