/*
 * framework_plan.h. A combination of builds is feasible when (1) the builds
 * that name a CUDA release name one CUDA major (a project pins one CUDA
 * runtime) and one of their releases is accepted by every build's own rule,
 * tried in the builds' order; and (2) per cuDNN major, the highest floor of
 * the builds of that major is below the lowest ceiling. Frameworks of two
 * cuDNN majors are served side by side (one pin per major: a process that
 * loads libcudnn.so.8 takes the 8 line). Combinations are few (a release has
 * at most a handful of builds), so every one is tried in order.
 */
#include "framework_plan.h"

#include "frameworks.h"
#include "python_requirement.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void framework_build_from_pin(struct framework_build *build, const struct framework_pin *pin)
{
    memset(build, 0, sizeof *build);
    build->framework = framework_canonical_name(pin->framework);
    snprintf(build->version, sizeof build->version, "%s", pin->version);
    snprintf(build->cuda, sizeof build->cuda, "%s", pin->cuda);   /* as written: one that is no release is said */
    framework_cuda_accepts(pin->framework, build->cuda, pin->cuda_accepts, build->cuda_accepts,
                           (int)sizeof build->cuda_accepts);
    snprintf(build->cudnn, sizeof build->cudnn, "%s", pin->cudnn);
    snprintf(build->cudnn_below, sizeof build->cudnn_below, "%s", pin->cudnn_below);
    snprintf(build->said, sizeof build->said, "frameworks.ini: %s %s %s CUDA %s", pin->framework, pin->version,
             pin->platform, pin->cuda);
}

/* The first cuDNN a build refuses: its own ceiling, else the next major. */
static void ceiling(const struct framework_build *build, char *out, size_t size)
{
    if (build->cudnn_below[0] != '\0')
        snprintf(out, size, "%s", build->cudnn_below);
    else
        snprintf(out, size, "%d", cudnnv_name_major(build->cudnn) + 1);
}

void framework_build_describe(const struct framework_build *build, char *out, size_t size)
{
    char below[32];
    ceiling(build, below, sizeof below);
    snprintf(out, size, "%s %s%s%s%s needs cuDNN >=%s,<%s%s%s", build->framework, build->version,
             build->cuda[0] ? " (CUDA " : "", build->cuda, build->cuda[0] ? " build)" : "", build->cudnn, below,
             build->cuda_accepts[0] ? " and CUDA " : "", build->cuda_accepts);
}

/* (1): the one CUDA runtime every build loads with; 0, or -1 with why. */
static int choose_runtime(const struct framework_build *const *builds, int count, char *runtime, size_t size,
                          char *why, size_t why_size)
{
    const struct framework_build *first = NULL;
    runtime[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (!cudnnv_cuda_release_is_valid(builds[i]->cuda))
            continue;   /* unknown, or not a release: any runtime, and none pinned for it */
        if (first != NULL && atoi(builds[i]->cuda) != atoi(first->cuda)) {
            snprintf(why, why_size, "%s %s is built for CUDA %s and %s %s for CUDA %s: a project pins one CUDA runtime",
                     first->framework, first->version, first->cuda, builds[i]->framework, builds[i]->version,
                     builds[i]->cuda);
            return -1;
        }
        if (first == NULL)
            first = builds[i];
    }
    for (int c = 0; c < count && runtime[0] == '\0'; c++) {
        int all = cudnnv_cuda_release_is_valid(builds[c]->cuda);
        for (int i = 0; i < count && all; i++)
            all = python_specifier_accepts(builds[i]->cuda_accepts, builds[c]->cuda);
        if (all)
            snprintf(runtime, size, "%s", builds[c]->cuda);
    }
    if (first != NULL && runtime[0] == '\0') {
        size_t used = (size_t)snprintf(why, why_size, "no CUDA %d runtime is loaded by all of them:", atoi(first->cuda));
        for (int i = 0; i < count && used < why_size; i++)
            used += (size_t)snprintf(why + used, why_size - used, "%s %s %s loads CUDA %s", i ? ";" : "",
                                     builds[i]->framework, builds[i]->version,
                                     builds[i]->cuda_accepts[0] ? builds[i]->cuda_accepts : "of any release");
        return -1;
    }
    return 0;
}

/* (2): one cuDNN range per cuDNN major the builds need; 0, or -1 with why. */
static int choose_cudnn(const struct framework_build *const *builds, int count, struct framework_plan *plan, char *why,
                        size_t why_size)
{
    char below[32], first[240], other[240];
    plan->majors = 0;
    for (int i = 0; i < count; i++) {
        int major = cudnnv_name_major(builds[i]->cudnn), k = 0;
        while (k < plan->majors && plan->cudnn[k].major != major)
            k++;
        if (k == PLAN_MAX_MAJORS)
            return snprintf(why, why_size, "more cuDNN majors than a project pins"), -1;
        struct cudnn_range *range = &plan->cudnn[k];
        ceiling(builds[i], below, sizeof below);
        if (k == plan->majors) {
            plan->majors++;
            range->major = major;
            snprintf(range->least, sizeof range->least, "%s", builds[i]->cudnn);
            snprintf(range->below, sizeof range->below, "%s", below);
            range->floor_of = builds[i];
            continue;
        }
        if (cudnnv_name_compare(builds[i]->cudnn, range->least) > 0) {
            snprintf(range->least, sizeof range->least, "%s", builds[i]->cudnn);
            range->floor_of = builds[i];
        }
        if (cudnnv_name_compare(below, range->below) < 0)
            snprintf(range->below, sizeof range->below, "%s", below);
        if (cudnnv_name_compare(range->least, range->below) >= 0) {
            framework_build_describe(range->floor_of, first, sizeof first);
            framework_build_describe(builds[i], other, sizeof other);
            snprintf(why, why_size, "no cuDNN %d serves both: %s; %s", major, first, other);
            return -1;
        }
    }
    return 0;
}

int framework_plan_try(const struct framework_build *const *builds, int count, struct framework_plan *plan, char *why,
                       size_t why_size)
{
    memset(plan, 0, sizeof *plan);
    plan->count = count;
    for (int i = 0; i < count; i++)
        plan->chosen[i] = builds[i];
    if (choose_runtime(builds, count, plan->runtime, sizeof plan->runtime, why, why_size) != 0)
        return 0;
    return choose_cudnn(builds, count, plan, why, why_size) == 0;
}

int framework_plan_each(const struct framework_request *requests, int count,
                        int (*take)(const struct framework_plan *plan, void *context), void *context, char *why,
                        size_t why_size)
{
    int index[PLAN_MAX_FRAMEWORKS] = {0}, feasible = 0;
    const struct framework_build *builds[PLAN_MAX_FRAMEWORKS];
    struct framework_plan plan;
    char reason[1024];
    why[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (requests[i].count == 0)
            return 0;
    }
    for (;;) {
        for (int i = 0; i < count; i++)
            builds[i] = &requests[i].builds[index[i]];
        if (framework_plan_try(builds, count, &plan, reason, sizeof reason)) {
            feasible++;
            if (take(&plan, context))
                return feasible;
        } else if (why[0] == '\0')
            snprintf(why, why_size, "%s", reason);   /* the default builds' conflict says the most */
        int i = count - 1;
        while (i >= 0 && ++index[i] == requests[i].count)
            index[i--] = 0;
        if (i < 0)
            return feasible;
    }
}
