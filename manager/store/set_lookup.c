/*
 * Finds the set a command should act on: one the user named (resolved like a
 * version file line), or the one the selection picks here (for one major, or
 * the first line of the winning source), and a library inside it.
 */
#include "set_lookup.h"

#include "messages.h"
#include "fsutil.h"
#include "selection.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fill(const char *name, struct found_set *set)
{
    const char *root = store_root();
    char why[2 * PATH_MAX];
    if (!selection_set_trusted(root, name, why, sizeof why))
        return fail("refusing set '%s': %s; %s",
                    name, why, cudnnv_trust_rule());
    snprintf(set->name, sizeof set->name, "%s", name);
    store_set_dir(root, name, set->set_dir, sizeof set->set_dir);
    if (set_info_read(set->set_dir, &set->info) != 0)
        snprintf(set->info.version, sizeof set->info.version, "%s", name);
    return 0;
}

int set_lookup_named(const char *requested, struct found_set *set)
{
    cudnnv_name resolved;
    if (selection_require_installed(store_root(), requested, resolved) != 0)
        return 1;
    return fill(resolved, set);
}

/* major < 0: the first line of the winning source. */
int set_lookup_selected(int major, struct found_set *set)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    selection_where(&where);
    enum cudnnv_status status = major < 0 ? cudnnv_select_first(&where, &choice)
                                          : cudnnv_select_major(&where, major, &choice);
    if (status != CUDNNV_SELECTED)
        return selection_report(status, &choice, major);
    return fill(choice.name, set);
}

/* The absolute path of a file of the set: a library in lib/, bin/ or lib/x64/, a header in include/. */
int set_lookup_library(const struct found_set *set, const char *library, char *out, size_t size)
{
    static const char *dirs[] = {"lib", "bin", "lib/x64", "include"};
    char dir[PATH_MAX], real_dir[PATH_MAX], path[PATH_MAX];
    size_t length = strlen(library);
    int header = length > 2 && strcmp(library + length - 2, ".h") == 0;
    for (int i = 0; i < 4; i++) {
        path_join(dir, sizeof dir, set->set_dir, dirs[i]);
        if (path_join(path, sizeof path, dir, library) != 0 || !is_regular_file(path))
            continue;
        if (realpath(dir, real_dir) == NULL)
            continue;
        return path_join(out, size, real_dir, library) == 0 ? 0 : 1;
    }
    return fail("%s is not in the set %s (%s); list it with 'ls %s/%s'", library, set->name,
                set->set_dir, set->set_dir, header ? "include" : "lib");
}
