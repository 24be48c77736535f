/*
 * The man page's SYNOPSIS and OPTIONS, written from the command tables that
 * the parser, --help and completion read, so that the page cannot name an
 * option the program lacks or miss one it has. The prose around them is
 * written by hand in docs/cudnnv.1.in; cudnnv-man (cli/man_main.c) puts
 * the two together when cudnnv is built.
 */
#include "args.h"

#include <string.h>

/* Text as roff reads it on a line of its own: '-' as \-, '\' as \e, no control word at the start. */
static void put_roff(const char *text, FILE *out)
{
    if (text[0] == '.' || text[0] == '\'')
        fputs("\\&", out);
    for (const char *c = text; *c; c++) {
        if (*c == '-')
            fputs("\\-", out);
        else if (*c == '\\')
            fputs("\\e", out);
        else if (*c == '\n')
            fputc(' ', out);
        else
            fputc(*c, out);
    }
    fputc('\n', out);
}

/* Every usage line of every command 'cudnnv help' lists, in its order. */
void print_man_synopsis(const struct command_list *all, FILE *out)
{
    char line[1400];
    for (int i = 0; i < all->count; i++) {
        const struct command *command = all->commands[i];
        if (command->summary == NULL)
            continue;
        for (int n = 0; usage_line(command, n, line, sizeof line); n++) {
            fputs(".B cudnnv\n", out);
            put_roff(line, out);
            fputs(".br\n", out);
        }
    }
}

int print_man_command_head(const struct command_list *all, const char *name, FILE *out)
{
    char line[1400];
    const struct command *command = command_in(all, name);
    if (command == NULL)
        return -1;
    fputs(".TP\n", out);
    for (int n = 0; usage_line(command, n, line, sizeof line); n++) {
        if (n > 0)
            fputs(".br\n", out);
        fputs(".B ", out);
        put_roff(line, out);
    }
    return 0;
}

/* Per command, each option's label and help: the rows of 'cudnnv COMMAND --help'. */
void print_man_options(const struct command_list *all, FILE *out)
{
    char label[64], values[512];
    for (int i = 0; i < all->count; i++) {
        const struct command *command = all->commands[i];
        if (command->summary == NULL || command->options == NULL || command->options[0].name == NULL)
            continue;
        fputs(".SS ", out);
        put_roff(command->name, out);
        for (int j = 0; command->options[j].name != NULL; j++) {
            option_label(&command->options[j], label, sizeof label);
            option_values(&command->options[j], values, sizeof values);
            fputs(".TP\n.B ", out);
            put_roff(label, out);
            put_roff(command->options[j].help, out);
            if (values[0] != '\0') {
                fputs(".br\none of: ", out);
                put_roff(values, out);
            }
        }
    }
}
