/*
 * Writing a value into shell code so that the shell reads it back unchanged:
 * shared by shell and env.
 */
#ifndef CUDNNV_SHELL_QUOTE_H
#define CUDNNV_SHELL_QUOTE_H

#include <stdio.h>

int shell_is_known(const char *shell);
void shell_print_quoted(FILE *out, const char *shell, const char *value);
void shell_print_export(FILE *out, const char *shell, const char *name, const char *value);
void shell_print_unset(FILE *out, const char *shell, const char *name);
void shell_print_set(FILE *out, const char *shell, const char *name, const char *value);

#endif
