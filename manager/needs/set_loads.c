/*
 * Whether a set loads here, as the selection asks it of the manager's
 * commands for a major no source names (cudnnv_set_load_judge): each
 * library its libraries need at load time is found where a program started
 * here looks (needs_judge.c). Only a set whose record says it may not load
 * (a need not on every Linux, as cuDNN 8's cuBLAS) is judged, as only such
 * a set is tried by the shim, which answers the same question by trying;
 * what cannot be told counts as loading.
 */
#include "needs_judge.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int set_loads_here(const struct set_judgement *judgement)
{
    for (int i = 0; i < judgement->count; i++) {
        if (judgement->finding[i].verdict != NEED_FOUND && judgement->finding[i].need.when == NEED_AT_LOAD)
            return 0;
    }
    return judgement->needs_known;
}

/* The answers given in this process: a command asks of the same set once per major and per set it lists, and a
 * linked set's libraries are read by starting the install helper. */
#define ANSWERS_KEPT 16
static struct {
    char key[PATH_MAX + 80];
    int loads;
} answers[ANSWERS_KEPT];
static int answers_count;

int needs_set_loads(const char *root, const char *name)
{
    static struct set_judgement judgement;
    static int judging;   /* the judge reads the project's pins: never a selection inside a selection */
    char key[sizeof answers[0].key], may_not_load[4];
    /* as the shim, which tries only a set whose record says it may not load: any other is taken to load */
    if (!cudnnv_set_key(root, name, CUDNNV_KEY_MAY_NOT_LOAD, may_not_load, sizeof may_not_load) ||
        strcmp(may_not_load, "yes") != 0)
        return 1;
    if (judging || snprintf(key, sizeof key, "%s\n%s", root, name) >= (int)sizeof key)
        return 1;
    for (int i = 0; i < answers_count; i++) {
        if (strcmp(answers[i].key, key) == 0)
            return answers[i].loads;
    }
    judging = 1;
    int known = needs_judge_set(root, name, &judgement) == 0 && judgement.needs_known;
    int loads = !known || set_loads_here(&judgement);
    judging = 0;
    if (answers_count < ANSWERS_KEPT) {
        strcpy(answers[answers_count].key, key);
        answers[answers_count++].loads = loads;
    }
    return loads;
}
