/*
 * Single-quoted values for sh-like shells, fish and PowerShell, each with its
 * own way of writing a quote inside quotes, and the one line that sets or
 * removes an environment variable in each. PowerShell also ends a quoted
 * string at the typographic quotes U+2018..U+201B, so those are doubled too.
 */
#include "shell_quote.h"

#include <string.h>

int shell_is_known(const char *shell)
{
    return strcmp(shell, "bash") == 0 || strcmp(shell, "zsh") == 0 || strcmp(shell, "sh") == 0 ||
           strcmp(shell, "fish") == 0 || strcmp(shell, "pwsh") == 0;
}

/* Length of a quote character PowerShell honours at c (U+2018..U+201B in UTF-8), or 0. */
static size_t typographic_quote(const char *c)
{
    const unsigned char *u = (const unsigned char *)c;
    return u[0] == 0xe2 && u[1] == 0x80 && u[2] >= 0x98 && u[2] <= 0x9b ? 3 : 0;
}

void shell_print_quoted(FILE *out, const char *shell, const char *value)
{
    const char *quote = strcmp(shell, "fish") == 0 ? "\\'" : strcmp(shell, "pwsh") == 0 ? "''" : "'\\''";
    int pwsh = strcmp(shell, "pwsh") == 0;
    fputc('\'', out);
    for (const char *c = value; *c; c++) {
        size_t typographic = pwsh ? typographic_quote(c) : 0;
        if (typographic > 0) {
            fwrite(c, 1, typographic, out);
            fwrite(c, 1, typographic, out);
            c += typographic - 1;
        } else if (*c == '\'')
            fputs(quote, out);
        else if (*c == '\\' && strcmp(shell, "fish") == 0)
            fputs("\\\\", out);
        else
            fputc(*c, out);
    }
    fputc('\'', out);
}

void shell_print_export(FILE *out, const char *shell, const char *name, const char *value)
{
    if (strcmp(shell, "fish") == 0)
        fprintf(out, "set -gx %s ", name);
    else if (strcmp(shell, "pwsh") == 0)
        fprintf(out, "$Env:%s = ", name);
    else
        fprintf(out, "export %s=", name);
    shell_print_quoted(out, shell, value);
    fputc('\n', out);
}

void shell_print_unset(FILE *out, const char *shell, const char *name)
{
    if (strcmp(shell, "fish") == 0)
        fprintf(out, "set -e %s\n", name);
    else if (strcmp(shell, "pwsh") == 0)
        fprintf(out, "Remove-Item Env:%s -ErrorAction SilentlyContinue\n", name);
    else
        fprintf(out, "unset %s\n", name);
}

/* A shell variable of the shell's own (not exported): what the hook keeps between prompts. */
void shell_print_set(FILE *out, const char *shell, const char *name, const char *value)
{
    if (strcmp(shell, "fish") == 0)
        fprintf(out, "set -g %s ", name);
    else if (strcmp(shell, "pwsh") == 0)
        fprintf(out, "$global:%s = ", name);
    else
        fprintf(out, "%s=", name);
    shell_print_quoted(out, shell, value);
    fputc('\n', out);
}
