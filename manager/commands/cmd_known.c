/*
 * cudnnv known: the releases the catalog knows, with the CUDA builds of each,
 * marking the ones installed here.
 */
#include "catalog.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "gpu_list.h"
#include "set_info.h"
#include "store.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum { KNOWN_PLATFORM, KNOWN_JSON, KNOWN_GPU };

static const struct option_spec options[] = {
    [KNOWN_PLATFORM] = {.name = OPTION_PLATFORM, .value_name = "P", .complete = COMPLETE_PLATFORMS,
                        .help = "list another platform's releases and archives"},
    [KNOWN_JSON] = {.name = "--json", .help = "an array of objects: version, cuda (list), installed (list),\n"
                                              "and runs_on_gpus with the reason when it does not"},
    [KNOWN_GPU] = {.name = OPTION_GPU, .value_name = "X.Y", .help = "mark the releases with no code for GPUs of this compute\n"
                                                                "capability (6.1,8.0 for two) instead of this machine's"},
    {.name = NULL},
};

/* The installed sets holding this release, as "a, b" (empty when none). */
static void installed_as(const struct catalog *catalog, const struct catalog_release *release,
                         char *out, size_t size)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char set_dir[PATH_MAX];
    struct set_info info;
    const char *root = store_root();
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        store_set_dir(root, names[i], set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) != 0 || catalog_release_of_set(catalog, info.version) != release)
            continue;
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%.64s", used ? ", " : "", names[i]);
    }
}

/* True when the release has an archive for the platform. */
static int has_platform(const struct catalog_release *release, int platform)
{
    for (int b = 0; b < release->build_count; b++) {
        if (release->builds[b].archive[platform].name[0] != '\0')
            return 1;
    }
    return 0;
}

/* What a listing is for: the platform (chosen with --platform or not) and the GPUs. */
struct listing {
    int platform, chosen_platform;
    json_t *json;         /* --json: the array each release is added to; NULL for text */
    struct gpu_list gpus;
};

/* The release as an object of --json's array. */
static void add_release_json(const struct catalog_release *release, const struct listing *listing, char *installed,
                             int runs, const char *unfit)
{
    json_t *item = json_object(), *cuda = json_array(), *names = json_array();
    cudnnv_json_put_text(item, "version", release->version);
    for (int b = 0; b < release->build_count; b++)
        json_array_append_new(cuda, cudnnv_json_text(release->builds[b].cuda));
    json_object_set_new(item, "cuda", cuda);
    /* the names, split at the ", " installed_as put between them (names have no spaces) */
    for (char *name = installed, *next; *name; name = next) {
        next = strstr(name, ", ");
        next = next ? (*next = '\0', next + 2) : name + strlen(name);
        json_array_append_new(names, cudnnv_json_text(name));
    }
    json_object_set_new(item, "installed", names);
    if (listing->gpus.count > 0) {
        cudnnv_json_put_bool(item, "runs_on_gpus", runs);
        if (!runs)
            cudnnv_json_put_text(item, "gpu_reason", unfit);
    }
    json_array_append_new(listing->json, item);
}

static void print_release(const struct catalog *catalog, const struct catalog_release *release,
                          const struct listing *listing)
{
    char installed[1024], unfit[160] = "";
    int platform = listing->platform, chosen_platform = listing->chosen_platform;
    installed_as(catalog, release, installed, sizeof installed);
    int runs = !gpu_list_release_unfit(&listing->gpus, release, platform, unfit, sizeof unfit);
    if (!listing->json) {
        printf("%s %-12s CUDA", installed[0] ? "*" : " ", release->version);
        for (int b = 0; b < release->build_count; b++) {
            if (release->builds[b].archive[platform].name[0] != '\0')
                printf(" %s", release->builds[b].cuda);
        }
        if (installed[0] != '\0')
            printf("  (installed: %s)", installed);
        if (!runs)
            printf("  (%s)", unfit);
        printf("\n");
        for (int b = 0; chosen_platform && b < release->build_count; b++) {
            if (release->builds[b].archive[platform].name[0] != '\0')
                printf("    CUDA %-5s %s\n", release->builds[b].cuda, release->builds[b].archive[platform].name);
        }
        return;
    }
    add_release_json(release, listing, installed, runs, unfit);
}

static int run(struct args *args)
{
    struct catalog catalog;
    struct listing listing;
    const char *prefix = args->count ? args->operand[0] : NULL, *platform_name = args->value[KNOWN_PLATFORM];
    int shown = 0;
    listing.json = NULL;
    listing.chosen_platform = platform_name != NULL;
    listing.platform = platform_name ? catalog_platform_from_name(platform_name) : (int)catalog_host_platform();
    if (listing.platform < 0)
        return catalog_platform_refused(platform_name);
    if (gpu_list_for_choice(&listing.gpus, args->value[KNOWN_GPU],
                            listing.platform == (int)catalog_host_platform()) < 0)
        return gpu_option_refused(args->value[KNOWN_GPU]);
    if (catalog_load(&catalog) != 0)
        return catalog_unreadable(catalog.dir);
    if (args_has(args, KNOWN_JSON))
        listing.json = json_array();
    for (int i = 0; i < catalog.count; i++) {
        if ((prefix != NULL && !cudnnv_name_has_prefix(catalog.releases[i].version, prefix)) ||
            !has_platform(&catalog.releases[i], listing.platform))
            continue;
        print_release(&catalog, &catalog.releases[i], &listing);
        shown++;
    }
    if (listing.json)
        cudnnv_json_print(stdout, listing.json);
    catalog_free(&catalog);
    if (shown == 0 && !listing.json)
        return fail("no release in the catalog matches '%s'; run 'cudnnv known' for all", prefix ? prefix : "");
    return 0;
}

const struct command command_known = {
    .name = "known",
    .run = run,
    .options = options,
    .operands = {.usage = "[PREFIX]", .complete = COMPLETE_RELEASES, .max = 1},
};
