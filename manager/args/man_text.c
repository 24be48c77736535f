/*
 * The man page's SYNOPSIS, OPTIONS and each command's entry, written from
 * the command tables that the parser, --help and completion read: an entry
 * is the usage lines, then the command's prose (docs/commands/NAME.txt:
 * the description and notes --help prints, the manual's own paragraphs, its
 * details), so that each is written once and
 * the page cannot name an option the program lacks or miss one it has. The
 * page's other sections are written by hand in docs/cudnnv.1.in; cudnnv-man
 * (cli/man_main.c) puts the two together when cudnnv is built.
 */
#include "args.h"

#include <string.h>

/* LENGTH bytes of text as roff reads them on a line of their own: '-' as \-, '\' as \e, no control word first. */
static void put_roff_line(const char *text, size_t length, FILE *out)
{
    if (text[0] == '.' || text[0] == '\'')
        fputs("\\&", out);
    for (size_t i = 0; i < length; i++) {
        if (text[i] == '-')
            fputs("\\-", out);
        else if (text[i] == '\\')
            fputs("\\e", out);
        else if (text[i] == '\n')
            fputc(' ', out);
        else
            fputc(text[i], out);
    }
    fputc('\n', out);
}

static void put_roff(const char *text, FILE *out)
{
    put_roff_line(text, strlen(text), out);
}

/*
 * Help text as the paragraphs of a man page entry: a blank line starts a
 * paragraph; a line indented by two spaces (an example, a list's item)
 * starts a line of its own, indent kept, a line indented deeper
 * continues it, and the next line not indented starts a line; a paragraph that begins with "cudnnv " names a form of the
 * command, in bold on a line of its own.
 */
static void put_prose(const char *text, int first, FILE *out)
{
    int starts = !first, in_list = 0;
    for (const char *line = text; *line;) {
        size_t length = strcspn(line, "\n"), indent = strspn(line, " ");
        if (length == 0) {
            starts = 1;
        } else {
            if (starts)
                fputs(".IP\n", out);
            else if (in_list && indent == 0)
                fputs(".br\n", out);
            in_list = indent > 0;
            if (starts && strncmp(line, "cudnnv ", 7) == 0) {
                fputs(".B ", out);
                put_roff_line(line, length, out);
                fputs(".br\n", out);
            } else if (indent > 2 && indent < length) {
                put_roff_line(line + indent, length - indent, out);
            } else {
                put_roff_line(line, length, out);
            }
            starts = 0;
        }
        line += length + (line[length] == '\n');
    }
}

/* Every usage line of every command 'cudnnv help' lists, in its order. */
void print_man_synopsis(const struct command_list *all, FILE *out)
{
    char line[1400];
    for (int i = 0; i < all->count; i++) {
        const struct command *command = all->commands[i];
        if (!command_is_listed(command))
            continue;
        for (int n = 0; usage_line(command, n, line, sizeof line); n++) {
            fputs(".B cudnnv\n", out);
            put_roff(line, out);
            fputs(".br\n", out);
        }
    }
}

/* A command's entry under COMMANDS: its usage lines, then its description, the manual's details and its notes. */
int print_man_command(const struct command_list *all, const char *name, FILE *out)
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
    if (usage_line(command, 1, line, sizeof line))
        fputs(".br\n", out);
    const struct command_prose *prose = prose_of(command);
    const char *parts[] = {prose->description, prose->details, prose->notes};
    int first = 1;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (parts[i] != NULL) {
            put_prose(parts[i], first, out);
            first = 0;
        }
    }
    return 0;
}

/* Per command, each option's label and help: the rows of 'cudnnv COMMAND --help'. */
void print_man_options(const struct command_list *all, FILE *out)
{
    char label[64], values[512];
    for (int i = 0; i < all->count; i++) {
        const struct command *command = all->commands[i];
        if (!command_is_listed(command) || command->options == NULL || command->options[0].name == NULL)
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
