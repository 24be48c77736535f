/*
 * cudnnv latest [--known] PREFIX: the newest installed set that matches
 * PREFIX on a dot boundary (as a pin of PREFIX would choose it), or with
 * --known the newest release of the catalog with an archive for this
 * platform: pyenv's 'latest', for scripts.
 */
#include "catalog.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "gpu_list.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

enum { LATEST_KNOWN, LATEST_GPU };

static const struct option_spec options[] = {
    [LATEST_KNOWN] = {.name = "--known", .help = "the newest release in the catalog instead"},
    [LATEST_GPU] = {.name = OPTION_GPU, .value_name = "X.Y", .help = "with --known: with code for GPUs of this compute\n"
                                                                 "capability instead of this machine's"},
    {.name = NULL},
};

/* The newest release of the prefix with an archive for this platform and code for the GPUs. */
static int latest_known(const char *prefix, const char *gpu_option)
{
    struct catalog catalog;
    struct gpu_list gpus;
    char unfit[160], described[128];
    int platform = (int)catalog_host_platform(), passed_over = 0;
    if (gpu_list_for_choice(&gpus, gpu_option, 1) < 0)
        return gpu_option_refused(gpu_option);
    if (catalog_load(&catalog) != 0)
        return catalog_unreadable(NULL);
    const char *found = NULL;
    for (int i = catalog.count - 1; i >= 0 && found == NULL; i--) {
        const struct catalog_release *release = &catalog.releases[i];
        if (!cudnnv_name_has_prefix(release->version, prefix))
            continue;
        for (int b = 0; b < release->build_count && found == NULL; b++) {
            if (release->builds[b].archive[platform].name[0] != '\0')
                found = release->version;
        }
        if (found != NULL && gpu_list_release_unfit(&gpus, release, platform, unfit, sizeof unfit)) {
            found = NULL;
            passed_over++;
        }
    }
    gpu_list_describe(&gpus, described, sizeof described);
    int status = found ? (printf("%s\n", found), 0)
                 : passed_over ? fail("no release of '%s' in the catalog has code for %s; see 'cudnnv known --gpu %s %s'",
                                      prefix, described, gpus.gpus[0].capability, prefix)
                               : fail("no release in the catalog matches '%s' for %s; see 'cudnnv known'", prefix,
                                      catalog_platform_name(platform));
    catalog_free(&catalog);
    return status;
}

static int run(struct args *args)
{
    cudnnv_name found;
    int known = args_has(args, LATEST_KNOWN);
    const char *prefix = args->operand[0];
    if (!cudnnv_name_is_valid(prefix))
        return usage_fail("latest", "'%s' is not a version prefix", prefix);
    if (args->value[LATEST_GPU] != NULL && !known)
        return usage_fail("latest", "--gpu chooses among the catalog's releases: add --known");
    if (known)
        return latest_known(prefix, args->value[LATEST_GPU]);
    if (!cudnnv_resolve(store_root(), prefix, found) || !cudnnv_set_runs_here(store_root(), found))
        return fail("no installed set matches '%s'; see 'cudnnv versions', or 'cudnnv latest --known %s'", prefix,
                    prefix);
    printf("%s\n", found);
    return 0;
}

const struct command command_latest = {
    .name = "latest",
    .run = run,
    .options = options,
    .operands = {.usage = "PREFIX", .complete = COMPLETE_SETS | COMPLETE_RELEASES, .min = 1, .max = 1,
                 .missing = "give one PREFIX, e.g. 'cudnnv latest 8.9'"},
};
