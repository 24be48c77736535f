/*
 * cudnnv shell: prints the shell code that sets CUDNNV_VERSION for the
 * current shell only. The integration from 'cudnnv init' evaluates it; run
 * by hand, it is meant for eval.
 */
#include "cli.h"
#include "commands.h"
#include "selection.h"
#include "shell_quote.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_shell_help[] =
    "Usage: cudnnv shell [--shell bash|zsh|fish|pwsh] [VERSION... | --unset]\n"
    "\n"
    "Print shell code that selects VERSION for this shell alone (it sets\n"
    "CUDNNV_VERSION, which wins over every version file). Use it with eval:\n"
    "  eval \"$(cudnnv shell 8.1)\"\n"
    "--unset prints code that removes the shell's choice. Without VERSION,\n"
    "print the shell's current choice.\n";

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

int cmd_shell(int argc, char **argv)
{
    const char *shell = "bash";
    int first = 1, unset = 0;
    char value[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 1)];
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "--unset") == 0)
            unset = 1;
        else if (strcmp(argv[first], "--shell") == 0 && first + 1 < argc)
            shell = argv[++first];
        else
            return usage_fail("shell", "unknown option '%s'", argv[first]);
    }
    if (!shell_is_known(shell))
        return usage_fail("shell", "unknown shell '%s' (bash, zsh, fish, pwsh)", shell);
    if (unset) {
        if (first != argc)
            return usage_fail("shell", "--unset takes no version");
        shell_print_unset(stdout, shell, "CUDNNV_VERSION");
        return 0;
    }
    if (first == argc) {
        const char *current = getenv("CUDNNV_VERSION");
        if (current == NULL || current[0] == '\0')
            return fail("no shell-specific version is set; run 'eval \"$(cudnnv shell VERSION)\"'");
        printf("%s\n", current);
        return 0;
    }
    if (join_names(argc - first, argv + first, value, sizeof value) != 0)
        return 1;
    if (isatty(STDOUT_FILENO))
        note("cudnnv: this prints shell code; to apply it: eval \"$(cudnnv shell %s)\"", value);
    shell_print_export(stdout, shell, "CUDNNV_VERSION", value);
    return 0;
}
