/*
 * use --for: one plan for every framework a project serves (those an
 * earlier --for recorded, then those given), written with the pins of other
 * majors kept, a replaced runtime said, and what each framework opens of its
 * CUDA by itself looked for. The plan itself is catalog/use_for.c's.
 */
#include "cuda_runtime.h"
#include "platform.h"
#include "framework_libs.h"
#include "fsutil.h"
#include "messages.h"
#include "pinned_projects.h"
#include "project_pins.h"
#include "selection.h"
#include "store.h"
#include "use_for.h"
#include "version_write.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/*
 * What the framework opens of its CUDA by itself, looked for where a program
 * started here looks: the project's pinned runtime (when installed) first,
 * then the loader's own places. A note for each library not found; none
 * while the pinned runtime is still to be installed (install brings it).
 */
static void note_framework_libs(const struct framework_build *choice, const char *runtime)
{
    static struct framework_libs libs;
    struct cudnnv_where where;
    char missing[512], lib[PATH_MAX];
    selection_where(&where);
    if (runtime[0] != '\0' && !cuda_runtime_find(where.root, runtime, lib, sizeof lib))
        return;
    if (choice->cuda[0] == '\0' ||
        framework_libs_judge_in_project(&where, choice->framework, choice->cuda, &libs, lib, sizeof lib) != 0 ||
        !libs.known)
        return;
    if (framework_libs_missing(&libs) == 0) {
        note("%s %s (built for CUDA %s): the %d CUDA libraries it opens itself are found here", choice->framework,
             choice->version, choice->cuda, libs.count);
        return;
    }
    framework_libs_describe_missing(&libs, missing, sizeof missing);
    note("%s %s (built for CUDA %s) opens %s itself, and a program started here finds %s nowhere (%s); fix: %s",
         choice->framework, choice->version, choice->cuda, missing, framework_libs_missing(&libs) == 1 ? "it" : "them",
         PLATFORM_LOADER_PLACES,
         framework_libs_fix(choice->cuda));
}

/* The plan's pins, then those of path whose major the plan does not pin (the other majors' pins are kept). */
static int merge_pins(const char *path, const struct use_for_result *result, char **names, cudnnv_name *kept)
{
    cudnnv_name bad;
    int count = cudnnv_read_version_file(path, kept, CUDNNV_MAX_LINES, bad), merged = 0;
    for (int k = 0; k < result->count; k++)
        names[merged++] = (char *)result->pins[k].name;
    for (int i = 0; i < count && merged < CUDNNV_MAX_LINES; i++) {
        int ours = 0;
        for (int k = 0; k < result->count; k++)
            ours |= version_pin_major(kept[i]) == version_pin_major(result->pins[k].name);
        if (!ours)
            names[merged++] = kept[i];
    }
    return merged;
}

/*
 * The CUDA runtime to pin for a framework alone: the CUDA its build names,
 * where cudnnv's data knows which libraries it opens of it by itself
 * (framework-cuda-libs.ini); "" (none) otherwise.
 */
static void framework_runtime(const struct framework_build *choice, char *out, size_t size)
{
    static struct framework_libs libs;
    out[0] = '\0';
    if (choice->cuda[0] == '\0')
        return;
    if (!cudnnv_cuda_release_is_valid(choice->cuda)) {
        note("cudnnv's data says %s %s was built for CUDA '%s', which is not a CUDA release (such as 11.0): no CUDA runtime is pinned",
             choice->framework, choice->version, choice->cuda);
        return;
    }
    snprintf(out, size, "%s", choice->cuda);
    if (framework_libs_judge(choice->framework, choice->cuda, &libs) == 0 && libs.known)
        note("pinning the CUDA %s runtime %s %s opens by itself (%d libraries); 'cudnnv install' here brings it",
             choice->cuda, choice->framework, choice->version, libs.count);
    else
        note("pinning the CUDA %s runtime %s %s is built for (its wheels name it); 'cudnnv install' here brings it",
             choice->cuda, choice->framework, choice->version);
}

