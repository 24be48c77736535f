/*
 * Whether a set loads here, as the selection asks it of the manager's
 * commands for a major no source names (cudnnv_set_load_judge): each
 * library its libraries need at load time is found where a program started
 * here looks (needs_judge.c). What cannot be told counts as loading, so
 * the selection passes a set over only on a need known to be missing; the
 * shim answers the same question by trying the set.
 */
#include "needs_judge.h"

int set_loads_here(const struct set_judgement *judgement)
{
    for (int i = 0; i < judgement->count; i++) {
        if (judgement->finding[i].verdict != NEED_FOUND && judgement->finding[i].need.when == NEED_AT_LOAD)
            return 0;
    }
    return judgement->needs_known;
}

int needs_set_loads(const char *root, const char *name)
{
    static struct set_judgement judgement;
    static int judging;   /* the judge reads the project's pins: never a selection inside a selection */
    if (judging)
        return 1;
    judging = 1;
    int known = needs_judge_set(root, name, &judgement) == 0 && judgement.needs_known;
    int loads = !known || set_loads_here(&judgement);
    judging = 0;
    return loads;
}
