/*
 * How every part of cudnnv speaks to the user: one escaped line on stderr
 * per problem, prefixed "cudnnv:" (messages.c). The base part: any part
 * may include it; it calls nothing of cudnnv's but the shim's escaping.
 */
#ifndef CUDNNV_MESSAGES_H
#define CUDNNV_MESSAGES_H

#define EXIT_USER_ERROR 1
#define EXIT_USAGE 2

int fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
int usage_fail(const char *command, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* A wrong use of options found below the commands (a source, a framework's data), which do not know the
 * command's name: kept until the command returns, then said as its usage error (usage_report); EXIT_USAGE. */
int usage_problem(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* What the command returned, after saying the usage problem kept for it, as 'cudnnv COMMAND: ...'. */
int usage_report(const char *command, int status);
void note(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* A path as the data a command prints (which, prefix, root), on a line of stdout, as the system writes paths. */
void print_path(const char *path);
/* A question on stderr, escaped, with no new line: the answer is typed after it. */
void ask(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
