/*
 * Removing what a user named (cudnnv uninstall): the one set or CUDA
 * runtime a typed name means (a prefix on a dot boundary, as pyenv and nvm
 * take it), unless it is in use (in_use.c); a linked set loses only its
 * registration. After a set goes, a source that still names it is said.
 */
#include "cuda_runtime.h"
#include "uninstall.h"
#include "messages.h"
#include "selection.h"
#include "store.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

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

int uninstall_set(const char *root, const char *typed, int force)
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
    if (store_may_remove(root, name, force, set_named_anywhere) != 0 || store_remove_set(root, name) != 0)
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

int uninstall_runtime(const char *root, const char *typed, int force)
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
    if (store_may_remove(root, name, force, runtime_named_anywhere) != 0 || store_remove_tree(root, runtime) != 0)
        return 1;
    note("removed the CUDA %s runtime", name);
    return 0;
}
