/*
 * The environment the shell hook manages, computed in memory from what the
 * shell has, the hook's last state, and the selection here.
 */
#ifndef CUDNNV_HOOK_ENV_H
#define CUDNNV_HOOK_ENV_H

#include "hook_state.h"

#include <stddef.h>

#define HOOK_ENV_VARIABLES 7

struct hook_env {
    const char *names[HOOK_ENV_VARIABLES];
    char *values[HOOK_ENV_VARIABLES];   /* NULL: unset */
};

void hook_env_key(char *out, size_t size);
void hook_env_start(struct hook_env *env);
void hook_env_undo(struct hook_env *env, const struct hook_state *state);
void hook_env_apply_selection(struct hook_env *env, struct hook_state *state);
void hook_env_free(struct hook_env *env);
/* Whether every list the last prompt set (LD_LIBRARY_PATH, LD_PRELOAD) still holds what it produced: false once
 * another tool (mise, direnv, an export) changed one, so that the hook gives back its entries again. */
int hook_env_lists_hold(const struct hook_state *state);
/* The value of a managed variable in env (NULL: unset). */
const char *hook_env_value(const struct hook_env *env, const char *name);

#endif
