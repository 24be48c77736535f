/*
 * The installed and linked sets as 'cudnnv versions' lists them: oldest
 * first, each with its record, whether the shim would refuse it, what it
 * needs that a program started here would not find, and whether a major's
 * selection picks it (and what picked it).
 */
#include "needs_judge.h"
#include "selection.h"
#include "set_listing.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_word(char *list, size_t size, const char *word)
{
    size_t used = strlen(list);
    if (used + strlen(word) + 3 < size)
        snprintf(list + used, size - used, "%s%s", used ? ", " : "", word);
}

/* What each set needs that a program started here would not find (needs_judge.c). */
static void judge_needs(const char *root, struct listed_set *set)
{
    static struct set_judgement judgement;
    if (needs_judge_set(root, set->name, &judgement) != 0)
        return;
    for (int i = 0; i < judgement.count; i++) {
        const struct need_finding *finding = &judgement.finding[i];
        if (finding->verdict == NEED_FOUND)
            continue;
        add_word(set->unmet, sizeof set->unmet, finding->need.name);
        if (finding->need.when == NEED_AT_LOAD)
            add_word(set->unloadable, sizeof set->unloadable, finding->need.name);
    }
}

static int by_version(const void *a, const void *b)
{
    return cudnnv_name_compare(((const struct listed_set *)a)->name, ((const struct listed_set *)b)->name);
}

static void mark_selected(struct listed_set *sets, int count)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    selection_where(&where);
    cudnnv_read_sources(&where, &sources);
    for (int i = 0; i < count; i++) {
        int major = cudnnv_name_major(sets[i].info.version);
        if (major < 0 || cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_SELECTED ||
            strcmp(choice.name, sets[i].name) != 0)
            continue;
        sets[i].selected = 1;
        selection_origin_text(&choice, sets[i].origin, sizeof sets[i].origin);
    }
}


struct listed_set *set_listing_read(const char *root, int judge, int *count)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    *count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    struct listed_set *sets = calloc((size_t)*count + 1, sizeof *sets);
    if (sets == NULL)
        return NULL;
    for (int i = 0; i < *count; i++) {
        strcpy(sets[i].name, names[i]);
        store_set_dir(root, names[i], sets[i].set_dir, sizeof sets[i].set_dir);
        if (set_info_read(sets[i].set_dir, &sets[i].info) != 0)
            snprintf(sets[i].info.version, sizeof sets[i].info.version, "%.64s", names[i]);
        if (selection_set_trusted(root, names[i], sets[i].refused, sizeof sets[i].refused))
            sets[i].refused[0] = '\0';
        if (judge)
            judge_needs(root, &sets[i]);
    }
    qsort(sets, (size_t)*count, sizeof *sets, by_version);
    mark_selected(sets, *count);
    return sets;
}
