/*
 * cudnnv version-file: which file selects the version here (the nearest
 * .cudnn-version, else the global file, even before it exists).
 */
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "selection.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char cmd_version_file_help[] =
    "Usage: cudnnv version-file [DIR]\n"
    "\n"
    "Print the path of the file that selects the version for DIR (default: the\n"
    "current directory): the nearest .cudnn-version from there up, else\n"
    "$CUDNNV_ROOT/version. CUDNNV_VERSION, when set, overrides both.\n";

int cmd_version_file(int argc, char **argv)
{
    char start[PATH_MAX], path[PATH_MAX];
    if (argc > 2)
        return usage_fail("version-file", "give at most one directory");
    if (argc == 2 && realpath(argv[1], start) == NULL)
        return fail("no such directory '%s'", argv[1]);
    if (argc == 1 && getcwd(start, sizeof start) == NULL)
        return fail("cannot read the current directory");
    if (argc == 2 && !is_directory(start))
        return fail("'%s' is not a directory", argv[1]);
    if (!cudnnv_find_local_file(start, path, sizeof path))
        cudnnv_global_file(store_root(), path, sizeof path);
    printf("%s\n", path);
    return 0;
}
