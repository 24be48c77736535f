/*
 * Unit tests of the one command-line parser (args/args.c) with a command
 * table of the test's own: long and short options, values inline or next,
 * options anywhere, "--", --help, and each kind of bad usage (exit 2, one
 * line naming it). The test hands down a command list of its own, so only
 * the parser, the help writer, the messages and the suggestions are linked.
 */
#include "args.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OPT_JSON, OPT_FORCE, OPT_NAME };

static const struct option_spec options[] = {
    [OPT_JSON] = {.name = "--json", .help = "print JSON"},
    [OPT_FORCE] = {.name = "--force", .short_name = 'f', .help = "do it anyway"},
    [OPT_NAME] = {.name = "--name", .short_name = 'n', .value_name = "NAME", .help = "the name"},
    {.name = NULL},
};

static int run_nothing(struct args *args)
{
    (void)args;
    return 0;
}

static const struct command tool = {
    .name = "tool", .run = run_nothing, .operands = {.usage = "NAME...", .max = 2},
    .options = options,
};

static const struct command runner = {
    .name = "runner", .run = run_nothing, .operands = {.usage = "PROGRAM [ARGS...]", .max = -1},
    .options = options, .options_end_at_operand = 1,
};

static const struct command *const table[] = {&tool, &runner};
static const struct command_list all = {table, 2};

/* Parses a NULL-ended list of words after the command's name; stderr goes to a file read into said. */
static char said[4096];

static int parse(const struct command *command, struct args *args, ...)
{
    char *argv[32];
    int argc = 0;
    va_list words;
    va_start(words, args);
    argv[argc++] = (char *)command->name;
    for (char *word; (word = va_arg(words, char *)) != NULL;)
        argv[argc++] = word;
    va_end(words);
    argv[argc] = NULL;
    fflush(stderr);
    FILE *capture = tmpfile();
    int saved = dup(2);
    dup2(fileno(capture), 2);
    static char *kept[32];
    memcpy(kept, argv, sizeof argv);
    int status = args_parse(&all, command, argc, kept, args);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(capture);
    size_t got = fread(said, 1, sizeof said - 1, capture);
    said[got] = '\0';
    fclose(capture);
    return status;
}

static void options_anywhere_and_values_either_way(void **state)
{
    struct args args;
    (void)state;
    assert_int_equal(parse(&tool, &args, "a", "--json", "b", "--name=x", NULL), 0);
    assert_int_equal(args.count, 2);
    assert_string_equal(args.operand[0], "a");
    assert_string_equal(args.operand[1], "b");
    assert_true(args_has(&args, OPT_JSON));
    assert_false(args_has(&args, OPT_FORCE));
    assert_string_equal(args.value[OPT_NAME], "x");
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "-f", "--name", "y", "-nz", NULL), 0);
    assert_true(args_has(&args, OPT_FORCE));
    assert_string_equal(args.value[OPT_NAME], "z");   /* the last one given */
    assert_int_equal(args.count, 0);
    args_release(&args);
    /* "--name=" gives an empty value, not a missing one */
    assert_int_equal(parse(&tool, &args, "--name=", NULL), 0);
    assert_string_equal(args.value[OPT_NAME], "");
    args_release(&args);
}

static void double_dash_and_program_arguments(void **state)
{
    struct args args;
    (void)state;
    assert_int_equal(parse(&tool, &args, "--", "--json", "-f", NULL), 0);
    assert_false(args_has(&args, OPT_JSON));
    assert_string_equal(args.operand[0], "--json");
    assert_string_equal(args.operand[1], "-f");
    args_release(&args);
    /* after the program, every word is the program's, --help included */
    assert_int_equal(parse(&runner, &args, "--json", "python", "--json", "--help", "-", NULL), 0);
    assert_true(args_has(&args, OPT_JSON));
    assert_int_equal(args.count, 4);
    assert_string_equal(args.operand[1], "--json");
    assert_string_equal(args.operand[2], "--help");
    args_release(&args);
}

static void bad_usage_is_named_with_the_help_to_read(void **state)
{
    struct args args;
    (void)state;
    assert_int_equal(parse(&tool, &args, "--jsno", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "cudnnv tool: unknown option '--jsno'; did you mean '--json'?"));
    assert_non_null(strstr(said, "(see 'cudnnv tool --help')"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "--zebra=1", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "unknown option '--zebra'"));
    assert_null(strstr(said, "did you mean"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "-q", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "unknown option '-q'"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "--name", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "option '--name' needs a value, as in '--name NAME'"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "--json=yes", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "option '--json' takes no value"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "a", "b", "c", NULL), EXIT_USAGE);
    assert_non_null(strstr(said, "unexpected argument 'c'"));
    args_release(&args);
    /* every message is one line */
    assert_int_equal(strchr(said, '\n'), said + strlen(said) - 1);
}

static void help_anywhere_before_double_dash(void **state)
{
    struct args args;
    (void)state;
    fflush(stdout);
    FILE *capture = tmpfile();
    int saved = dup(1);
    dup2(fileno(capture), 1);
    int status = parse(&tool, &args, "a", "-h", "--bogus", NULL);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(capture);
    char text[4096];
    size_t got = fread(text, 1, sizeof text - 1, capture);
    text[got] = '\0';
    fclose(capture);
    assert_true(status < 0);   /* help shown: the command does not run */
    assert_non_null(strstr(text, "Usage: cudnnv tool [--json] [--force] [--name NAME] NAME..."));   /* written from the table */
    assert_non_null(strstr(text, "  -n, --name NAME"));
    assert_non_null(strstr(text, "  -h, --help"));
    args_release(&args);
    assert_int_equal(parse(&tool, &args, "--", "--help", NULL), 0);
    assert_string_equal(args.operand[0], "--help");
    args_release(&args);
}
