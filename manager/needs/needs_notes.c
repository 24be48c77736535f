/*
 * What the commands say of a set's needs in passing (install's last line,
 * use): one note per need a program started here would not find, with the
 * fix. Both builds share it; the judgement itself is needs_judge.c.
 */
#include "needs_judge.h"
#include "option_names.h"

#include "messages.h"

int needs_count(const struct set_judgement *judgement, enum need_verdict verdict)
{
    int count = 0;
    for (int i = 0; i < judgement->count; i++)
        count += judgement->finding[i].verdict == verdict;
    return count;
}

/* One note per need of the set not met here, naming the fix; when all are met (and all_met_too), one note saying so. */
void needs_note_unmet(const char *root, const char *name, int all_met_too)
{
    static struct set_judgement judgement;
    int unmet;
    if (needs_judge_set(root, name, &judgement) != 0 || !judgement.needs_known)
        return;
    unmet = judgement.count - needs_count(&judgement, NEED_FOUND);
    if (unmet == 0) {
        if (all_met_too)
            note("needs: all %d libraries %s loads besides itself are found here", judgement.count, name);
        return;
    }
    for (int i = 0; i < judgement.count; i++) {
        const struct need_finding *finding = &judgement.finding[i];
        if (finding->verdict != NEED_FOUND)
            note("needs: %s (%s) is %s; fix: 'cudnnv install " OPTION_WITH_CUDA_LIBS " %s' (see 'cudnnv doctor')",
                 finding->need.name, set_need_feature(finding->need.when),
                 finding->verdict == NEED_MISSING ? "found nowhere a program started here looks"
                 : finding->verdict == NEED_OTHER_MAJOR ? "found only for another CUDA major"
                                                        : "met only by a library of another CUDA major",
                 name);
    }
}
