/*
 * cudnnv which: the absolute path of a cuDNN library in the selected set,
 * chosen for the major the library name implies (libcudnn.so.8 -> 8).
 */
#include "args.h"
#include "build_platform.h"
#include "commands.h"
#include "set_lookup.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static void default_library(const struct found_set *set, char *out, size_t size)
{
    cudnnv_main_library(NULL, cudnnv_platform_is_windows(set->info.platform), cudnnv_name_major(set->info.version), out,
                        size);
}

static int run(struct args *args)
{
    struct found_set set;
    char library[256], path[PATH_MAX];
    const char *named = args->count ? args->operand[0] : NULL;
    if (named != NULL && strchr(named, '/') != NULL)
        return usage_fail("which", "give a library name, not a path: '%s'", named);
    int major = named ? cudnnv_library_major(named, 0) : -1;
    if (set_lookup_selected(major, &set) != 0)
        return 1;
    if (named != NULL)
        snprintf(library, sizeof library, "%s", named);
    else
        default_library(&set, library, sizeof library);
    if (set_lookup_library(&set, library, path, sizeof path) != 0)
        return 1;
    print_path(path);
    return 0;
}

const struct command command_which = {
    .name = "which",
    .run = run,
    .operands = {.usage = "[LIBRARY]", .complete = COMPLETE_WORDS,
                 .words = "libcudnn.so.7 libcudnn.so.8 libcudnn.so.9 cudnn64_7.dll cudnn64_8.dll cudnn64_9.dll",
                 .max = 1},
};
