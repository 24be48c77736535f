/*
 * Doctor check of the frameworks a project was planned for ('use --for',
 * recorded in the store beside the version file that planned them): each
 * framework's builds (frameworks.ini) held against the sets selected here
 * and the CUDA runtime the project pins, by the framework's own load-time
 * rule. One build that the selection serves is enough; none is a failure
 * with the fix, whatever the active Python holds.
 */
#include "doctor.h"
#include "option_names.h"

#include "cuda_runtime.h"
#include "framework_plan.h"
#include "frameworks.h"
#include "pinned_projects.h"
#include "python_requirement.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Whether the selection serves a build: its major's set in its range, and the project's runtime (if any) one it
 * loads; why says what fails. */
static int served(struct doctor *doctor, const struct framework_build *build, const char *runtime, char *why,
                  size_t size)
{
    struct doctor_set set;
    char specifier[96];
    int major = cudnnv_name_major(build->cudnn);
    if (!doctor_selected_set(doctor, major, &set) || !set.info_read)
        return snprintf(why, size, "no cuDNN %d set is selected here", major), 0;
    if (build->cudnn_below[0] != '\0')
        snprintf(specifier, sizeof specifier, ">=%s,<%s", build->cudnn, build->cudnn_below);
    else
        snprintf(specifier, sizeof specifier, ">=%s,<%d", build->cudnn, major + 1);
    if (!python_specifier_accepts(specifier, set.info.version))
        return snprintf(why, size, "cuDNN %d here is %s, not %s", major, set.info.version, specifier), 0;
    if (runtime[0] != '\0' && build->cuda_accepts[0] != '\0' && !python_specifier_accepts(build->cuda_accepts, runtime))
        return snprintf(why, size, "the project's CUDA runtime is %s, not %s", runtime, build->cuda_accepts), 0;
    snprintf(why, size, "cuDNN %d here is %s (%s)%s%s", major, set.info.version, specifier,
             runtime[0] ? ", CUDA runtime " : "", runtime);
    return 1;
}

/* One framework the project names ("tensorflow==2.5"), judged. */
static void judge_named(struct doctor *doctor, const struct framework_pins *pins, const char *spec, const char *runtime)
{
    char name[32], why[512] = "", first_why[512] = "";
    struct framework_build build;
    const char *equals = strstr(spec, "==");
    snprintf(name, sizeof name, "%.*s", equals ? (int)(equals - spec) : (int)strlen(spec), spec);
    const char *framework = framework_canonical_name(name), *version = equals ? equals + 2 : "";
    const struct framework_rule *rule = framework_rule_of(name);
    int builds = 0;
    if (framework != NULL && version[0] == '\0')
        return;   /* planned from the active Python: judged with the active Python's frameworks */
    for (int p = 0; framework != NULL && version[0] && p < pins->count; p++) {
        if (!framework_pin_matches(&pins->pins[p], framework, version, CUDNNV_HOST_PLATFORM))
            continue;
        framework_build_from_pin(&build, &pins->pins[p]);
        builds++;
        if (served(doctor, &build, runtime, why, sizeof why)) {
            doctor_add(doctor, DOCTOR_OK, "frameworks", NULL, "%s (this project's, by use " OPTION_FOR "): its CUDA %s build loads here: %s; its rule: %s (%s)",
                       spec, build.cuda[0] ? build.cuda : "unknown", why, rule->cudnn_rule, rule->cudnn_source);
            return;
        }
        if (first_why[0] == '\0')
            snprintf(first_why, sizeof first_why, "%s", why);
    }
    if (builds == 0)
        doctor_add(doctor, DOCTOR_SKIP, "frameworks", NULL, "%s (this project's, by use " OPTION_FOR ") is not in cudnnv's data", spec);
    else
        doctor_add(doctor, DOCTOR_FAIL, "frameworks", "run 'cudnnv use " OPTION_FOR "' again in the project (it plans for every framework named here), then 'cudnnv install'",
                   "%s (this project's, by use " OPTION_FOR ") does not load with what is selected here: %s; its rule: %s (%s)",
                   spec, first_why, rule != NULL ? rule->cudnn_rule : "", rule != NULL ? rule->cudnn_source : "");
}

void doctor_check_project_frameworks(struct doctor *doctor)
{
    char version_file[PATH_MAX], items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT], spec[80], runtime[PATH_MAX] = "";
    char why[PATH_MAX + 256];
    struct framework_pins pins;
    struct cuda_runtime_pin pin;
    if (!cudnnv_find_local_file(doctor->where.cwd, version_file, sizeof version_file))
        return;
    int count = project_frameworks_get(doctor->where.root, version_file, items, PROJECT_FRAMEWORKS_MAX);
    if (count == 0 || frameworks_load(&pins) != 0)
        return;
    if (cuda_runtime_pinned(&doctor->where, &pin, why, sizeof why) > 0)
        snprintf(runtime, sizeof runtime, "%s", pin.version);
    for (int i = 0; i < count; i++) {
        project_framework_spec(items[i], spec, sizeof spec);
        judge_named(doctor, &pins, spec, runtime);
    }
    frameworks_free(&pins);
}
