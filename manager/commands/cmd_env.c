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

enum { ENV_FORMAT };

static const struct option_spec options[] = {
    [ENV_FORMAT] = {.name = "--format", .value_name = "FORMAT", .complete = COMPLETE_WORDS,
                    .words = "sh bash zsh fish pwsh dockerfile dotenv",
                    .help = "sh (the default), bash, zsh, fish, pwsh, dockerfile or dotenv"},
    {.name = NULL},
};

/* A Dockerfile ENV value in double quotes: '\\', '"' and '$' (Docker expands it there) escaped. */
static void print_dockerfile_value(const char *value)
{
    putchar('"');
    for (const char *c = value; *c; c++) {
        if (*c == '\\' || *c == '"' || *c == '$')
            putchar('\\');
        putchar(*c);
    }
    putchar('"');
}

/*
 * One variable in the chosen format. A Dockerfile line and a dotenv line
 * (which GitHub Actions and docker --env-file read without any quoting)
 * cannot carry a new line or another control byte: such a value is refused,
 * never written, since it would start a variable of its own (BASH_ENV=...).
 */
static int print_variable(const char *format, const char *name, const char *value)
{
    int shell = strcmp(format, "dockerfile") != 0 && strcmp(format, "dotenv") != 0;
    if (!shell && cudnnv_text_has_controls(value))
        return fail("%s holds a control character (a new line?), which a %s file cannot carry; clean that variable first",
                    name, format);
    if (strcmp(format, "dockerfile") == 0) {
        printf("ENV %s=", name);
        print_dockerfile_value(value);
        putchar('\n');
    } else if (strcmp(format, "dotenv") == 0) {
        printf("%s=%s\n", name, value);
    } else {
        shell_print_export(stdout, format, name, value);
    }
    return 0;
}

static int run(struct args *args)
{
    const char *format = args->value[ENV_FORMAT] ? args->value[ENV_FORMAT] : "sh";
    const char *version = args->count ? args->operand[0] : NULL;
    struct activation plan;
    cudnnv_name resolved;
    if (!shell_is_known(format) && strcmp(format, "dockerfile") != 0 && strcmp(format, "dotenv") != 0)
        return usage_fail("env", "unknown format '%s'", format);
    if (version != NULL) {
        if (selection_require_installed(store_root(), version, resolved) != 0)
            return 1;
        setenv("CUDNNV_VERSION", version, 1);
    }
    if (activation_plan(&plan) != 0)
        return 1;
    const char *names[] = {"CUDNNV_ROOT", "CUDNNV_VERSION", "LD_LIBRARY_PATH", "LD_PRELOAD"};
    const char *values[] = {store_root(), version, plan.library_path, plan.full_preload};
    for (int i = 0; i < 4; i++) {
        if (values[i] != NULL && !shell_is_known(format) && cudnnv_text_has_controls(values[i]))
            return print_variable(format, names[i], values[i]);
    }
    for (int i = 0; i < 4; i++) {
        if (values[i] != NULL)
            print_variable(format, names[i], values[i]);
    }
    return 0;
}

const struct command command_env = {
    .name = "env",
    .run = run,
    .summary = "print the variables that route cuDNN through the shims",
    .usage = "[--format FORMAT] [VERSION]",
    .description =
        "Print the environment that makes programs use the selected cuDNN sets\n"
        "through the shims: LD_LIBRARY_PATH with the shim directory first,\n"
        "LD_PRELOAD with the selected majors' shims, CUDNNV_ROOT, and, when VERSION\n"
        "is given, CUDNNV_VERSION. E.g.\n"
        "  eval \"$(cudnnv env)\"                      in a shell or a CI step\n"
        "  cudnnv env --format dockerfile 9.19 >> Dockerfile\n"
        "  cudnnv env --format dotenv >> \"$GITHUB_ENV\"\n"
        "Values are those of this moment (the current LD_LIBRARY_PATH and\n"
        "LD_PRELOAD are kept after cudnnv's entries).\n",
    .options = options,
    .operands = COMPLETE_SETS,
    .max_operands = 1,
};
