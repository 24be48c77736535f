/*
 * cudnnv uninstall: removes sets from the store (a linked set loses only its
 * registration; the directory it refers to is left alone). A set that a
 * source names here (CUDNNV_VERSION, the project's pin, the global file), or
 * that a project 'cudnnv use' pinned elsewhere still names, is in use:
 * removing it makes those programs stop with status 127, so cudnnv asks on a
 * terminal and, without one, refuses unless --force.
 */
#include "cdi_spec.h"
#include "args.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "pinned_projects.h"
#include "selection.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { UNINSTALL_FORCE, UNINSTALL_CUDA_RUNTIME };

static const struct option_spec options[] = {
    [UNINSTALL_FORCE] = {.name = "--force", .short_name = 'f',
                         .help = "remove sets in use without asking; do not complain about\n"
                                 "names that are not installed"},
    [UNINSTALL_CUDA_RUNTIME] = {.name = "--cuda-runtime",
                                .help = "the names are CUDA runtimes a project pins ('cuda 11.0'),\n"
                                        "not sets: remove those from cuda/runtime"},
    {.name = NULL},
};

/* What selects name here (a file or CUDNNV_VERSION), into why; 0 when nothing does. */
static int selected_here(const char *root, const char *name, char *why, size_t size)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    selection_where(&where);
    where.root = root;
    cudnnv_read_sources(&where, &sources);
    int major = cudnnv_set_major(root, name);
    if (cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_SELECTED ||
        strcmp(choice.name, name) != 0 || choice.origin == CUDNNV_ORIGIN_SYSTEM ||
        choice.origin == CUDNNV_ORIGIN_NEWEST)
        return 0;
    selection_origin_text(&choice, why, size);
    return 1;
}

/* Asks on the terminal; 1 for yes. */
static int confirmed(const char *name, const char *why)
{
    char answer[16];
    ask("%s is in use %s; remove it? [y/N]", name, why);
    if (fgets(answer, sizeof answer, stdin) == NULL)
        return 0;
    return answer[0] == 'y' || answer[0] == 'Y';
}

/* What names the set: a source here, else the projects 'use' pinned to it elsewhere; 0 when nothing does. */
static int named_anywhere(const char *root, const char *name, char *why, size_t size)
{
    char projects[2048], origin[PATH_MAX + 32];
    if (selected_here(root, name, origin, sizeof origin)) {
        snprintf(why, size, "here (%s)", origin);
        return 1;
    }
    int count = pinned_projects_naming(root, name, projects, sizeof projects);
    if (count > 0)
        snprintf(why, size, "elsewhere (pinned by %s)", projects);
    return count > 0;
}

/* What pins the CUDA runtime (its folder's name): this project, else projects 'use' pinned; 0 when none does. */
static int runtime_named_anywhere(const char *root, const char *runtime, char *why, size_t size)
{
    struct cudnnv_where where;
    struct cuda_runtime_pin pin;
    char projects[2048], lib[PATH_MAX], mine[PATH_MAX];
    selection_where(&where);
    where.root = root;
    if (cuda_runtime_pinned(&where, &pin, lib, sizeof lib) > 0 &&
        cuda_runtime_find(root, pin.version, mine, sizeof mine) && cuda_runtime_lib_is(mine, runtime)) {
        snprintf(why, size, "here (pinned by %s)", pin.origin);
        return 1;
    }
    int count = pinned_projects_naming_runtime(root, runtime, projects, sizeof projects);
    if (count > 0)
        snprintf(why, size, "elsewhere (pinned by %s)", projects);
    return count > 0;
}

/* 0 when name may go: not in use (by named_in_use's word), forced, or confirmed; else the refusal. */
static int may_remove_what(const char *root, const char *name, int force,
                           int (*named_in_use)(const char *, const char *, char *, size_t))
{
    char why[PATH_MAX + 2048];
    if (force || !named_in_use(root, name, why, sizeof why))
        return 0;
    if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
        return confirmed(name, why) ? 0 : fail("kept %s", name);
    return fail("'%s' is in use %s: programs pinned to it would stop; add --force to remove it anyway",
                name, why);
}

/*
 * The one set a typed name means: the set of that name, else the only set
 * of this store whose name it begins on a dot boundary ('8.0' for 8.0.4.30,
 * as pyenv and nvm take it). 0 with the name in set; 1 after saying why not.
 */
