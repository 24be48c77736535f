/*
 * Doctor check of what each selected set needs besides itself (cuBLAS,
 * NVRTC, zlib...), judged where a program started here would look
 * (needs_judge.c): before a program fails with "libnvrtc.so: cannot open
 * shared object file", the doctor names the library, the set, the feature
 * that needs it and the fix.
 */
#include "doctor.h"
#include "option_names.h"
#include "platform.h"

#include "loadable_set.h"
#include "needs_judge.h"

#include <stdio.h>
#include <string.h>

static void describe_need(const struct set_judgement *judgement, const struct need_finding *finding, char *out,
                          size_t size)
{
    const struct set_need *need = &finding->need;
    snprintf(out, size, "%s%s%s%s needs %s (%s%s%s)", judgement->name, judgement->cuda[0] ? " (CUDA " : "",
             judgement->cuda, judgement->cuda[0] ? ")" : "", need->name, set_need_feature(need->when),
             need->needed_by[0] ? ", asked for by " : ", opened at run time",
             need->needed_by[0] ? need->needed_by : "");
}

static void report_problem(struct doctor *doctor, const struct set_judgement *judgement,
                           const struct need_finding *finding)
{
    char what[512], fix[512];
    describe_need(judgement, finding, what, sizeof what);
    snprintf(fix, sizeof fix,
             "bring NVIDIA's libraries for the set's CUDA with 'cudnnv install " OPTION_WITH_CUDA_LIBS " %s', or put a folder holding %s on %s",
             judgement->name, finding->need.name, PLATFORM_LIBRARY_PATH);
    if (finding->verdict == NEED_MISSING)
        doctor_add(doctor, DOCTOR_FAIL, "needs", fix, "%s: found nowhere (looked in %s)", what,
                   needs_search_description());
    else if (finding->verdict == NEED_OTHER_MAJOR)
        doctor_add(doctor, DOCTOR_FAIL, "needs", fix, "%s: found only %s (in %s), a library of another CUDA major",
                   what, finding->path, finding->how);
    else
        doctor_add(doctor, DOCTOR_FAIL, "needs", fix, "%s: met only by %s (in %s), a library of another CUDA major",
                   what, finding->path, finding->how);
}

/* The C library's and the compiler runtime's own: every system has them, so they are counted, not listed. */

static void report_met(struct doctor *doctor, const struct set_judgement *judgement)
{
    char list[900] = "";
    int met = 0, system = 0;
    for (int i = 0; i < judgement->count; i++) {
        const struct need_finding *finding = &judgement->finding[i];
        size_t used = strlen(list);
        if (finding->verdict != NEED_FOUND)
            continue;
        met++;
        if (set_need_is_c_runtime(finding->need.name))
            system++;
        else
            snprintf(list + used, sizeof list - used, "%s%s (%s: %s)", used ? ", " : "", finding->need.name,
                     finding->how, finding->path);
    }
    char runtime[64] = "";
    if (system > 0)
        snprintf(runtime, sizeof runtime, "%s%d of the C and C++ runtime", list[0] ? ", and " : "", system);
    if (met > 0)
        doctor_add(doctor, DOCTOR_OK, "needs", NULL, "%s: %d need%s met: %s%s", judgement->name, met,
                   met == 1 ? "" : "s", list, runtime);
}

/* A major no source names, whose first set of the default order cannot load here: said, with the pin. */
static void warn_passed_over(struct doctor *doctor, int major)
{
    const struct cudnnv_choice *choice = &doctor->choice[major];
    char text[PATH_MAX], fix[200];
    if (choice->passed_over[0] == '\0')
        return;
    passed_over_text(doctor->where.root, choice, major, text, sizeof text);
    snprintf(fix, sizeof fix, "pin the set you want: 'cudnnv global %s' (or 'cudnnv use %s' in the project)",
             choice->name, choice->name);
    doctor_add(doctor, DOCTOR_WARN, "selection", fix, "%s", text);
}

void doctor_check_needs(struct doctor *doctor)
{
    static struct set_judgement judgement;
    for (int major = 7; major <= 9; major++) {
        if (!doctor->selected[major] || needs_judge_set(doctor->where.root, doctor->choice[major].name, &judgement) != 0)
            continue;
        if (judgement.runtime[0] != '\0')
            doctor_add(doctor, DOCTOR_OK, "needs", NULL,
                       "%s: judged with the project's CUDA runtime %s first on the library path, as 'cudnnv exec' and the hook serve it",
                       judgement.name, judgement.runtime);
        if (!judgement.needs_known)
            doctor_add(doctor, DOCTOR_SKIP, "needs", NULL,
                       "%s: what its libraries need at load time could not be read (no record in its cudnnv.ini, no install helper)",
                       judgement.name);
        for (int i = 0; i < judgement.count; i++) {
            if (judgement.finding[i].verdict != NEED_FOUND)
                report_problem(doctor, &judgement, &judgement.finding[i]);
        }
        report_met(doctor, &judgement);
        warn_passed_over(doctor, major);
        if (judgement.runtime_unknown[0] != '\0')
            doctor_add(doctor, DOCTOR_SKIP, "needs", NULL, "%s: what cuDNN %d opens at run time is unknown: %s",
                       judgement.name, major, judgement.runtime_unknown);
    }
}
