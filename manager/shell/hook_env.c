/*
 * The steps behind cudnnv hook-env. The key covers everything that decides
 * the selection (directory, CUDNNV_VERSION, the version files, the set of
 * installed sets, the config), so an unchanged key means unchanged output.
 * Undo restores a variable only when it still holds exactly what the hook
 * produced: a value the user changed since is the user's and stays.
 */
#include "hook_env.h"
#include "platform.h"

#include "messages.h"
#include "config.h"
#include "shell_activation.h"
#include "cuda_runtime.h"
#include "fsutil.h"
#include "selection.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

static const char *const managed_names[HOOK_ENV_VARIABLES] = {
    PLATFORM_LIBRARY_PATH, "LD_PRELOAD", "CUDNN_HOME", "CUDNN_PATH", "CUDNN_INCLUDE_DIR", "CUDNN_LIB_DIR",
    "CUDNNV_PROBLEM",
};

/* Appends what identifies one file's state (or its absence) to the key text. */
static size_t describe_file(const char *path, char *out, size_t size)
{
    struct stat info;
    if (stat(path, &info) != 0)
        return (size_t)snprintf(out, size, "%s:-\n", path);
    return (size_t)snprintf(out, size, "%s:%lld.%ld:%lld:%llu\n", path, (long long)info.st_mtime,
                            platform_mtime_nsec(&info), (long long)info.st_size,
                            (unsigned long long)info.st_ino);
}

void hook_env_key(char *out, size_t size)
{
    struct cudnnv_where where;
    char text[8 * PATH_MAX], path[PATH_MAX];
    size_t used;
    selection_where(&where);
    used = (size_t)snprintf(text, sizeof text, "%s\n%s\n%s\n", where.cwd,
                            where.env_version ? where.env_version : "-", where.root);
    if (cudnnv_find_local_file(where.cwd, path, sizeof path))
        used += describe_file(path, text + used, sizeof text - used);
    for (size_t i = 0; i < CUDNNV_STORE_WATCHED_COUNT && used < sizeof text; i++) {
        if (cudnnv_store_path(path, sizeof path, where.root, cudnnv_store_watched[i], NULL) == 0)
            used += describe_file(path, text + used, sizeof text - used);
    }
    /* the system store's sets count too: an administrator may add one */
    if (used < sizeof text && cudnnv_store_path(path, sizeof path, store_system_root(), CUDNNV_STORE_SETS, NULL) == 0)
        used += describe_file(path, text + used, sizeof text - used);
    if (used > sizeof text)
        used = sizeof text;
    snprintf(out, size, "%016llx", (unsigned long long)XXH3_64bits(text, used));
}

void hook_env_start(struct hook_env *env)
{
    for (int i = 0; i < HOOK_ENV_VARIABLES; i++) {
        const char *value = getenv(managed_names[i]);
        env->names[i] = managed_names[i];
        env->values[i] = value ? strdup(value) : NULL;
    }
}

static int variable_index(const struct hook_env *env, const char *name)
{
    for (int i = 0; i < HOOK_ENV_VARIABLES; i++) {
        if (strcmp(env->names[i], name) == 0)
            return i;
    }
    return -1;
}

/* True when the list holds item (length bytes) as one of its elements. */
static int list_has(const char *list, const char *item, size_t length)
{
    const char *at = list;
    while (at != NULL) {
        const char *end = strchr(at, PLATFORM_PATH_SEPARATOR);
        size_t size = end ? (size_t)(end - at) : strlen(at);
        if (size == length && strncmp(at, item, length) == 0)
            return 1;
        at = end ? end + 1 : NULL;
    }
    return 0;
}

/* The variables that are lists of folders or libraries, whose entries the hook adds in front. */
static int is_list_variable(const char *name)
{
    return strcmp(name, PLATFORM_LIBRARY_PATH) == 0 || strcmp(name, "LD_PRELOAD") == 0;
}

/* The folders the hook puts on lists, in this store: the shims' (the shims in it for LD_PRELOAD), and the CUDA
 * runtimes' (ROOT/cuda/runtime/NAME/lib). */
struct own_folders {
    char root[PATH_MAX];
    char shims[PATH_MAX];
};

static void own_folders_of(struct own_folders *own)
{
    snprintf(own->root, sizeof own->root, "%s", store_root());
    shim_files_dir(own->root, own->shims, sizeof own->shims);
}

/* Whether an entry (length bytes) is the hook's own: the shims' folder or a shim in it, or a runtime's lib/. */
static int is_own_entry(const struct own_folders *own, const char *entry, size_t length)
{
    char path[PATH_MAX], root[PATH_MAX];
    size_t shims = strlen(own->shims);
    if (length >= shims && strncmp(entry, own->shims, shims) == 0 &&
        (length == shims || (entry[shims] == '/' && memchr(entry + shims + 1, '/', length - shims - 1) == NULL)))
        return 1;
    if (length >= sizeof path)
        return 0;
    memcpy(path, entry, length);
    path[length] = '\0';
    return cudnnv_store_split(path, CUDNNV_STORE_RUNTIME_LIB, root, sizeof root, NULL, 0) == 0 &&
           strcmp(root, own->root) == 0;
}

