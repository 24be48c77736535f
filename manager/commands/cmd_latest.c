/*
 * cudnnv latest [--known] PREFIX: the newest installed set that matches
 * PREFIX on a dot boundary (as a pin of PREFIX would choose it), or with
 * --known the newest release of the catalog with an archive for this
 * platform: pyenv's 'latest', for scripts.
 */
#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

enum { LATEST_KNOWN };

static const struct option_spec options[] = {
    [LATEST_KNOWN] = {.name = "--known", .help = "the newest release in the catalog instead"},
    {.name = NULL},
};

static int latest_known(const char *prefix)
{
    struct catalog catalog;
    int platform = (int)catalog_host_platform();
    if (catalog_load(&catalog) != 0)
        return fail("cannot read the release catalog; reinstall cudnnv or run 'cudnnv update'");
    const char *found = NULL;
    for (int i = catalog.count - 1; i >= 0 && found == NULL; i--) {
        const struct catalog_release *release = &catalog.releases[i];
        if (!cudnnv_name_has_prefix(release->version, prefix))
            continue;
        for (int b = 0; b < release->build_count && found == NULL; b++) {
            if (release->builds[b].archive[platform].name[0] != '\0')
                found = release->version;
        }
    }
    int status = found ? (printf("%s\n", found), 0)
                       : fail("no release in the catalog matches '%s' for %s; see 'cudnnv known'", prefix,
                              catalog_platform_name(platform));
    catalog_free(&catalog);
    return status;
}

static int run(struct args *args)
{
    cudnnv_name found;
    int known = args_has(args, LATEST_KNOWN);
    if (args->count != 1)
        return usage_fail("latest", "give one PREFIX, e.g. 'cudnnv latest 8.9'");
    const char *prefix = args->operand[0];
    if (!cudnnv_name_is_valid(prefix))
        return usage_fail("latest", "'%s' is not a version prefix", prefix);
    if (known)
        return latest_known(prefix);
    if (!cudnnv_resolve(store_root(), prefix, found) || !cudnnv_set_runs_here(store_root(), found))
        return fail("no installed set matches '%s'; see 'cudnnv versions', or 'cudnnv latest --known %s'", prefix,
                    prefix);
    printf("%s\n", found);
    return 0;
}

const struct command command_latest = {
    .name = "latest",
    .run = run,
    .summary = "print the newest installed (or --known) version of a prefix",
    .usage = "[--known] PREFIX",
    .description =
        "Print the newest installed set matching PREFIX on a dot boundary (8.1\n"
        "matches 8.1.x, never 8.10), the one a pin of PREFIX selects; with\n"
        "--known, the newest release in the catalog with an archive for this\n"
        "platform (what 'cudnnv install PREFIX' would look at first).\n",
    .options = options,
    .operands = COMPLETE_SETS | COMPLETE_RELEASES,
    .max_operands = 1,
};
