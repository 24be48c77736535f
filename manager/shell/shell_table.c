/*
 * The rows of the shell table (shell_table.h) and the one way each quotes a
 * value and writes a variable. Single quotes for sh-like shells, fish and
 * PowerShell, each with its own way of writing a quote inside quotes;
 * PowerShell also ends a quoted string at the typographic quotes
 * U+2018..U+201B, so those are doubled too. A dotenv or GitHub Actions line
 * has no quoting at all, so a value with a control byte (a new line would
 * start a variable of its own) is refused there, as in a Dockerfile.
 */
#include "shell_table.h"

#include "json.h"
#include "messages.h"

#include "cudnnv_select.h"

#include <string.h>

extern const char hook_text_posix[], hook_text_bash[], hook_text_zsh[], hook_text_fish[], hook_text_ps1[],
    hook_text_cmd[], hook_text_complete_bash[], hook_text_complete_zsh[], hook_text_complete_fish[];

static const struct shell_row rows[] = {
    {.name = "bash", .hook = hook_text_bash, .common = hook_text_posix, .completion = hook_text_complete_bash, .watches = 1,
     .quoting = QUOTE_POSIX, .export_format = "export %s=", .set_format = "%s=", .unset_format = "unset %s\n",
     .print_command = "printf '%s\\n' "},
    {.name = "zsh", .hook = hook_text_zsh, .common = hook_text_posix, .completion = hook_text_complete_zsh, .watches = 1,
     .quoting = QUOTE_POSIX, .export_format = "export %s=", .set_format = "%s=", .unset_format = "unset %s\n",
     .print_command = "printf '%s\\n' "},
    {.name = "fish", .hook = hook_text_fish, .completion = hook_text_complete_fish, .watches = 1, .quoting = QUOTE_FISH, .export_format = "set -gx %s ",
     .set_format = "set -g %s ", .unset_format = "set -e %s\n", .print_command = "printf '%s\\n' "},
    {.name = "pwsh", .hook = hook_text_ps1, .watches = 1, .quoting = QUOTE_PWSH, .export_format = "$Env:%s = ",
     .set_format = "$global:%s = ", .unset_format = "Remove-Item Env:%s -ErrorAction SilentlyContinue\n",
     .print_command = "Write-Output "},
    {.name = "cmd", .hook = hook_text_cmd, .quoting = QUOTE_CMD, .export_format = "@set \"%s=", .export_end = "\"",
     .unset_format = "@set \"%s=\"\n"},
    {.name = "sh", .quoting = QUOTE_POSIX, .export_format = "export %s=", .set_format = "%s=",
     .unset_format = "unset %s\n"},
    {.name = "dockerfile", .quoting = QUOTE_DOCKERFILE, .export_format = "ENV %s=", .unset_format = "ENV %s=\n"},
    {.name = "dotenv", .quoting = QUOTE_NONE, .export_format = "%s=", .unset_format = "%s=\n"},
    {.name = "github", .quoting = QUOTE_NONE, .export_format = "%s=", .unset_format = "%s=\n"},
    {.name = "json", .quoting = QUOTE_JSON, .export_format = "  \"%s\": ", .unset_format = "  \"%s\": null",
     .begin = "{\n", .separator = ",\n", .end = "\n}\n"},
};

#define SHELL_ROWS ((int)(sizeof rows / sizeof rows[0]))

const struct shell_row *shell_find(const char *name)
{
    for (int i = 0; i < SHELL_ROWS; i++) {
        if (strcmp(rows[i].name, name) == 0)
            return &rows[i];
    }
    return NULL;
}

/* A shell that has a hook (init, hook-env, shell accept it), or NULL. */
const struct shell_row *shell_find_hooked(const char *name)
{
    const struct shell_row *shell = shell_find(name);
    return shell != NULL && shell->hook != NULL ? shell : NULL;
}

/* The names, separated by spaces: of the shells with a hook, or of every row. */
const char *shell_names(int hooked)
{
    static char names[2][128];
    char *list = names[hooked != 0];
    if (list[0] == '\0') {
        for (int i = 0; i < SHELL_ROWS; i++) {
            if (!hooked || rows[i].hook != NULL)
                snprintf(list + strlen(list), sizeof names[0] - strlen(list), "%s%s", list[0] ? " " : "", rows[i].name);
        }
    }
    return list;
}

