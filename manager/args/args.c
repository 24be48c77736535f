/*
 * The one parser of cudnnv's command lines, driven by each command's option
 * table: --opt VALUE and --opt=VALUE, -f and -nVALUE, options before, between
 * or after operands, "--" ends the options, -h/--help anywhere before it. An
 * unknown option, a missing value, an operand too many or too few, two
 * options the table says conflict, or operands after an option that goes
 * alone is bad usage (exit 2), named, with the nearest option and a pointer
 * at the command's --help.
 */
#include "args.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ARGS_HELP_SHOWN (-1)

static int option_count(const struct command *command)
{
    int count = 0;
    while (command->options != NULL && command->options[count].name != NULL && count < ARGS_MAX_OPTIONS)
        count++;
    return count;
}

/* The option named by word ("--name", "--name=VALUE" or "-n"), or NULL. */
const struct option_spec *option_find(const struct command *command, const char *word)
{
    size_t length = strcspn(word, "=");
    for (int i = 0; i < option_count(command); i++) {
        const struct option_spec *option = &command->options[i];
        if (word[1] == '-' ? strlen(option->name) == length && strncmp(option->name, word, length) == 0
                           : option->short_name != 0 && word[1] == option->short_name)
            return option;
    }
    return NULL;
}

static int fail_unknown_option(const struct command *command, const char *word)
{
    const char *names[ARGS_MAX_OPTIONS + 1];
    char name[64];
    int count = option_count(command);
    for (int i = 0; i < count; i++)
        names[i] = command->options[i].name;
    names[count] = "--help";
    snprintf(name, sizeof name, "%.*s", (int)strcspn(word, "="), word);
    const char *near = word[1] == '-' ? suggest_word(name, names, count + 1) : NULL;
    if (near != NULL)
        return usage_fail(command->name, "unknown option '%s'; did you mean '%s'?", name, near);
    return usage_fail(command->name, "unknown option '%s'", name);
}

/* One option word at argv[*i] (its value may be the next word). */
static int take_option(const struct command *command, int argc, char **argv, int *i, struct args *args)
{
    const char *word = argv[*i];
    const struct option_spec *option = option_find(command, word);
    if (option == NULL)
        return fail_unknown_option(command, word);
    const char *inline_value = word[1] == '-' ? strchr(word, '=') : (word[2] ? word + 1 : NULL);
    int index = (int)(option - command->options);
    if (option->value_name == NULL) {
        if (inline_value != NULL)
            return usage_fail(command->name, "option '%s' takes no value", option->name);
        args->value[index] = "";
        return 0;
    }
    if (inline_value != NULL) {
        args->value[index] = inline_value + 1;
        return 0;
    }
    if (*i + 1 >= argc)
        return usage_fail(command->name, "option '%s' needs a value, as in '%s %s'", option->name, option->name, option->value_name);
    args->value[index] = argv[++*i];
    return 0;
}

static int is_help(const char *word)
{
    return strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0;
}

static int is_option(const char *word)
{
    return word[0] == '-' && word[1] != '\0';
}

/*
 * nvm's spelling: 'v8.1' where a version is typed means '8.1' (for a
 * command that also takes files, only when no file has that name).
 */
static char *version_spelling(const struct command *command, char *word)
{
    if ((command->operands.complete & (COMPLETE_SETS | COMPLETE_RELEASES)) == 0 || (word[0] != 'v' && word[0] != 'V') ||
        word[1] < '0' || word[1] > '9')
        return word;
    if ((command->operands.complete & (COMPLETE_FILES | COMPLETE_DIRS)) != 0 && access(word, F_OK) == 0)
        return word;
    return word + 1;
}

/* Whether any option of the mask was given. */
static int given_among(const struct command *command, const struct args *args, unsigned mask)
{
    for (int j = 0; j < option_count(command); j++) {
        if (((mask >> j) & 1) && args_has(args, j))
            return 1;
    }
    return 0;
}

/* "'--a' or '--b'" for a mask of options. */
static const char *names_of(const struct command *command, unsigned mask)
{
    static char text[256];
    text[0] = '\0';
    for (int j = 0; j < option_count(command); j++) {
        size_t used = strlen(text);
        if ((mask >> j) & 1)
            snprintf(text + used, sizeof text - used, "%s'%s'", used ? " or " : "", command->options[j].name);
    }
    return text;
}

