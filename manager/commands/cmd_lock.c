/*
 * cudnnv lock [--platform P,...]: cudnn.lock beside the nearest
 * .cudnn-version. For each name it pins, the installed set it selects now
 * gives the exact release and CUDA build; the archive it was installed from
 * (else the catalog's) gives this platform's address and SHA-256, the
 * catalog each --platform's.
 * 'cudnnv install --locked' on another machine installs exactly that.
 */
#include "args.h"
#include "option_names.h"
#include "catalog.h"
#include "commands.h"
#include "project_lock.h"

#include <stdio.h>
#include <string.h>

enum { LOCK_PLATFORM, LOCK_ARCHIVE_BASE };

static const struct option_spec options[] = {
    [LOCK_PLATFORM] = {.name = OPTION_PLATFORM, .value_name = "P[,P...]", .complete = COMPLETE_PLATFORMS,
                       .help = "lock the archives of these platforms too (this machine's always)"},
    [LOCK_ARCHIVE_BASE] = {.name = OPTION_ARCHIVE_BASE, .value_name = "URL",
                           .help = "name each set's own archive (the file it was installed from, with\n"
                                   "the SHA-256 checked then) at URL/FILE: for a build that copies\n"
                                   "the archives beside the lock (file:///project), or a mirror"},
    {.name = NULL},
};

/* The platforms to lock: this machine's and --platform's; 0, or 1 after a message. */
static int read_platforms(const char *option, int wanted[CATALOG_PLATFORMS])
{
    char copy[256];
    memset(wanted, 0, CATALOG_PLATFORMS * sizeof wanted[0]);
    wanted[catalog_host_platform()] = 1;
    snprintf(copy, sizeof copy, "%s", option ? option : "");
    for (char *name = strtok(copy, ","); name != NULL; name = strtok(NULL, ",")) {
        int platform = catalog_platform_from_name(name);
        if (platform < 0)
            return catalog_platform_refused(name);
        wanted[platform] = 1;
    }
    return 0;
}

static int run(struct args *args)
{
    int wanted[CATALOG_PLATFORMS];
    if (read_platforms(args->value[LOCK_PLATFORM], wanted) != 0)
        return EXIT_USAGE;
    return project_lock(wanted, args->value[LOCK_ARCHIVE_BASE]);
}

const struct command command_lock = {
    .name = "lock",
    .run = run,
    .options = options,
};
