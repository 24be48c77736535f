/*
 * cudnnv global: the version used where no project pins one
 * ($CUDNNV_ROOT/version).
 */
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "store.h"
#include "version_write.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

const char cmd_global_help[] =
    "Usage: cudnnv global [--force] VERSION...\n"
    "       cudnnv global --unset\n"
    "       cudnnv global\n"
    "\n"
    "Set the cuDNN version used outside pinned projects, in $CUDNNV_ROOT/version.\n"
    "Several versions (one per major) may be given. Without arguments, print it.\n"
    "\n"
    "Options:\n"
    "  --force   write the name even if no installed set matches it\n"
    "  --unset   remove the global version\n";

int cmd_global(int argc, char **argv)
{
    char path[PATH_MAX];
    int force, unset, first;
    int status = version_pin_options("global", argc, argv, &force, &unset, &first);
    if (status != 0)
        return status;
    const char *root = store_root();
    path_join(path, sizeof path, root, "version");
    if (unset)
        return version_file_unset(path);
    if (first == argc)
        return version_file_print(path, "no global version is set; run 'cudnnv global VERSION'");
    if (store_prepare(root) != 0)
        return 1;
    return version_file_write(path, argc - first, argv + first, force);
}