/* What the table declares beyond single words: conflicts, options that go alone, the fewest operands. */
static int check_table_rules(const struct command *command, const struct args *args)
{
    int own_form = 0;
    for (int i = 0; i < option_count(command); i++) {
        const struct option_spec *option = &command->options[i];
        if (!args_has(args, i))
            continue;
        own_form |= option->own_form != NULL;
        for (int j = 0; j < option_count(command); j++) {
            if (j != i && args_has(args, j) && ((option->conflicts >> j) & 1))
                return usage_fail(command->name, "give '%s' or '%s', not both", option->name,
                                  command->options[j].name);
        }
        if (option->only_with != 0 && !given_among(command, args, option->only_with))
            return usage_fail(command->name, "'%s' goes with %s", option->name, names_of(command, option->only_with));
        if (option->alone && args->count > 0)
            return usage_fail(command->name, "'%s' goes alone: '%s' cannot follow it", option->name,
                              args->operand[0]);
    }
    const struct operand_spec *operands = &command->operands;
    if (!own_form && args->count < operands->min) {
        if (operands->missing != NULL)
            return usage_fail(command->name, "%s", operands->missing);
        char text[512];
        operand_text(command, text, sizeof text);
        return usage_fail(command->name, "give %s", text);
    }
    return 0;
}

/*
 * Fills args from argv (argv[0] is the command's name). Returns 0, the usage
 * status after a message, or ARGS_HELP_SHOWN when --help printed the help.
 */
int args_parse(const struct command_list *all, const struct command *command, int argc, char **argv,
               struct args *args)
{
    memset(args, 0, sizeof *args);
    args->command = command;
    args->all = all;
    args->argc = argc;
    args->argv = argv;
    /* a short line's operands (the prompt's version-name: none) need no malloc, whose first use costs three
     * system calls */
    args->operand = (size_t)argc < sizeof args->few_operands / sizeof args->few_operands[0]
                        ? args->few_operands : calloc((size_t)argc + 1, sizeof *args->operand);
    if (args->operand == NULL)
        return fail("out of memory");
    int only_operands = 0;
    for (int i = 1; i < argc; i++) {
        const char *word = argv[i];
        if (only_operands || !is_option(word)) {
            args->operand[args->count++] = version_spelling(command, argv[i]);
            only_operands = only_operands || command->options_end_at_operand;
        } else if (strcmp(word, "--") == 0) {
            only_operands = 1;
        } else if (is_help(word)) {
            print_help(command, command->stdout_is_code ? stderr : stdout);
            return ARGS_HELP_SHOWN;
        } else if (take_option(command, argc, argv, &i, args) != 0) {
            return EXIT_USAGE;
        }
    }
    if (command->operands.max >= 0 && args->count > command->operands.max)
        return usage_fail(command->name, "unexpected argument '%s'", args->operand[command->operands.max]);
    return check_table_rules(command, args);
}

void args_release(struct args *args)
{
    if (args->operand != args->few_operands)
        free(args->operand);
    args->operand = NULL;
}

int args_has(const struct args *args, int option)
{
    return args->value[option] != NULL;
}

int args_values(const struct args *args, int option, const char **out, int max)
{
    const char *name = args->command->options[option].name;
    size_t length = strlen(name);
    int count = 0;
    for (int i = 1; i < args->argc && count < max && strcmp(args->argv[i], "--") != 0; i++) {
        if (strcmp(args->argv[i], name) == 0 && i + 1 < args->argc)
            out[count++] = args->argv[++i];
        else if (strncmp(args->argv[i], name, length) == 0 && args->argv[i][length] == '=')
            out[count++] = args->argv[i] + length + 1;
    }
    return count;
}

/*
 * Parses a command line by the command's table and runs it; argv[0] is the
 * command's name. run is the command's own, or the work a helper program does.
 */
int command_main(const struct command_list *all, const struct command *command, int (*run)(struct args *),
                 int argc, char **argv)
{
    struct args args;
    int status = args_parse(all, command, argc, argv, &args);
    if (status == 0)
        status = usage_report(command->name, run(&args));
    args_release(&args);
    return status == ARGS_HELP_SHOWN ? 0 : status;
}
