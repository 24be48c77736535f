/*
 * How cudnnv talks: data on stdout, messages on stderr, each error one line
 * prefixed "cudnnv:" that names the cause and the fix. A user error exits 1,
 * bad usage exits 2 (after pointing at the command's --help).
 */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

int fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("cudnnv: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    return EXIT_USER_ERROR;
}

int usage_fail(const char *command, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "cudnnv %s: ", command);
    vfprintf(stderr, format, args);
    fprintf(stderr, " (see 'cudnnv %s --help')\n", command);
    va_end(args);
    return EXIT_USAGE;
}

void note(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

/* True when -h or --help comes before a "--". */
int asks_for_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return 0;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return 1;
    }
    return 0;
}

int print_command_help(const char *name)
{
    const struct command *command = command_find(name);
    if (command == NULL)
        return fail("no such command '%s'; run 'cudnnv help' for the list", name);
    if (command->help == NULL) {
        /* the command runs in a helper program, which prints its own help */
        char *argv[] = {(char *)name, "--help", NULL};
        fflush(stdout);
        return command->run(2, argv);
    }
    fputs(command->help, stdout);
    return 0;
}
