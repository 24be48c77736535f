/*
 * cudnnv update: fetches the release catalog repository with libgit2 into
 * $CUDNNV_ROOT/catalog, fast-forward only. A fetched catalog (catalog/NAME.ini
 * and frameworks.ini at the repository's top) overrides the one shipped with
 * cudnnv. Runs in the helper lib/cudnnv/cudnnv-update, the only program that
 * links libgit2.
 */
#include "catalog_git.h"
#include "cli.h"
#include "commands.h"
#include "config.h"
#include "fsutil.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

const char cmd_update_help[] =
    "Usage: cudnnv update [--remote URL]\n"
    "\n"
    "Fetch the release catalog repository into $CUDNNV_ROOT/catalog (a clone\n"
    "the first time, then fast-forward only). Its catalog/*.ini and\n"
    "frameworks.ini then override the catalog shipped with cudnnv; remove\n"
    "$CUDNNV_ROOT/catalog to go back to it. The remote is --remote, else\n"
    "'remote' under [catalog] in $CUDNNV_ROOT/config. Any URL git understands\n"
    "works, file:// included.\n";

int cmd_update(int argc, char **argv)
{
    struct config config;
    char target[PATH_MAX];
    const char *remote = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--remote") == 0 && i + 1 < argc)
            remote = argv[++i];
        else
            return usage_fail("update", "unexpected argument '%s'", argv[i]);
    }
    const char *root = store_root();
    config_read(root, &config);
    if (remote == NULL)
        remote = config.catalog_remote[0] ? config.catalog_remote : NULL;
    if (remote == NULL)
        return fail("no catalog remote is configured; add 'remote = URL' under [catalog] in %s/config, or run 'cudnnv update --remote URL'",
                    root);
    path_join(target, sizeof target, root, "catalog");
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = is_directory(target) ? catalog_git_fast_forward(target, remote)
                                      : catalog_git_clone(root, target, remote);
    store_unlock(lock);
    return status;
}
