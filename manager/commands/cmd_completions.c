/*
 * cudnnv completions [COMMAND [WORD...]]: what a shell may complete next,
 * one word per line, read from the command's table: after an option that
 * takes a value, that option's values; else the options and what an operand
 * can be. A line "-@files", "-@dirs" or "-@programs" asks the shell to
 * complete a path or a program itself (no name or option starts with "-@").
 * WORDs are the words already typed after COMMAND. The completion functions
 * of every shell ('cudnnv init') call it.
 */
#include "catalog.h"
#include "args.h"
#include "commands.h"
#include "frameworks.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

static void print_commands(const struct command_list *all)
{
    for (int i = 0; i < all->count; i++) {
        if (command_is_listed(all->commands[i]))
            printf("%s\n", all->commands[i]->name);
    }
}

static void print_sets(void)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    int count = cudnnv_list_sets(store_root(), names, CUDNNV_MAX_SETS);
    for (int i = 0; i < count; i++)
        printf("%s\n", names[i]);
}

/* True when some build of the release has an archive for this machine's platform (install takes only those). */
static int release_runs_here(const struct catalog_release *release)
{
    enum catalog_platform here = catalog_host_platform();
    for (int b = 0; b < release->build_count; b++) {
        if (release->builds[b].archive[here].name[0] != '\0')
            return 1;
    }
    return 0;
}

/* The catalog's releases for this platform, or the CUDA versions its builds are for (each once). */
static void print_catalog(int cuda)
{
    struct catalog catalog;
    if (catalog_load(&catalog) != 0)
        return;
    for (int i = 0; i < catalog.count; i++) {
        const struct catalog_release *release = &catalog.releases[i];
        if (!cuda) {
            if (release_runs_here(release))
                printf("%s\n", release->version);
            continue;
        }
        for (int b = 0; b < release->build_count; b++) {
            int seen = 0;
            for (int j = 0; j <= i && !seen; j++) {
                for (int c = 0; c < (j == i ? b : catalog.releases[j].build_count) && !seen; c++)
                    seen = strcmp(catalog.releases[j].builds[c].cuda, release->builds[b].cuda) == 0;
            }
            if (!seen)
                printf("%s\n", release->builds[b].cuda);
        }
    }
    catalog_free(&catalog);
}

/* Each framework of the framework table by the name pip installs it as (torch, tensorflow, jax, onnxruntime), and
 * each release frameworks.ini pins (torch==2.4.0, ...). */
static void print_frameworks(void)
{
    struct framework_pins pins;
    int count;
    const struct framework_rule *rules = framework_rules(&count);
    for (int i = 0; i < count; i++)
        printf("%s\n", strcmp(rules[i].name, "pytorch") == 0 ? "torch" : rules[i].name);
    if (frameworks_load(&pins) != 0)
        return;
    for (int i = 0; i < pins.count; i++) {
        const char *name = strcmp(pins.pins[i].framework, "pytorch") == 0 ? "torch" : pins.pins[i].framework;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = strcmp(pins.pins[j].framework, pins.pins[i].framework) == 0 &&
                   strcmp(pins.pins[j].version, pins.pins[i].version) == 0;
        if (!seen)
            printf("%s==%s\n", name, pins.pins[i].version);
    }
    frameworks_free(&pins);
}

static void print_values(const struct command_list *all, unsigned what, const char *words)
{
    char listed[1024];
    value_words(what, words, '\n', listed, sizeof listed);
    if (listed[0] != '\0')
        printf("%s\n", listed);
    if (what & COMPLETE_SETS)
        print_sets();
    if (what & COMPLETE_RELEASES)
        print_catalog(0);
    if (what & COMPLETE_CUDA)
        print_catalog(1);
    if (what & COMPLETE_FRAMEWORKS)
        print_frameworks();
    if (what & COMPLETE_COMMANDS)
        print_commands(all);
    if (what & COMPLETE_FILES)
        printf("-@files\n");
    if (what & COMPLETE_DIRS)
        printf("-@dirs\n");
    if (what & COMPLETE_PROGRAMS)
        printf("-@programs\n");
}

/* Reads the words typed so far; returns the option whose value comes next, or NULL. */
static const struct option_spec *read_typed(const struct command *command, int count, char **words,
                                            int *operands, int *only_operands)
{
    const struct option_spec *pending = NULL;
    *operands = *only_operands = 0;
    for (int i = 0; i < count; i++) {
        const char *word = words[i];
        pending = NULL;
        if (*only_operands || word[0] != '-' || word[1] == '\0') {
            (*operands)++;
            *only_operands = *only_operands || command->options_end_at_operand;
        } else if (strcmp(word, "--") == 0) {
            *only_operands = 1;
        } else {
            const struct option_spec *option = option_find(command, word);
            int inline_value = word[1] == '-' ? strchr(word, '=') != NULL : word[2] != '\0';
            if (option != NULL && option->value_name != NULL && !inline_value)
                pending = option;
        }
    }
    return pending;
}

static int run(struct args *args)
{
    int operands, only_operands;
    if (args->count == 0) {
        print_commands(args->all);
        return 0;
    }
    const struct command *command = command_answering(args->all, args->operand[0]);
    if (command == NULL)
        return 0;
    const struct option_spec *pending =
        read_typed(command, args->count - 1, args->operand + 1, &operands, &only_operands);
    if (pending != NULL) {
        print_values(args->all, pending->complete, pending->words);
        return 0;
    }
    if (command->options_end_at_operand && operands > 0) {
        printf("-@files\n");   /* the arguments of the program exec runs */
        return 0;
    }
    for (int i = 0; !only_operands && command->options != NULL && command->options[i].name != NULL; i++)
        printf("%s\n", command->options[i].name);
    if (!only_operands)
        printf("--help\n");
    if (command->operands.max < 0 || operands < command->operands.max)
        print_values(args->all, command->operands.complete, command->operands.words);
    return 0;
}

const struct command command_completions = {
    .name = "completions",
    .run = run,
    .options_end_at_operand = 1,
    .operands = {.usage = "[COMMAND [WORD...]]", .max = -1},
};
