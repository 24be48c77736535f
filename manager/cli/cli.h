/*
 * What every command shares: the command table entry, the exit statuses and
 * the message helpers. Commands live one per file (cmd_*.c); the table that
 * names them all is commands.c.
 */
#ifndef CUDNNV_CLI_H
#define CUDNNV_CLI_H

#include <stddef.h>
#include <stdio.h>

#define EXIT_USER_ERROR 1
#define EXIT_USAGE 2

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;   /* one line for 'cudnnv help'; NULL: not listed (plumbing) */
    const char *help;      /* the whole text for 'cudnnv help NAME' and NAME --help; NULL:
                              the command's helper program prints it */
    int passes_arguments;  /* exec: --help after the command name belongs to that command */
    const char *options;   /* for completion: the options, separated by spaces */
    int takes_version;     /* for completion: offer the installed sets */
};

const struct command *command_find(const char *name);
const struct command *command_table(int *count);

/* messages.c */
int fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
int usage_fail(const char *command, const char *format, ...) __attribute__((format(printf, 2, 3)));
void note(const char *format, ...) __attribute__((format(printf, 1, 2)));
void note_with_prefix(const char *prefix, const char *format, ...) __attribute__((format(printf, 2, 3)));
int asks_for_help(int argc, char **argv);
int print_command_help(const char *name);

/* install_helper.c */
int helper_run_capture(const char *name, char **argv, char *out, size_t size);

/* suggest.c */
const char *suggest_command(const char *name);
int fail_unknown_command(const char *name);

/* json.c */
void json_string(FILE *out, const char *text);
void json_next_member(FILE *out, const char *key, const char *value);

#endif
