/*
 * cudnnv rehash: installs this cudnnv's shim libraries into
 * $CUDNNV_ROOT/shims/lib (exec and env also do it when they differ).
 */
#include "cli.h"
#include "commands.h"
#include "shim_files.h"
#include "store.h"

#include <limits.h>

const char cmd_rehash_help[] =
    "Usage: cudnnv rehash\n"
    "\n"
    "Install the shim libraries (libcudnn.so.7, .8, .9) into\n"
    "$CUDNNV_ROOT/shims/lib, and the Windows shims (cudnn64_7.dll, _8, _9, when\n"
    "built) into $CUDNNV_ROOT/shims/bin, replacing any that differ from this\n"
    "cudnnv's.\n"
    "Programs find them there through LD_LIBRARY_PATH or LD_PRELOAD (see\n"
    "'cudnnv env').\n";

int cmd_rehash(int argc, char **argv)
{
    char dir[PATH_MAX];
    int copied;
    if (argc > 1)
        return usage_fail("rehash", "unexpected argument '%s'", argv[1]);
    const char *root = store_root();
    if (store_prepare(root) != 0 || shim_files_refresh(root, &copied) != 0)
        return 1;
    shim_files_dir(root, dir, sizeof dir);
    note("cudnnv: shims in %s: %d updated", dir, copied);
    return 0;
}
