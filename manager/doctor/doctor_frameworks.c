/*
 * Doctor check of the frameworks in the active Python (the first python3 on
 * PATH), read from their files, never by importing them: what each says of
 * its own cuDNN (framework_metadata.c) is held against the set selected for
 * that major; when a framework says nothing, its release's pin
 * (versions/frameworks.ini) is.
 */
#include "doctor.h"
#include "option_names.h"
#include "cuda_runtime.h"
#include "selection.h"

#include "fsutil.h"
#include "framework_libs.h"
#include "framework_metadata.h"
#include "frameworks.h"
#include "set_info.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The set selected here for a major, read; 0 when none is. */
static int selected_set(struct doctor *doctor, int major, struct set_info *info)
{
    struct doctor_set set;
    if (!doctor_selected_set(doctor, major, &set) || !set.info_read)
        return 0;
    *info = set.info;
    return 1;
}

/* The framework's own word on its cuDNN, held against the set selected for that major. */
static void judge_requirement(struct doctor *doctor, const struct installed_framework *found)
{
    const struct cudnn_requirement *requirement = &found->requirement;
    int major = cudnnv_name_major(requirement->least);
    struct set_info info;
    char fix[256];
    snprintf(fix, sizeof fix, "run 'cudnnv use " OPTION_FOR " %s' in the project, or install a newer set ('cudnnv install %s')",
             found->framework, requirement->least);
    if (!selected_set(doctor, major, &info))
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", fix, "%s %s needs cuDNN %s or newer (it says: %s); no cuDNN %d set is selected here",
                   found->framework, found->version, requirement->least, requirement->said, major);
    else if (framework_requirement_accepts(requirement, info.version))
        doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "%s %s accepts %s (%s): it says %s",
                   found->framework, found->version, doctor->choice[major].name, info.version, requirement->said);
    else
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", fix,
                   "%s %s needs cuDNN %s or newer, below %s (it says: %s), but cuDNN %d here is %s (%s); it refuses to start on an older one",
                   found->framework, found->version, requirement->least, requirement->below, requirement->said, major,
                   doctor->choice[major].name, info.version);
}

/* The pin for this framework release that the selected sets serve best (its major is selected). */
static void judge(struct doctor *doctor, const struct framework_pins *pins, const struct installed_framework *found)
{
    if (found->requirement.least[0] != '\0') {
        judge_requirement(doctor, found);
        return;
    }
    char fix[256];
    const struct framework_pin *wanted = NULL;
    snprintf(fix, sizeof fix, "run 'cudnnv use " OPTION_FOR " %s==%s' in the project", found->framework, found->version);
    for (int p = 0; p < pins->count; p++) {
        const struct framework_pin *pin = &pins->pins[p];
        if (!framework_pin_matches(pin, found->framework, found->version, CUDNNV_HOST_PLATFORM))
            continue;
        int major = cudnnv_name_major(pin->cudnn);
        if (wanted == NULL)
            wanted = pin;
        if (major < 7 || major > 9 || !doctor->selected[major])
            continue;
        struct set_info info;
        if (selected_set(doctor, major, &info) && framework_accepts(pin, info.version)) {
            doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "%s %s (built with cuDNN %s) accepts %s (%s)",
                       found->framework, found->version, pin->cudnn, doctor->choice[major].name, info.version);
            return;
        }
        wanted = pin;
    }
    if (wanted == NULL)
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "%s %s in %s: the catalog does not say which cuDNN it was built with",
                   found->framework, found->version, found->where);
    else
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", fix,
                   "%s %s was built with cuDNN %s and needs a cuDNN %d set of at least that minor; the sets selected here do not qualify",
                   found->framework, found->version, wanted->cudnn, cudnnv_name_major(wanted->cudnn));
}