/* The runtime for several frameworks: the plan's, which every one loads with (each one's rule said). */
static void frameworks_runtime(const struct use_for_result *result, char *out, size_t size)
{
    char rules[512] = "";
    size_t used = 0;
    snprintf(out, size, "%s", result->runtime);
    if (result->runtime[0] == '\0')
        return;
    for (int i = 0; i < result->frameworks && used < sizeof rules; i++)
        used += (size_t)snprintf(rules + used, sizeof rules - used, "%s%s %s loads %s", i ? ", " : "",
                                 result->chosen[i].framework, result->chosen[i].version,
                                 result->chosen[i].cuda_accepts[0] ? result->chosen[i].cuda_accepts : "any");
    note("pinning the CUDA %s runtime every framework here loads with (%s); 'cudnnv install' here brings it",
         result->runtime, rules);
}

/* The record of what the plan serves: "SPEC: cuDNN MAJOR (PIN)[, CUDA X.Y]" for each framework. */
static int served_items(const struct use_for_result *result, const char *runtime,
                        char items[][PROJECT_FRAMEWORK_TEXT])
{
    char specs[400];
    char *rest = NULL;
    int count = 0;
    snprintf(specs, sizeof specs, "%s", result->served);
    for (char *spec = strtok_r(specs, " ", &rest); spec != NULL && count < result->frameworks;
         spec = strtok_r(NULL, " ", &rest), count++) {
        int major = cudnnv_name_major(result->chosen[count].cudnn);
        const char *pin = "";
        for (int k = 0; k < result->count; k++)
            pin = version_pin_major(result->pins[k].name) == major ? result->pins[k].name : pin;
        snprintf(items[count], PROJECT_FRAMEWORK_TEXT, "%.40s: cuDNN %d (%.20s)%s%.20s", spec, major, pin,
                 runtime[0] ? ", CUDA " : "", runtime);
    }
    return count;
}

/* A runtime the project pinned before that the plan replaces is said, never changed silently. */
static void say_runtime_change(const char *path, const char *runtime)
{
    char before[32];
    if (cudnnv_version_file_cuda(path, before, sizeof before) != 1 || strcmp(before, runtime) == 0)
        return;
    if (runtime[0] == '\0')
        note("the CUDA %s runtime pinned here stays: no framework named names a CUDA release", before);
    else
        note("replacing the CUDA %s runtime pinned here with %s, which every framework here loads with", before, runtime);
}

/* The plan for the recorded frameworks of path's project and the specs given; 0 with result filled. */
static int plan(const char *path, const char *const *given, int given_count, struct use_for_result *result)
{
    static char recorded[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT], texts[PROJECT_FRAMEWORKS_MAX][80];
    const char *specs[PROJECT_FRAMEWORKS_MAX + PLAN_MAX_FRAMEWORKS];
    int count = is_regular_file(path) ? project_frameworks_get(store_root(), path, recorded, PROJECT_FRAMEWORKS_MAX) : 0;
    for (int i = 0; i < count; i++) {
        project_framework_spec(recorded[i], texts[i], sizeof texts[i]);
        specs[i] = texts[i];
    }
    if (count > 0)
        note("this project serves %s%s already: planning for %s too", texts[0], count > 1 ? " and more" : "",
             count > 1 ? "them" : "it");
    for (int i = 0; i < given_count && i < PLAN_MAX_FRAMEWORKS; i++)
        specs[count + i] = given[i];
    int total = count + (given_count < PLAN_MAX_FRAMEWORKS ? given_count : PLAN_MAX_FRAMEWORKS);
    return use_for_frameworks(specs, total, count, result);
}

int use_plan_write(const char *path, const char *const *specs, int count)
{
    static struct use_for_result result;
    static char items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT];
    char *names[CUDNNV_MAX_LINES], runtime[24];
    cudnnv_name kept[CUDNNV_MAX_LINES];
    int status = plan(path, specs, count, &result), forced = 0;
    if (status != 0)
        return status;
    for (int k = 0; k < result.count; k++)
        forced |= result.pins[k].not_installed;
    int merged = merge_pins(path, &result, names, kept);
    if (result.frameworks == 1)
        framework_runtime(&result.chosen[0], runtime, sizeof runtime);
    else
        frameworks_runtime(&result, runtime, sizeof runtime);
    say_runtime_change(path, runtime);
    status = version_file_write(path, merged, names, forced, runtime[0] ? runtime : NULL);
    if (status != 0)
        return status;
    pinned_projects_add(store_root(), path);
    project_frameworks_set(store_root(), path, items, served_items(&result, runtime, items));
    pin_warn_about_home(path);
    for (int i = 0; i < result.frameworks; i++)
        note_framework_libs(&result.chosen[i], runtime);
    return 0;
}
