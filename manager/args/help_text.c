/*
 * 'cudnnv help COMMAND' and 'cudnnv COMMAND --help', written from the
 * command's table and prose: its usage lines, its description, then one row
 * per option (the same rows the parser reads and completion offers), then
 * its notes.
 */
#include "args.h"
#include "platform.h"

#include <string.h>

#define HELP_COLUMN 22

/* "-f, --force", "--name NAME": an option as help and the man page label it. */
void option_label(const struct option_spec *option, char *out, size_t size)
{
    char shortcut[8] = "";
    if (option->short_name != 0)
        snprintf(shortcut, sizeof shortcut, "-%c, ", option->short_name);
    snprintf(out, size, "%s%s%s%s", shortcut, option->name, option->value_name ? " " : "",
             option->value_name ? option->value_name : "");
}

/* "  label  text", continuation lines indented to the text's column. */
static void print_option_row(FILE *out, const char *label, const char *text)
{
    int width = fprintf(out, "  %s", label);
    if (width + 2 > HELP_COLUMN) {
        fputc('\n', out);
        width = 0;
    }
    for (const char *line = text; *line;) {
        size_t length = strcspn(line, "\n");
        fprintf(out, "%*s%.*s\n", HELP_COLUMN - width, "", (int)length, line);
        width = 0;
        line += length + (line[length] == '\n');
    }
}

/* Appends "[--name VALUE]" (and "[--a | --b]" for two options that conflict) to a usage line. */
static void append_option(const struct command *command, int index, char *line, size_t size)
{
    const struct option_spec *option = &command->options[index];
    size_t used = strlen(line);
    snprintf(line + used, size - used, " [%s%s%s", option->name, option->value_name ? " " : "",
             option->value_name ? option->value_name : "");
    for (int j = index + 1; command->options[j].name != NULL; j++) {
        const struct option_spec *other = &command->options[j];
        if (((option->conflicts >> j) & 1) && other->own_form == NULL) {
            used = strlen(line);
            snprintf(line + used, size - used, " | %s%s%s", other->name, other->value_name ? " " : "",
                     other->value_name ? other->value_name : "");
        }
    }
    used = strlen(line);
    snprintf(line + used, size - used, "]");
}

/* Whether an earlier option already showed this one as its alternative. */
static int shown_with_earlier(const struct command *command, int index)
{
    for (int i = 0; i < index; i++) {
        if ((command->options[i].conflicts >> index) & 1)
            return 1;
    }
    return 0;
}

/* The operands as the usage shows them: the table's text, else the values of the words they can be. */
void operand_text(const struct command *command, char *out, size_t size)
{
    if (command->operands.usage != NULL)
        snprintf(out, size, "%s", command->operands.usage);
    else
        value_words(command->operands.complete, command->operands.words, '|', out, size);
}

/*
 * Usage line number n of a command, written from the table ("install
 * [--name NAME] ... [SOURCE]"; 0 when there is no such line): line 0 holds
 * the options that go with the operands, then the operands; each option
 * with a form of its own ("--unset", "--list [PREFIX]") has a line after.
 */
int usage_line(const struct command *command, int n, char *out, size_t size)
{
    char line[1024] = "", operands[256];
    int count = 0;
    if (n == 0) {
        for (int i = 0; command->options != NULL && command->options[i].name != NULL; i++) {
            if (command->options[i].own_form == NULL && command->options[i].only_with == 0 &&
                !shown_with_earlier(command, i))
                append_option(command, i, line, sizeof line);
        }
        operand_text(command, operands, sizeof operands);
        snprintf(out, size, "%s%s%s%s", command->name, line, operands[0] ? " " : "", operands);
        return 1;
    }
    for (int i = 0; command->options != NULL && command->options[i].name != NULL; i++) {
        const struct option_spec *option = &command->options[i];
        if (option->own_form != NULL && ++count == n) {
            snprintf(out, size, "%s %s%s%s%s%s", command->name, option->name, option->value_name ? " " : "",
                     option->value_name ? option->value_name : "", option->own_form[0] ? " " : "", option->own_form);
            return 1;
        }
    }
    return 0;
}

static void print_usage(const struct command *command, FILE *out)
{
    char line[1400];
    for (int n = 0; usage_line(command, n, line, sizeof line); n++)
        fprintf(out, "%scudnnv %s\n", n == 0 ? "Usage: " : "       ", line);
}

/* The words an option's value can be, separated by spaces ("" for any value): help and the man page list them. */
void option_values(const struct option_spec *option, char *out, size_t size)
{
    value_words(option->complete & (COMPLETE_WORDS | COMPLETE_SHELLS | COMPLETE_FORMATS | COMPLETE_PLATFORMS),
                option->words, ' ', out, size);
}

/* The command's prose (docs/commands/NAME.txt); one with none written has an empty one. */
const struct command_prose *prose_of(const struct command *command)
{
    static const struct command_prose none = {0};
    for (const struct command_prose *prose = command_prose; prose->name != NULL; prose++) {
        if (strcmp(prose->name, command->name) == 0)
            return prose;
    }
    return &none;
}

int command_is_listed(const struct command *command)
{
    return prose_of(command)->summary != NULL;
}

void print_help(const struct command *command, FILE *out)
{
    char label[64];
    const struct command_prose *prose = prose_of(command);
    print_usage(command, out);
    if (prose->description != NULL)
        fprintf(out, "\n%s", prose->description);
    fputs("\nOptions:\n", out);
    for (int i = 0; command->options != NULL && command->options[i].name != NULL; i++) {
        const struct option_spec *option = &command->options[i];
        char text[2048], values[512];
        option_label(option, label, sizeof label);
        option_values(option, values, sizeof values);
        snprintf(text, sizeof text, "%s%s%s", option->help, values[0] ? "\none of: " : "", values);
        print_option_row(out, label, text);
    }
    print_option_row(out, "-h, --help", "show this help");
    if (prose->notes != NULL)
        fprintf(out, "\n%s", prose->notes);
    if (prose->details != NULL && PLATFORM_MANUAL[0] != '\0')
        fprintf(out, "\nMore of '%s' in the manual: %s\n", command->name, PLATFORM_MANUAL);
}

/* The command of that name in the list, or NULL. */
const struct command *command_in(const struct command_list *all, const char *name)
{
    for (int i = 0; i < all->count; i++) {
        if (strcmp(all->commands[i]->name, name) == 0)
            return all->commands[i];
    }
    return NULL;
}

const struct command *command_answering(const struct command_list *all, const char *name)
{
    const struct command *command = command_in(all, name);
    return command != NULL && command->same_as != NULL ? command->same_as : command;
}
