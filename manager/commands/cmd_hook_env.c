/*
 * cudnnv hook-env SHELL: what the shell hook evaluates at every prompt and
 * change of directory. It prints nothing when nothing that decides the
 * selection changed (the key in __CUDNNV_STATE); otherwise it undoes what it
 * set last time, exactly, and sets for the current directory:
 *   CUDNN_HOME, CUDNN_PATH, CUDNN_INCLUDE_DIR, CUDNN_LIB_DIR  (selected set)
 *   LD_LIBRARY_PATH  the shim directory first, while any set is selected
 *   LD_PRELOAD       the selected majors' shims, inside a pinned project
 *                    (config: preload = auto | always | never)
 * It reads a few files and never touches the network.
 */
#include "args.h"
#include "commands.h"
#include "config.h"
#include "hook_state.h"
#include "hook_env.h"
#include "hook_watch.h"
#include "platform.h"
#include "selection.h"
#include "shell_table.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_value(const struct shell_row *shell, const char *name, const char *value)
{
    if (value == NULL)
        shell_print_unset(stdout, shell, name);
    else
        shell_print_export(stdout, shell, name, value);
}

/* Prints the variables whose final value differs from what the shell has now. */
static void print_changes(const struct shell_row *shell, const struct hook_env *env)
{
    for (int i = 0; i < HOOK_ENV_VARIABLES; i++) {
        const char *now = getenv(env->names[i]);
        const char *next = env->values[i];
        if ((now == NULL) != (next == NULL) || (now != NULL && strcmp(now, next) != 0))
            print_value(shell, env->names[i], next);
    }
}

static int run(struct args *args)
{
    struct hook_state old_state, new_state;
    struct hook_env env;
    char key[40];
    char stamp[PATH_MAX];
    const struct shell_row *shell = shell_find_hooked(args->count ? args->operand[0] : "");
    if (shell == NULL)
        return usage_fail("hook-env", "name the shell: %s", shell_names(1));
    /* the stamp first: a file changed while this runs is then newer than it */
    int watching = args->count == 2 && hook_watch_touch_stamp(store_root(), args->operand[1], stamp, sizeof stamp) == 0;
    hook_env_key(key, sizeof key);
    int have_state = hook_state_parse(getenv(HOOK_STATE_VARIABLE), &old_state) == 0;
    if (watching)
        hook_watch_print(shell, store_root(), stamp);
    if (have_state && strcmp(old_state.key, key) == 0 && hook_env_lists_hold(&old_state)) {
        if (watching)
            hook_watch_print_lists(shell, getenv(PLATFORM_LIBRARY_PATH), getenv("LD_PRELOAD"));
        hook_state_free(&old_state);
        return 0;
    }
    hook_env_start(&env);
    hook_env_undo(&env, &old_state);
    memset(&new_state, 0, sizeof new_state);
    snprintf(new_state.key, sizeof new_state.key, "%s", key);
    hook_env_apply_selection(&env, &new_state);
    print_changes(shell, &env);
    if (watching)
        hook_watch_print_lists(shell, hook_env_value(&env, PLATFORM_LIBRARY_PATH), hook_env_value(&env, "LD_PRELOAD"));
    char *text = hook_state_format(&new_state);
    if (text != NULL)
        print_value(shell, HOOK_STATE_VARIABLE, text);
    free(text);
    hook_env_free(&env);
    hook_state_free(&old_state);
    hook_state_free(&new_state);
    return 0;
}

const struct command command_hook_env = {
    .name = "hook-env",
    .run = run,
    .operands = {.usage = "SHELL [SHELL_PID]", .complete = COMPLETE_SHELLS, .max = 2},
};
