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
    .summary = "install the shim libraries into the store",
    .description =
        "Install the shim libraries (libcudnn.so.7, .8, .9) into\n"
        "$CUDNNV_ROOT/shims/lib, and the Windows shims (cudnn64_7.dll, _8, _9, when\n"
        "built) into $CUDNNV_ROOT/shims/bin, replacing any that differ from this\n"
        "cudnnv's: one for each major that has an installed set, none for the\n"
        "others.\n"
        "Programs find them there through LD_LIBRARY_PATH or LD_PRELOAD (see\n"
        "'cudnnv env'). The CDI specs 'cudnnv cdi' wrote are written again.\n",
};