static int name_one_set(const char *root, const char *typed, int force, cudnnv_name set)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char listed[1024] = "";
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS), found = 0;
    if (cudnnv_set_exists(root, typed)) {
        snprintf(set, sizeof(cudnnv_name), "%s", typed);
        return 0;
    }
    for (int i = 0; i < count; i++) {
        if (!cudnnv_name_has_prefix(names[i], typed) || cudnnv_set_in_system(root, names[i]))
            continue;
        if (found++ == 0)
            strcpy(set, names[i]);
        if (strlen(listed) + strlen(names[i]) + 3 < sizeof listed)
            strcat(strcat(listed, listed[0] ? ", " : ""), names[i]);
    }
    if (found == 1)
        return 0;
    if (found > 1)
        return fail("'%s' matches %d installed sets (%s); name the one to remove", typed, found, listed);
    return force ? -1 : fail("'%s' is not installed; see 'cudnnv versions'", typed);
}

/* After a removal: a source that named the set now names nothing installed; say which. */
static void say_still_named(const char *root, int major)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    char origin[PATH_MAX + 32];
    selection_where(&where);
    where.root = root;
    cudnnv_read_sources(&where, &sources);
    if (cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_NOT_INSTALLED)
        return;
    selection_origin_text(&choice, origin, sizeof origin);
    note("'%s' still names it (%s): programs there stop with status 127 until it names an installed set ('cudnnv use' or 'cudnnv global')",
         choice.requested, origin);
}

static int remove_named(const char *root, const char *typed, int force)
{
    cudnnv_name name;
    if (!cudnnv_name_is_valid(typed))
        return fail("invalid version name '%s': a name has %s", typed, cudnnv_name_rule());
    int found = name_one_set(root, typed, force, name);
    if (found != 0)
        return found < 0 ? 0 : 1;   /* -1: --force and nothing of that name */
    int major = cudnnv_set_major(root, name);
    if (cudnnv_set_in_system(root, name))
        return fail("'%s' is in the system store %s, which only its administrator changes (CUDNNV_ROOT=%s cudnnv uninstall %s)",
                    name, store_system_root(), store_system_root(), name);
    if (may_remove_what(root, name, force, named_anywhere) != 0 || store_remove_set(root, name) != 0)
        return 1;
    note("removed %s", name);
    say_still_named(root, major);
    return 0;
}

/* Two or more installed runtimes that typed names as a prefix, none exactly: said, as for sets; 1 then, else 0. */
static int prefix_is_ambiguous(const char *root, const char *typed)
{
    cudnnv_name names[64];
    int count = cuda_runtime_list(root, names, 64), matches = 0, first = -1;
    for (int i = 0; i < count; i++) {
        if (strcmp(names[i], typed) == 0)
            return 0;
        if (cudnnv_name_has_prefix(names[i], typed) && matches++ == 0)
            first = i;
    }
    if (matches < 2)
        return 0;
    fail("'%s' means %d installed CUDA runtimes (%s, ...): name the one to remove (see 'cudnnv versions')", typed,
         matches, names[first]);
    return 1;
}

/* uninstall --cuda-runtime RELEASE: the runtime that release names (11.0, or the one 11.0.x), unless pinned. */
static int remove_runtime(const char *root, const char *typed, int force)
{
    char lib[PATH_MAX], runtime[PATH_MAX], name[CUDNNV_NAME_MAX + 1];
    if (!cudnnv_name_is_valid(typed))
        return fail("invalid CUDA release '%s': write it as 11.0", typed);
    if (prefix_is_ambiguous(root, typed))
        return 1;
    if (!cuda_runtime_find(root, typed, lib, sizeof lib))
        return force ? 0 : fail("no CUDA %s runtime is installed; see 'cudnnv versions'", typed);
    if (cudnnv_store_split(lib, CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name, sizeof name) != 0 ||
        cudnnv_store_path(runtime, sizeof runtime, root, CUDNNV_STORE_RUNTIME, name) != 0)
        return fail("cannot name the CUDA runtime in %s", lib);
    if (may_remove_what(root, name, force, runtime_named_anywhere) != 0 || store_remove_tree(root, runtime) != 0)
        return 1;
    note("removed the CUDA %s runtime", name);
    return 0;
}

static int run(struct args *args)
{
    int force = args_has(args, UNINSTALL_FORCE), status = 0;
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    for (int i = 0; i < args->count; i++)
        status |= args_has(args, UNINSTALL_CUDA_RUNTIME) ? remove_runtime(root, args->operand[i], force)
                                                         : remove_named(root, args->operand[i], force);
    shim_files_follow_store(root);
    cdi_specs_follow_store(root);
    store_unlock(lock);
    return status;
}

const struct command command_uninstall = {
    .name = "uninstall",
    .run = run,
    .options = options,
    .operands = {.usage = "NAME...", .complete = COMPLETE_SETS, .min = 1, .max = -1,
                 .missing = "name the sets to remove"},
};
