/*
 * The selection serves a major that nothing pins with the set linked as
 * system, else the newest installed (DESIGN's rule: installing cudnnv never
 * breaks a program that worked before). When that set cannot load here and
 * another installed set of the major can, the loadable one is named, so
 * that the user can pin it; the rule itself is not changed behind them.
 */
#include "loadable_set.h"
#include "messages.h"
#include "selection.h"

#include <limits.h>
#include <string.h>

int set_loads_here(const struct set_judgement *judgement)
{
    for (int i = 0; i < judgement->count; i++) {
        if (judgement->finding[i].verdict != NEED_FOUND && judgement->finding[i].need.when == NEED_AT_LOAD)
            return 0;
    }
    return judgement->needs_known;
}

/* 1 when the set's needs are known and all met here, 0 when one it has at load time is not, -1 when unknown. */
static int judged_loads(const char *root, const char *name)
{
    static struct set_judgement judgement;
    if (needs_judge_set(root, name, &judgement) != 0 || !judgement.needs_known)
        return -1;
    return set_loads_here(&judgement);
}

int loadable_instead(const char *root, const struct cudnnv_choice *choice, int major, cudnnv_name best)
{
    static cudnnv_name names[CUDNNV_MAX_SETS];
    best[0] = '\0';
    if ((choice->origin != CUDNNV_ORIGIN_SYSTEM && choice->origin != CUDNNV_ORIGIN_NEWEST) ||
        judged_loads(root, choice->name) != 0)
        return 0;
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    for (int i = 0; i < count; i++) {
        if (strcmp(names[i], choice->name) == 0 || cudnnv_set_major(root, names[i]) != major ||
            !cudnnv_set_runs_here(root, names[i]) || (best[0] && cudnnv_name_compare(names[i], best) < 0) ||
            judged_loads(root, names[i]) != 1)
            continue;
        strcpy(best, names[i]);   /* a name of the store: at most CUDNNV_NAME_MAX bytes */
    }
    return best[0] != '\0';
}

void note_loadable_instead(const char *root)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    cudnnv_name best;
    char origin[PATH_MAX + 64];
    selection_where(&where);
    where.root = root;
    cudnnv_read_sources(&where, &sources);
    for (int major = 7; major <= 9; major++) {
        if (cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_SELECTED ||
            !loadable_instead(root, &choice, major, best))
            continue;
        cudnnv_describe_origin(&choice, origin, sizeof origin);
        note("nothing here pins cuDNN %d, so %s serves (%s) and cannot load here; %s loads: 'cudnnv global %s' makes it serve",
             major, choice.name, origin, best, best);
    }
}
