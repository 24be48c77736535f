/*
 * What the shell hook remembers between prompts, in one environment variable
 * (__CUDNNV_STATE): a key that says whether anything could have changed, and
 * for every variable it set, the value it found and the value it produced,
 * so that it can undo exactly its own change and nothing the user did.
 */
#ifndef CUDNNV_HOOK_STATE_H
#define CUDNNV_HOOK_STATE_H

#include "hook_variable.h"

#define HOOK_MAX_ENTRIES 8

struct hook_entry {
    char name[32];
    char *previous;        /* NULL: the variable was unset */
    char *produced;
};

struct hook_state {
    char key[40];
    int count;
    struct hook_entry entries[HOOK_MAX_ENTRIES];
};

int hook_state_parse(const char *text, struct hook_state *state);
char *hook_state_format(const struct hook_state *state);
int hook_state_add(struct hook_state *state, const char *name, const char *previous,
                   const char *produced);
void hook_state_free(struct hook_state *state);

#endif
