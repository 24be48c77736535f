/*
 * The shell table: every shell cudnnv integrates with (bash, zsh, fish,
 * PowerShell) and every output format of 'cudnnv env' (sh, Dockerfile,
 * dotenv, GitHub Actions, JSON, a batch file for cmd) is one row: its name, how it quotes, how it
 * sets, exports and removes a variable, and, for a shell, its hook text.
 * init, hook-env, shell and env all read it; adding a shell is adding a row
 * and a file under hooks/.
 */
#ifndef CUDNNV_SHELL_TABLE_H
#define CUDNNV_SHELL_TABLE_H

#include <stdio.h>

enum shell_quoting {
    QUOTE_POSIX,       /* 'it'\''s' */
    QUOTE_FISH,        /* 'it\'s', '\\' doubled */
    QUOTE_PWSH,        /* 'it''s', and the typographic quotes doubled */
    QUOTE_DOCKERFILE,  /* "...", with \ " $ escaped */
    QUOTE_NONE,        /* as it is (dotenv, GitHub Actions): no control bytes allowed */
    QUOTE_JSON,        /* a JSON string */
    QUOTE_CMD,         /* a value in a batch file's @set "NAME=value": '%' doubled; no '"' or control bytes */
};

struct shell_row {
    const char *name;
    const char *hook;          /* the text 'cudnnv init NAME' prints; NULL: an output format only */
    const char *common;        /* what its hook shares with others (@COMMON@ in it), or NULL */
    const char *completion;    /* its completion code (@COMPLETION@ in its hook; also installed on its own), or NULL */
    int watches;               /* its hook checks hook-env's watch list itself (no process per prompt) */
    enum shell_quoting quoting;
    const char *export_format; /* printf format of an exported variable's line, before its value: %s is the name */
    const char *export_end;    /* what follows the value on that line (cmd's closing quote), or NULL */
    const char *set_format;    /* the same for a variable of the shell's own; NULL: none */
    const char *unset_format;  /* the line that removes a variable; %s is the name */
    const char *print_command; /* what prints a value (the quoted value and a new line follow), or NULL */
    const char *begin, *separator, *end;   /* around and between variables (JSON), or NULL */
};

const struct shell_row *shell_find(const char *name);
const struct shell_row *shell_find_hooked(const char *name);
const char *shell_names(int hooked);
void shell_print_quoted(FILE *out, const struct shell_row *shell, const char *value);
int shell_print_export(FILE *out, const struct shell_row *shell, const char *name, const char *value);
void shell_print_unset(FILE *out, const struct shell_row *shell, const char *name);
void shell_print_set(FILE *out, const struct shell_row *shell, const char *name, const char *value);
int shell_value_fits(const struct shell_row *shell, const char *value);

#endif
