/*
 * 'cudnnv help COMMAND' and 'cudnnv COMMAND --help', written from the
 * command's table: its usage lines, its text, then one row per option (the
 * same rows the parser reads and completion offers), then its notes.
 */
#include "cli.h"

#include <string.h>

#define HELP_COLUMN 22

static void option_label(const struct option_spec *option, char *out, size_t size)
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

/* One "cudnnv NAME ..." line per usage line; an empty line is the bare command. */
static void print_usage(const struct command *command, FILE *out)
{
    const char *lead = "Usage: ";
    const char *line = command->usage ? command->usage : "";
    for (;;) {
        size_t length = strcspn(line, "\n");
        fprintf(out, "%scudnnv %s%s%.*s\n", lead, command->name, length ? " " : "", (int)length, line);
        if (line[length] == '\0')
            return;
        lead = "       ";
        line += length + 1;
    }
}

void print_help(const struct command *command, FILE *out)
{
    char label[64];
    print_usage(command, out);
    if (command->description != NULL)
        fprintf(out, "\n%s", command->description);
    fputs("\nOptions:\n", out);
    for (int i = 0; command->options != NULL && command->options[i].name != NULL; i++) {
        option_label(&command->options[i], label, sizeof label);
        print_option_row(out, label, command->options[i].help);
    }
    print_option_row(out, "-h, --help", "show this help");
    if (command->notes != NULL)
        fprintf(out, "\n%s", command->notes);
}

int print_command_help(const char *name)
{
    const struct command *command = command_find(name);
    if (command == NULL)
        return fail_unknown_command(name);
    print_help(command, stdout);
    return 0;
}
