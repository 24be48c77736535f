/*
 * cudnnv env: the variables that route a process's cuDNN through the shims,
 * printed for a shell, a Dockerfile or a CI job's environment file.
 */
#include "activation.h"
#include "cli.h"
#include "commands.h"
#include "selection.h"
#include "shell_quote.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_env_help[] =
    "Usage: cudnnv env [--format sh|bash|zsh|fish|pwsh|dockerfile|dotenv] [VERSION]\n"
    "\n"
    "Print the environment that makes programs use the selected cuDNN sets\n"
    "through the shims: LD_LIBRARY_PATH with the shim directory first,\n"
    "LD_PRELOAD with the selected majors' shims, CUDNNV_ROOT, and, when VERSION\n"
    "is given, CUDNNV_VERSION. E.g.\n"
    "  eval \"$(cudnnv env)\"                      in a shell or a CI step\n"
    "  cudnnv env --format dockerfile 9.19 >> Dockerfile\n"
    "  cudnnv env --format dotenv >> \"$GITHUB_ENV\"\n"
    "Values are those of this moment (the current LD_LIBRARY_PATH and\n"
    "LD_PRELOAD are kept after cudnnv's entries).\n";

static void print_variable(const char *format, const char *name, const char *value)
{
    if (strcmp(format, "dockerfile") == 0) {
        printf("ENV %s=", name);
        json_string(stdout, value);
        printf("\n");
    } else if (strcmp(format, "dotenv") == 0) {
        printf("%s=%s\n", name, value);
    } else {
        shell_print_export(stdout, format, name, value);
    }
}

int cmd_env(int argc, char **argv)
{
    const char *format = "sh", *version = NULL;
    struct activation plan;
    cudnnv_name resolved;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
            format = argv[++i];
        else if (argv[i][0] == '-' || version != NULL)
            return usage_fail("env", "unexpected argument '%s'", argv[i]);
        else
            version = argv[i];
    }
    if (!shell_is_known(format) && strcmp(format, "dockerfile") != 0 && strcmp(format, "dotenv") != 0)
        return usage_fail("env", "unknown format '%s'", format);
    if (version != NULL) {
        if (selection_require_installed(store_root(), version, resolved) != 0)
            return 1;
        setenv("CUDNNV_VERSION", version, 1);
    }
    if (activation_plan(&plan) != 0)
        return 1;
    print_variable(format, "CUDNNV_ROOT", store_root());
    if (version != NULL)
        print_variable(format, "CUDNNV_VERSION", version);
    print_variable(format, "LD_LIBRARY_PATH", plan.library_path);
    print_variable(format, "LD_PRELOAD", plan.full_preload);
    return 0;
}
