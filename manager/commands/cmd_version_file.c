/*
 * cudnnv version-file: which file selects the version here (the nearest
 * .cudnn-version, else the global file, even before it exists).
 */
#include "args.h"
#include "commands.h"
#include "fsutil.h"
#include "selection.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int run(struct args *args)
{
    char start[PATH_MAX], path[PATH_MAX];
    const char *dir = args->count ? args->operand[0] : NULL;
    if (dir != NULL && realpath(dir, start) == NULL)
        return fail("no such directory '%s'", dir);
    if (dir == NULL && getcwd(start, sizeof start) == NULL)
        return fail("cannot read the current directory");
    if (dir != NULL && !is_directory(start))
        return fail("'%s' is not a directory", dir);
    if (!cudnnv_find_local_file(start, path, sizeof path))
        cudnnv_global_file(store_root(), path, sizeof path);
    print_path(path);
    return 0;
}

const struct command command_version_file = {
    .name = "version-file",
    .run = run,
    .operands = {.usage = "[DIR]", .complete = COMPLETE_DIRS, .max = 1},
};