/*
 * current without the entries the hook put there (those of produced that
 * previous did not hold, and any folder of the store's shims or runtimes:
 * another tool that saved the list while a project's runtime was on it, as
 * mise does, puts it back when it restores), everything else kept in its
 * order: what another tool or the user added or removed since the last
 * prompt stays as it is. NULL when nothing is left of a variable that was
 * unset before.
 */
static char *without_added(const char *current, const char *previous, const char *produced,
                           const struct own_folders *own)
{
    const char separator[2] = {PLATFORM_PATH_SEPARATOR, '\0'};
    size_t size = strlen(current) + 1, used = 0;
    char *kept = malloc(size);
    if (kept == NULL)
        return NULL;
    kept[0] = '\0';
    for (const char *at = current; at != NULL;) {
        const char *end = strchr(at, PLATFORM_PATH_SEPARATOR);
        size_t length = end ? (size_t)(end - at) : strlen(at);
        int added = (list_has(produced, at, length) && (previous == NULL || !list_has(previous, at, length))) ||
                    is_own_entry(own, at, length);
        if (!added && length > 0)
            used += (size_t)snprintf(kept + used, size - used, "%s%.*s", used ? separator : "", (int)length, at);
        at = end ? end + 1 : NULL;
    }
    if (used == 0 && previous == NULL) {
        free(kept);
        return NULL;
    }
    return kept;
}

/*
 * Gives back what the last prompt took: a variable that still holds what the
 * hook produced gets its earlier value back; a list another tool changed
 * since loses exactly the hook's own entries, and keeps the rest; any other
 * variable changed since is the user's and stays.
 */
void hook_env_undo(struct hook_env *env, const struct hook_state *state)
{
    struct own_folders own;
    own_folders_of(&own);
    for (int i = 0; i < state->count; i++) {
        const struct hook_entry *entry = &state->entries[i];
        int index = variable_index(env, entry->name);
        if (index < 0 || env->values[index] == NULL)
            continue;
        char *value = NULL;
        if (strcmp(env->values[index], entry->produced) == 0)
            value = entry->previous ? strdup(entry->previous) : NULL;
        else if (is_list_variable(entry->name))
            value = without_added(env->values[index], entry->previous, entry->produced, &own);
        else
            continue;
        free(env->values[index]);
        env->values[index] = value;
    }
}

int hook_env_lists_hold(const struct hook_state *state)
{
    for (int i = 0; i < state->count; i++) {
        const char *now = getenv(state->entries[i].name);
        if (is_list_variable(state->entries[i].name) && (now == NULL || strcmp(now, state->entries[i].produced) != 0))
            return 0;
    }
    return 1;
}

const char *hook_env_value(const struct hook_env *env, const char *name)
{
    int index = variable_index(env, name);
    return index >= 0 ? env->values[index] : NULL;
}

/* Sets a variable, remembering what it held. */
static void set_variable(struct hook_env *env, struct hook_state *state, const char *name,
                         const char *value)
{
    int index = variable_index(env, name);
    hook_state_add(state, name, env->values[index], value);
    free(env->values[index]);
    env->values[index] = strdup(value);
}

/*
 * Puts entries in front of a list (':'-separated; ';' on Windows), taking
 * them out of where they were: the shims come first (a program must find
 * them before any other cuDNN), a folder the user put in front since the
 * last prompt comes next, and no entry appears twice.
 */
static void prepend_variable(struct hook_env *env, struct hook_state *state, const char *name,
                             const char *entries)
{
    const char *base = env->values[variable_index(env, name)];
    size_t size = strlen(entries) + (base ? strlen(base) : 0) + 2;
    char *value = malloc(size);
    if (value == NULL)
        return;
    size_t used = (size_t)snprintf(value, size, "%s", entries);
    for (const char *at = base; at != NULL && at[0] != '\0';) {
        const char *end = strchr(at, PLATFORM_PATH_SEPARATOR);
        size_t length = end ? (size_t)(end - at) : strlen(at);
        if (!list_has(entries, at, length))
            used += (size_t)snprintf(value + used, size - used, "%c%.*s", PLATFORM_PATH_SEPARATOR, (int)length, at);
        at = end ? end + 1 : NULL;
    }
    set_variable(env, state, name, value);
    free(value);
}

static int wants_preload(enum preload_mode mode, const struct cudnnv_choice *choice)
{
    if (choice->origin == CUDNNV_ORIGIN_NEWEST)
        return 0;   /* no source chose it: the shim on the library path serves it */
    if (mode == PRELOAD_ALWAYS)
        return 1;
    return mode == PRELOAD_AUTO &&
           (choice->origin == CUDNNV_ORIGIN_LOCAL || choice->origin == CUDNNV_ORIGIN_ENV);
}

