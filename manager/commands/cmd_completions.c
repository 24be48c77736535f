/*
 * cudnnv completions [COMMAND]: the words a shell completes, one per line:
 * the commands, or a command's options and, for commands that take a
 * version, the installed sets. The completion functions from 'cudnnv init'
 * call it.
 */
#include "cli.h"
#include "commands.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

const char cmd_completions_help[] =
    "Usage: cudnnv completions [COMMAND]\n"
    "\n"
    "Print the words to complete, one per line: without COMMAND the commands;\n"
    "with it, its options and (for commands taking a version) the installed\n"
    "sets.\n";

static void print_words(const char *words)
{
    for (const char *word = words; *word;) {
        size_t length = strcspn(word, " ");
        if (length > 0)
            printf("%.*s\n", (int)length, word);
        word += length + (word[length] == ' ');
    }
}

int cmd_completions(int argc, char **argv)
{
    int count;
    const struct command *commands = command_table(&count);
    if (argc > 2)
        return usage_fail("completions", "give at most one command");
    if (argc == 1) {
        for (int i = 0; i < count; i++) {
            if (commands[i].summary != NULL)
                printf("%s\n", commands[i].name);
        }
        return 0;
    }
    const struct command *command = command_find(argv[1]);
    if (command == NULL)
        return 0;
    print_words(command->options);
    if (command->takes_version) {
        cudnnv_name names[CUDNNV_MAX_SETS];
        int sets = cudnnv_list_sets(store_root(), names, CUDNNV_MAX_SETS);
        for (int i = 0; i < sets; i++)
            printf("%s\n", names[i]);
    }
    return 0;
}
