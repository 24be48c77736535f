/*
 * A major that no source names is served by the first set of the default
 * order that loads here: the set linked as system, then the installed sets
 * newest first (cudnnv_default_after). When the first cannot load, the
 * selection passes it over; this says so, with what it lacks, and the pin
 * that makes the choice the user's own: versions notes it, doctor warns.
 */
#include "loadable_set.h"
#include "messages.h"
#include "selection.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

void passed_over_needs(const char *root, const char *name, char *out, size_t size)
{
    static struct set_judgement judgement;
    out[0] = '\0';
    if (needs_judge_set(root, name, &judgement) != 0)
        return;
    for (int i = 0; i < judgement.count; i++) {
        const struct need_finding *finding = &judgement.finding[i];
        size_t used = strlen(out);
        if (finding->verdict != NEED_FOUND && finding->need.when == NEED_AT_LOAD && used + 2 < size)
            snprintf(out + used, size - used, "%s%s", used ? ", " : "", finding->need.name);
    }
}

void passed_over_text(const char *root, const struct cudnnv_choice *choice, int major, char *out, size_t size)
{
    char needs[256];
    passed_over_needs(root, choice->passed_over, needs, sizeof needs);
    snprintf(out, size, "nothing here pins cuDNN %d and '%s' cannot load here (it needs %s), so %s serves, the newest installed set of cuDNN %d that loads",
             major, choice->passed_over, needs[0] ? needs : "what the loader does not find", choice->name, major);
}

void note_passed_over(const char *root)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    char text[PATH_MAX];
    selection_where(&where);
    where.root = root;
    cudnnv_read_sources(&where, &sources);
    for (int major = CUDNNV_FIRST_MAJOR; major <= CUDNNV_LAST_MAJOR; major++) {
        if (cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_SELECTED || choice.passed_over[0] == '\0')
            continue;
        passed_over_text(root, &choice, major, text, sizeof text);
        note("%s; 'cudnnv global %s' pins it", text, choice.name);
    }
}