/*
 * The shims of the selected majors that go into LD_PRELOAD; returns how many
 * majors are selected. A source that selects nothing installed (a pin of
 * 8.3 with no 8.3 here) is said nowhere at a prompt: its reason goes into
 * problem (the hook exports it as CUDNNV_PROBLEM for a prompt to show), and
 * a program started here says it when it first calls cuDNN (the shims stay
 * on the library path for that).
 */
static int selected_majors(const struct cudnnv_where *where, const struct cudnnv_sources *sources,
                           const char *shim_dir, char *preload, size_t size, char *problem, size_t problem_size)
{
    struct cudnnv_choice choice;
    struct config config;
    int selected = 0;
    config_read(where->root, &config);
    preload[0] = '\0';
    problem[0] = '\0';
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        enum cudnnv_status status = cudnnv_choose_major(where, sources, major, &choice);
        if (status == CUDNNV_NOTHING_SELECTED)
            continue;
        if (status != CUDNNV_SELECTED) {
            if (problem[0] == '\0')   /* a broken source fails every major alike: the first says it */
                cudnnv_describe_failure(status, &choice, major, problem, problem_size);
            continue;
        }
        selected++;
        if (!PLATFORM_LINUX_SHIMS || !wants_preload(config.preload, &choice))
            continue;
        shim_preload_append(preload, size, shim_dir, major);
    }
    return selected;
}

/* CUDNN_HOME and friends for the set the first line selects. */
static void set_build_variables(struct hook_env *env, struct hook_state *state,
                                const struct cudnnv_where *where, const struct cudnnv_sources *sources)
{
    struct cudnnv_choice choice;
    struct set_info info;
    char set_dir[PATH_MAX], part[PATH_MAX], real[PATH_MAX];
    if (cudnnv_choose_named_first(where, sources, &choice) != CUDNNV_SELECTED)
        return;   /* only where a source names a set: outside a project, build scripts look for themselves */
    store_set_dir(where->root, choice.name, set_dir, sizeof set_dir);
    int linked = set_info_read(set_dir, &info) == 0 && set_info_is_linked(&info);
    set_variable(env, state, "CUDNN_HOME", linked ? info.path : set_dir);
    set_variable(env, state, "CUDNN_PATH", linked ? info.path : set_dir);
    path_join(part, sizeof part, set_dir, "include");
    if (realpath(part, real) != NULL)
        set_variable(env, state, "CUDNN_INCLUDE_DIR", real);
    path_join(part, sizeof part, set_dir, "lib");
    if (realpath(part, real) != NULL)
        set_variable(env, state, "CUDNN_LIB_DIR", real);
}

/* A store filled by an older cudnnv may lack the shim of a major it holds. */
static void ensure_shims(const char *root, const char *shim_dir)
{
    char path[PATH_MAX + 32];
    int copied;
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        snprintf(path, sizeof path, "%s/" PLATFORM_SHIM_NAME, shim_dir, major);
        if (!is_regular_file(path) && shim_major_is_installed(root, major, "linux")) {
            shim_files_refresh(root, &copied);
            return;
        }
    }
}

void hook_env_apply_selection(struct hook_env *env, struct hook_state *state)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    char shim_dir[PATH_MAX], preload[4 * PATH_MAX], problem[PATH_MAX + 512];
    selection_where(&where);
    cudnnv_read_sources(&where, &sources);
    shim_files_dir(where.root, shim_dir, sizeof shim_dir);
    int selected = selected_majors(&where, &sources, shim_dir, preload, sizeof preload, problem, sizeof problem);
    if (problem[0] != '\0') {
        char shown[4 * sizeof problem];   /* a file's name or a pin may hold control bytes: escaped, as every message */
        cudnnv_escape_text(problem, shown, sizeof shown);
        set_variable(env, state, "CUDNNV_PROBLEM", shown);
    }
    if (selected == 0 && problem[0] == '\0')
        return;
    /* a pin of something not installed keeps the shims on the path: a program started here is told why at its
     * first cuDNN call, rather than finding no cuDNN at all */
    ensure_shims(where.root, shim_dir);
    char first[2 * PATH_MAX + 2], runtime_problem[PATH_MAX + 256] = "";
    /* a runtime pin that cannot be served is said in CUDNNV_PROBLEM, never on the terminal */
    if (activation_library_path_first(&where, shim_dir, first, sizeof first, runtime_problem, sizeof runtime_problem) != 0 &&
        problem[0] == '\0') {
        char shown[4 * sizeof runtime_problem];
        cudnnv_escape_text(runtime_problem, shown, sizeof shown);
        set_variable(env, state, "CUDNNV_PROBLEM", shown);
    }
    prepend_variable(env, state, PLATFORM_LIBRARY_PATH, first);
    if (preload[0] != '\0')
        prepend_variable(env, state, "LD_PRELOAD", preload);
    set_build_variables(env, state, &where, &sources);
}

void hook_env_free(struct hook_env *env)
{
    for (int i = 0; i < HOOK_ENV_VARIABLES; i++) {
        free(env->values[i]);
        env->values[i] = NULL;
    }
}