/* What the framework opens of its CUDA by itself (TensorFlow's build_info names the CUDA), looked for here. */
static void judge_cuda_libraries(struct doctor *doctor, const struct installed_framework *found)
{
    static struct framework_libs libs;
    struct cudnnv_where where;
    char missing[512], runtime[PATH_MAX];
    selection_where(&where);
    if (found->cuda[0] == '\0' ||
        framework_libs_judge_in_project(&where, found->framework, found->cuda, &libs, runtime, sizeof runtime) != 0)
        return;
    if (!libs.known)
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL,
                   "%s %s is built for CUDA %s: which CUDA libraries it opens itself is not in cudnnv's data",
                   found->framework, found->version, found->cuda);
    else if (framework_libs_missing(&libs) == 0)
        doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "%s %s (CUDA %s): the %d CUDA libraries it opens itself are found%s%s",
                   found->framework, found->version, found->cuda, libs.count,
                   runtime[0] ? ", in the project's CUDA runtime " : "", runtime);
    else {
        framework_libs_describe_missing(&libs, missing, sizeof missing);
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", framework_libs_fix(found->cuda),
                   "%s %s (CUDA %s) opens %s itself: found nowhere a program started here looks, or only for another CUDA",
                   found->framework, found->version, found->cuda, missing);
    }
}

/* What verify says of the runtime whose lib/ is lib (ROOT/cuda/runtime/NAME/lib): 1 with it, else 0; fix then
 * names the repair. */
static int runtime_problem(const char *root, const char *lib, char *problem, size_t size)
{
    char name[PATH_MAX];
    snprintf(name, sizeof name, "%s", lib);
    char *slash = strrchr(name, '/');
    if (slash == NULL)
        return 0;
    *slash = '\0';
    return cuda_runtime_problem(root, base_name(name), problem, size);
}

/* The CUDA runtime the project pins for its framework: there, or what to run. */
static void check_project_runtime(struct doctor *doctor)
{
    struct cudnnv_where where;
    struct cuda_runtime_pin pin;
    char lib[PATH_MAX] = "", why[PATH_MAX + 256], problem[4 * PATH_MAX], fix[160];
    selection_where(&where);
    int pinned = cuda_runtime_pinned(&where, &pin, why, sizeof why);
    snprintf(fix, sizeof fix, "'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %.24s', then 'cudnnv install' in the project",
             pin.version);
    if (pinned < 0)
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", "write it as 'cuda 11.0', or 'cudnnv use " OPTION_CUDA_RUNTIME " VERSION'", "%s",
                   why);
    else if (pinned > 0 && cuda_runtime_find(where.root, pin.version, lib, sizeof lib) &&
             runtime_problem(where.root, lib, problem, sizeof problem))
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", fix, "the project's CUDA %s runtime (%s, set by %s) %s", pin.version,
                   lib, pin.origin, problem);
    else if (pinned > 0 && lib[0] != '\0')
        doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "the project's CUDA %s runtime: %s (set by %s)", pin.version, lib,
                   pin.origin);
    else if (pinned > 0)
        doctor_add(doctor, DOCTOR_FAIL, "frameworks",
                   "run 'cudnnv install' in the project (offline: 'cudnnv install " OPTION_CUDA_LIBS_FROM " DIR')",
                   "the CUDA %s runtime pinned in %s is not installed: programs started there miss what their framework opens by itself",
                   pin.version, pin.origin);
}

void doctor_check_frameworks(struct doctor *doctor)
{
    check_project_runtime(doctor);
    struct installed_framework found[8];
    struct framework_pins pins;
    int python_found;
    int count = installed_frameworks(found, 8, &python_found);
    if (python_found == PYTHON_TIMED_OUT) {
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL,
                   "python3 on PATH did not answer within 10 s (stopped): cannot look for TensorFlow or PyTorch");
        return;
    }
    if (python_found == PYTHON_MISSING) {
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "no python3 on PATH: cannot look for TensorFlow or PyTorch");
        return;
    }
    if (count == 0) {
        doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "no TensorFlow or PyTorch in the active Python's site-packages");
        return;
    }
    if (frameworks_load(&pins) != 0) {
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "cannot read the framework pins (frameworks.ini)");
        return;
    }
    for (int i = 0; i < count; i++) {
        judge(doctor, &pins, &found[i]);
        judge_cuda_libraries(doctor, &found[i]);
    }
    frameworks_free(&pins);
}
