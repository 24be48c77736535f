/*
 * cudnnv rehash: installs this cudnnv's shim libraries into
 * $CUDNNV_ROOT/shims/lib (exec and env also do it when they differ).
 */
#include "cdi_spec.h"
#include "args.h"
#include "commands.h"
#include "shim_files.h"
#include "store.h"

#include <limits.h>

static int run(struct args *args)
{
    char dir[PATH_MAX];
    int copied;
    (void)args;
    const char *root = store_root();
    if (store_prepare(root) != 0 || shim_files_refresh(root, &copied) != 0)
        return 1;
    shim_files_dir(root, dir, sizeof dir);
    cdi_specs_follow_store(root);
    note("shims in %s: %d updated", dir, copied);
    return 0;
}

const struct command command_rehash = {
    .name = "rehash",
    .run = run,
};
