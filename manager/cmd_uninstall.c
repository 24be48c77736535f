/*
 * cudnnv uninstall: removes sets from the store (a linked set loses only its
 * registration; the directory it refers to is left alone).
 */
#include "cli.h"
#include "commands.h"
#include "store.h"

#include "../shim/cudnnv_select.h"

#include <string.h>

const char cmd_uninstall_help[] =
    "Usage: cudnnv uninstall [-f] NAME...\n"
    "\n"
    "Remove the named sets (exact names, as 'cudnnv versions' lists them). A\n"
    "linked set is unregistered; the directory it refers to is kept. Version\n"
    "files naming a removed set are left as they are.\n"
    "\n"
    "Options:\n"
    "  -f, --force   do not complain about names that are not installed\n";

static int remove_named(const char *root, const char *name, int force)
{
    if (!cudnnv_name_is_valid(name))
        return fail("invalid version name '%s'", name);
    if (!cudnnv_set_exists(root, name))
        return force ? 0 : fail("'%s' is not installed; see 'cudnnv versions'", name);
    if (store_remove_set(root, name) != 0)
        return 1;
    note("cudnnv: removed %s", name);
    return 0;
}

int cmd_uninstall(int argc, char **argv)
{
    int force = 0, first = 1, status = 0;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "-f") == 0 || strcmp(argv[first], "--force") == 0)
            force = 1;
        else
            return usage_fail("uninstall", "unknown option '%s'", argv[first]);
    }
    if (first == argc)
        return usage_fail("uninstall", "name the sets to remove");
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    for (int i = first; i < argc; i++)
        status |= remove_named(root, argv[i], force);
    store_unlock(lock);
    return status;
}
