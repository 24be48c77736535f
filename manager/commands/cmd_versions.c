/*
 * cudnnv versions: every installed or linked set, oldest first, with '*' on
 * the set each major's selection picks and what picked it.
 */
#include "args.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "loadable_set.h"
#include "selection.h"
#include "set_info.h"
#include "set_listing.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VERSIONS_BARE, VERSIONS_JSON };

static const struct option_spec options[] = {
    [VERSIONS_BARE] = {.name = "--bare", .help = "names only, one per line", .conflicts = 1 << VERSIONS_JSON},
    [VERSIONS_JSON] = {.name = "--json", .help = "an array of objects: name, version, cuda, platform, kind, path,\n"
                                                 "selected, origin, refused (why the shim would not load it),\n"
                                                 "unmet_needs (libraries it loads that a program here\n"
                                                 "would not find)"},
    {.name = NULL},
};

static void print_json(const struct listed_set *sets, int count)
{
    json_t *list = json_array();
    for (int i = 0; i < count; i++) {
        const struct listed_set *set = &sets[i];
        json_t *item = json_object();
        cudnnv_json_put_text(item, "name", set->name);
        cudnnv_json_put_text(item, "version", set->info.version);
        cudnnv_json_put_text(item, "cuda", set->info.cuda);
        cudnnv_json_put_text(item, "platform", set->info.platform);
        cudnnv_json_put_text(item, "kind", set->info.kind);
        cudnnv_json_put_text(item, "path", set_info_is_linked(&set->info) ? set->info.path : set->set_dir);
        cudnnv_json_put_bool(item, "selected", set->selected);
        cudnnv_json_put_bool(item, "system", cudnnv_set_in_system(store_root(), set->name));
        cudnnv_json_put_text(item, "origin", set->origin);
        cudnnv_json_put_text(item, "refused", set->refused);
        cudnnv_json_put_text(item, "unmet_needs", set->unmet);
        json_array_append_new(list, item);
    }
    cudnnv_json_print(stdout, list);
}

static void print_lines(const struct listed_set *sets, int count, int bare)
{
    for (int i = 0; i < count; i++) {
        const struct listed_set *set = &sets[i];
        if (bare) {
            printf("%s\n", set->name);
            continue;
        }
        printf("%s %s", set->selected ? "*" : " ", set->name);
        if (set_info_is_linked(&set->info))
            printf(" -> %s (%s)", set->info.path, set->info.version);
        if (set->selected)
            printf(" (%s)", set->origin);
        if (cudnnv_set_in_system(store_root(), set->name))
            printf(" [system store]");
        if (set->refused[0] != '\0')
            printf(" [refused: %s]", set->refused);
        if (set->unloadable[0] != '\0')
            printf(" [cannot load here: needs %s; see 'cudnnv doctor']", set->unloadable);
        printf("\n");
    }
}

/* The CUDA runtimes projects pin, after the sets: '*' on the one this project's "cuda" line means. */
static void print_runtimes(const char *root)
{
    cudnnv_name names[64];
    struct cudnnv_where where;
    struct cuda_runtime_pin pin;
    char why[PATH_MAX + 64], mine[PATH_MAX] = "";
    int count = cuda_runtime_list(root, names, 64);
    selection_where(&where);
    if (count > 0 && cuda_runtime_pinned(&where, &pin, why, sizeof why) > 0 &&
        !cuda_runtime_find(root, pin.version, mine, sizeof mine))
        mine[0] = '\0';
    for (int i = 0; i < count; i++) {
        int here = mine[0] != '\0' && cuda_runtime_lib_is(mine, names[i]);
        printf("%s cuda %s (a CUDA runtime%s%s)\n", here ? "*" : " ", names[i], here ? "; pinned by " : "",
               here ? pin.origin : "");
    }
}

static int run(struct args *args)
{
    int bare = args_has(args, VERSIONS_BARE), json = args_has(args, VERSIONS_JSON);
    const char *root = store_root();
    int count;
    struct listed_set *sets = set_listing_read(root, !bare, &count);
    if (sets == NULL)
        return fail("out of memory");
    if (json)
        print_json(sets, count);
    else
        print_lines(sets, count, bare);
    if (!json && !bare) {
        print_runtimes(root);
        note_passed_over(root);
    }
    if (count == 0 && !json && !bare)
        note("no sets in %s yet; run 'cudnnv install SOURCE' or 'cudnnv link NAME DIR'", root);
    free(sets);
    return 0;
}

const struct command command_versions = {
    .name = "versions",
    .run = run,
    .options = options,
};