/* Length of a quote character PowerShell honours at c (U+2018..U+201B in UTF-8), or 0. */
static size_t typographic_quote(const char *c)
{
    const unsigned char *u = (const unsigned char *)c;
    return u[0] == 0xe2 && u[1] == 0x80 && u[2] >= 0x98 && u[2] <= 0x9b ? 3 : 0;
}

static void print_single_quoted(FILE *out, enum shell_quoting quoting, const char *value)
{
    const char *quote = quoting == QUOTE_FISH ? "\\'" : quoting == QUOTE_PWSH ? "''" : "'\\''";
    fputc('\'', out);
    for (const char *c = value; *c; c++) {
        size_t typographic = quoting == QUOTE_PWSH ? typographic_quote(c) : 0;
        if (typographic > 0) {
            fwrite(c, 1, typographic, out);
            fwrite(c, 1, typographic, out);
            c += typographic - 1;
        } else if (*c == '\'')
            fputs(quote, out);
        else if (*c == '\\' && quoting == QUOTE_FISH)
            fputs("\\\\", out);
        else
            fputc(*c, out);
    }
    fputc('\'', out);
}

/* A Dockerfile ENV value in double quotes: '\\', '"' and '$' (Docker expands it there) escaped. */
static void print_dockerfile_quoted(FILE *out, const char *value)
{
    fputc('"', out);
    for (const char *c = value; *c; c++) {
        if (*c == '\\' || *c == '"' || *c == '$')
            fputc('\\', out);
        fputc(*c, out);
    }
    fputc('"', out);
}

/* A value inside a batch file's @set "NAME=value": '%' doubled (a batch file expands %X%). */
static void print_batch_value(FILE *out, const char *value)
{
    for (const char *c = value; *c; c++) {
        if (*c == '%')
            fputc('%', out);
        fputc(*c, out);
    }
}

void shell_print_quoted(FILE *out, const struct shell_row *shell, const char *value)
{
    switch (shell->quoting) {
    case QUOTE_DOCKERFILE: print_dockerfile_quoted(out, value); break;
    case QUOTE_NONE: fputs(value, out); break;
    case QUOTE_JSON: cudnnv_json_print_string(out, value); break;
    case QUOTE_CMD: print_batch_value(out, value); break;
    default: print_single_quoted(out, shell->quoting, value); break;
    }
}

/* Whether the row can carry value: a line-based file format cannot carry control bytes. */
int shell_value_fits(const struct shell_row *shell, const char *value)
{
    int line_based = shell->quoting == QUOTE_NONE || shell->quoting == QUOTE_DOCKERFILE || shell->quoting == QUOTE_CMD;
    if (shell->quoting == QUOTE_CMD && strchr(value, '"') != NULL)
        return 0;
    return !line_based || !cudnnv_text_has_controls(value);
}

/* One exported variable; 1 after a message when the format cannot carry the value. */
int shell_print_export(FILE *out, const struct shell_row *shell, const char *name, const char *value)
{
    if (!shell_value_fits(shell, value))
        return fail("%s holds a control character (a new line?)%s, which a %s file cannot carry; clean that variable first",
                    name, shell->quoting == QUOTE_CMD ? " or a '\"'" : "", shell->name);
    fprintf(out, shell->export_format, name);
    shell_print_quoted(out, shell, value);
    fputs(shell->export_end ? shell->export_end : "", out);
    if (shell->separator == NULL)
        fputc('\n', out);
    return 0;
}

void shell_print_unset(FILE *out, const struct shell_row *shell, const char *name)
{
    fprintf(out, shell->unset_format, name);
}

/* A shell variable of the shell's own (not exported): what the hook keeps between prompts. */
void shell_print_set(FILE *out, const struct shell_row *shell, const char *name, const char *value)
{
    fprintf(out, shell->set_format ? shell->set_format : shell->export_format, name);
    shell_print_quoted(out, shell, value);
    fputs(shell->set_format == NULL && shell->export_end ? shell->export_end : "", out);
    fputc('\n', out);
}
