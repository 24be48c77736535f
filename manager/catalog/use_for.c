/*
 * cudnnv use --for FRAMEWORK==VERSION ...: one or several frameworks. Each
 * comes as its builds (frameworks.ini), or, named without a version, as
 * the active Python has it (what its wheel says of its cuDNN and CUDA: the
 * Requires-Dist on nvidia-cudnn-cuNN, cuda-toolkit or nvidia-cuda-runtime,
 * TensorFlow's build_info), over its version's builds. A plan
 * (framework_plan.c) takes one build of each that one cuDNN per major and
 * one CUDA runtime satisfy, preferring the one whose cuDNN installed sets
 * already serve. Per cuDNN major: the release a framework was built with when
 * a set of it is installed, else the newest installed set every framework
 * accepts, said with the reason; when none is installed, the floor to
 * install. The name written is the kind 'use' writes: "8.0", as a user would
 * type it, wherever that prefix selects the chosen set.
 */
#include "use_for.h"
#include "option_names.h"

#include "catalog.h"
#include "messages.h"
#include "framework_metadata.h"
#include "framework_plan.h"
#include "frameworks.h"
#include "set_info.h"
#include "store.h"

#include "build_platform.h"
#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "8.0.5.39" -> "8.0": the part of a pin the rule compares. */
static void major_minor(const char *version, char *out, size_t size)
{
    int major = 0, minor = 0;
    sscanf(version, "%d.%d", &major, &minor);
    snprintf(out, size, "%d.%d", major, minor);
}

/* A framework's version as --for takes it: digits in dotted parts ("2.5", "2.1.0"), nothing else. */
static int is_dotted_number(const char *text)
{
    size_t length = strlen(text);
    if (length == 0 || length >= 32 || text[0] == '.' || text[length - 1] == '.' || strstr(text, "..") != NULL)
        return 0;
    return strspn(text, "0123456789.") == length;
}

/* The same split, with no message: 0 when spec is one. */
static int parse_request_quietly(const char *spec, const char **framework, char *version, size_t size)
{
    const char *equals = strstr(spec, "==");
    char name[32];
    size_t length = equals ? (size_t)(equals - spec) : strlen(spec);
    if (length >= sizeof name || (equals != NULL && !is_dotted_number(equals + 2)))
        return -1;
    snprintf(name, sizeof name, "%.*s", (int)length, spec);
    *framework = framework_canonical_name(name);
    snprintf(version, size, "%s", equals ? equals + 2 : "");
    return *framework != NULL ? 0 : -1;
}

/* Splits "tensorflow==2.5" (or "torch": version "") into a known framework name and a version; anything else
 * (a version with letters, a second "==", a command substitution) is refused before anything is read or written. */
static int parse_request(const char *request, const char **framework, char *version, size_t size)
{
    const char *equals = strstr(request, "==");
    size_t length = equals ? (size_t)(equals - request) : strlen(request);
    char name[32];
    if (length >= sizeof name || (equals != NULL && !is_dotted_number(equals + 2)))
        return usage_problem(OPTION_FOR " wants FRAMEWORK or FRAMEWORK==VERSION (digits and dots), e.g. torch or tensorflow==2.5");
    memcpy(name, request, length);
    name[length] = '\0';
    *framework = framework_canonical_name(name);
    if (*framework == NULL)
        return usage_problem("unknown framework '%s' (tensorflow, pytorch, jax or onnxruntime)", name);
    snprintf(version, size, "%s", equals ? equals + 2 : "");
    return 0;
}

/* The name to write for a chosen set: its "major.minor" when that prefix selects it, else its name. */
static void pin_name(const char *set_name, char *out, size_t size)
{
    char set_dir[PATH_MAX], prefix[16];
    struct set_info info;
    cudnnv_name resolved;
    const char *root = store_root();
    snprintf(out, size, "%s", set_name);
    if (store_set_dir(root, set_name, set_dir, sizeof set_dir) != 0 || set_info_read(set_dir, &info) != 0)
        return;
    major_minor(info.version, prefix, sizeof prefix);
    if (cudnnv_resolve(root, prefix, resolved) && strcmp(resolved, set_name) == 0)
        snprintf(out, size, "%s", prefix);
}

/* The installed sets of this platform, read once: names, versions, CUDA builds. */
struct installed_sets {
    int count;
    cudnnv_name names[CUDNNV_MAX_SETS];
    struct set_info info[CUDNNV_MAX_SETS];
};

static void installed_sets_read(struct installed_sets *sets)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char set_dir[PATH_MAX];
    const char *root = store_root();
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    sets->count = 0;
    for (int i = 0; i < count; i++) {
        struct set_info *info = &sets->info[sets->count];
        store_set_dir(root, names[i], set_dir, sizeof set_dir);
        if (set_info_read(set_dir, info) == 0 && cudnnv_platform_runs_here(info->platform))
            strcpy(sets->names[sets->count++], names[i]);
    }
}

/* Whether a set's version is in the range, and of the CUDA major (any when cuda_major < 0; with strict, a set whose
 * CUDA is unknown does not count). */
static int set_fits(const struct set_info *info, const struct cudnn_range *range, int cuda_major, int strict)
{
    struct cudnn_requirement requirement;
    memset(&requirement, 0, sizeof requirement);
    snprintf(requirement.least, sizeof requirement.least, "%s", range->least);
    snprintf(requirement.below, sizeof requirement.below, "%s", range->below);
    if (!framework_requirement_accepts(&requirement, info->version))
        return 0;
    if (cuda_major < 0 || (info->cuda[0] == '\0' && !strict))
        return 1;
    return info->cuda[0] != '\0' && atoi(info->cuda) == cuda_major;
}

/* The newest installed set in the range (of the CUDA major first), or -1. */
static int newest_fitting(const struct installed_sets *sets, const struct cudnn_range *range, int cuda_major)
{
    for (int strict = 1; strict >= 0; strict--) {
        for (int i = sets->count - 1; i >= 0; i--) {
            if (set_fits(&sets->info[i], range, strict ? cuda_major : -1, strict))
                return i;
        }
    }
    return -1;
}

/* A set of the release a build of this major was built with (its major.minor), in the range: one for the plan's
 * CUDA major first (torch 2.4 for CUDA 11.8 takes 9.1.0.70 for CUDA 11 over 9.1.0.70-cuda12), else any; or -1. */
static int built_with(const struct installed_sets *sets, const struct framework_plan *plan,
                      const struct cudnn_range *range, int cuda_major, const struct framework_build **by)
{
    char release[16];
    for (int strict = 1; strict >= 0; strict--) {
        for (int b = 0; b < plan->count; b++) {
            const struct framework_build *build = plan->chosen[b];
            if (cudnnv_name_major(build->cudnn) != range->major)
                continue;
            major_minor(build->cudnn, release, sizeof release);
            for (int i = sets->count - 1; i >= 0; i--) {
                if (cudnnv_name_has_prefix(sets->info[i].version, release) &&
                    set_fits(&sets->info[i], range, strict ? cuda_major : -1, strict)) {
                    *by = build;
                    return i;
                }
            }
        }
    }
    return -1;
}

/* Whether an installed set serves the range: 2 when one is built for the CUDA major, 1 for any, else 0. */
static int served_by(const struct installed_sets *sets, const struct cudnn_range *range, int cuda_major)
{
    int any = 0;
    for (int i = 0; i < sets->count; i++) {
        if (set_fits(&sets->info[i], range, cuda_major, 1))
            return 2;
        any |= set_fits(&sets->info[i], range, -1, 0);
    }
    return any;
}

/* How well the installed sets serve a plan: two points a cuDNN major a set for its CUDA serves, one for another. */
static int plan_score(const struct installed_sets *sets, const struct framework_plan *plan)
{
    int score = 0, cuda_major = plan->runtime[0] ? atoi(plan->runtime) : -1;
    for (int k = 0; k < plan->majors; k++)
        score += served_by(sets, &plan->cudnn[k], cuda_major);
    return score;
}

struct plan_choice {
    const struct installed_sets *sets;
    struct framework_plan best;
    int best_score;   /* -1 until a plan is seen */
};

static int take_plan(const struct framework_plan *plan, void *context)
{
    struct plan_choice *choice = context;
    int score = plan_score(choice->sets, plan);
    if (score > choice->best_score) {
        choice->best = *plan;
        choice->best_score = score;
    }
    return score == 2 * plan->majors;   /* every major served for its CUDA: no better plan can be found */
}

/* The frameworks of a range, for messages: "pytorch 2.6 and jax 0.6.0". */
static void frameworks_of(const struct framework_plan *plan, int major, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int b = 0; b < plan->count && used < size; b++) {
        if (cudnnv_name_major(plan->chosen[b]->cudnn) == major)
            used += (size_t)snprintf(out + used, size - used, "%s%s %s", used ? " and " : "",
                                     plan->chosen[b]->framework, plan->chosen[b]->version);
    }
}

/* How many of the plan's frameworks need this cuDNN major. */
static int frameworks_in(const struct framework_plan *plan, int major)
{
    int count = 0;
    for (int b = 0; b < plan->count; b++)
        count += cudnnv_name_major(plan->chosen[b]->cudnn) == major;
    return count;
}

/* One cuDNN major of the plan: the set that answers it, or the floor to install, and why (said). */
static void pin_range(const struct installed_sets *sets, const struct framework_plan *plan,
                      const struct cudnn_range *range, struct use_for_pin *pin)
{
    const struct framework_build *by = range->floor_of;
    char least[16], names[200];
    int cuda_major = plan->runtime[0] ? atoi(plan->runtime) : -1;
    int several = frameworks_in(plan, range->major) > 1;
    int set = built_with(sets, plan, range, cuda_major, &by);
    major_minor(range->least, least, sizeof least);
    frameworks_of(plan, range->major, names, sizeof names);
    if (set >= 0) {
        pin_name(sets->names[set], pin->name, sizeof pin->name);
        if (several)
            note("cuDNN %d for %s: at least %s (%s %s's floor), below %s; pinning %s (%s is installed, %s %s was built with it)",
                 range->major, names, range->least, range->floor_of->framework, range->floor_of->version, range->below,
                 pin->name, sets->names[set], by->framework, by->version);
        else
            note("%s %s was built with cuDNN %s (CUDA %s); pinning %s (%s is installed)", by->framework, by->version,
                 by->cudnn, by->cuda[0] ? by->cuda : "unknown", pin->name, sets->names[set]);
        return;
    }
    set = newest_fitting(sets, range, cuda_major);
    if (set >= 0) {
        pin_name(sets->names[set], pin->name, sizeof pin->name);
        if (several)
            note("cuDNN %d for %s: at least %s (%s %s's floor), below %s; pinning %s (%s), the newest installed set all accept",
                 range->major, names, range->least, range->floor_of->framework, range->floor_of->version, range->below,
                 pin->name, sets->names[set]);
        else
            note("%s %s was built with cuDNN %s (CUDA %s), which is not installed; pinning %s (%s), the newest installed set it accepts (cuDNN %d.x, at least %s)",
                 by->framework, by->version, by->cudnn, by->cuda[0] ? by->cuda : "unknown", pin->name,
                 sets->names[set], range->major, least);
        return;
    }
    /* pinned before anything is installed, as .nvmrc before 'nvm install': 'cudnnv install' here brings it */
    snprintf(pin->name, sizeof pin->name, "%s", least);
    pin->not_installed = 1;
    if (several)
        note("cuDNN %d for %s: at least %s (%s %s's floor), below %s; none is installed: pinning %s, which 'cudnnv install' here brings",
             range->major, names, range->least, range->floor_of->framework, range->floor_of->version, range->below, least);
    else
        note("%s %s was built with cuDNN %s (CUDA %s) and needs cuDNN %d.x, at least %s; none is installed: pinning %s, which 'cudnnv install' here brings",
             by->framework, by->version, by->cudnn, by->cuda[0] ? by->cuda : "unknown", range->major, least, least);
}

/* The builds of a framework release from the pins, the one with the newest cuDNN first (of equals, the one
 * frameworks.ini lists first). */
static int builds_from_pins(const struct framework_pins *pins, struct framework_request *request)
{
    request->count = 0;
    for (int p = 0; p < pins->count && request->count < PLAN_MAX_BUILDS; p++) {
        if (!framework_pin_matches(&pins->pins[p], request->framework, request->version, CUDNNV_HOST_PLATFORM))
            continue;
        struct framework_build build;
        framework_build_from_pin(&build, &pins->pins[p]);
        if (pins->pins[p].last[0] != '\0')   /* a range's section: the release asked for */
            snprintf(build.version, sizeof build.version, "%s", request->version);
        int at = request->count++;
        while (at > 0 && cudnnv_name_compare(build.cudnn, request->builds[at - 1].cudnn) > 0) {
            request->builds[at] = request->builds[at - 1];
            at--;
        }
        request->builds[at] = build;
    }
    return request->count;
}

/* The installed framework's own word over its version's builds: its cuDNN requirement replaces theirs, and its
 * CUDA (when it names one) keeps the builds for that CUDA, or is a build of its own. */
static void builds_from_installed(const struct installed_framework *one, struct framework_request *request)
{
    int kept = 0;
    for (int b = 0; b < request->count; b++) {
        struct framework_build *build = &request->builds[b];
        if (one->cuda[0] != '\0' && strcmp(build->cuda, one->cuda) != 0)
            continue;
        request->builds[kept++] = *build;
    }
    request->count = kept;
    if (request->count == 0) {
        struct framework_build *build = &request->builds[request->count++];
        memset(build, 0, sizeof *build);
        build->framework = request->framework;
        snprintf(build->version, sizeof build->version, "%s", one->version);
        snprintf(build->cuda, sizeof build->cuda, "%s", one->cuda);
        framework_cuda_accepts(request->framework, one->cuda, "", build->cuda_accepts, (int)sizeof build->cuda_accepts);
        snprintf(build->said, sizeof build->said, "%.199s", one->where);
    }
    for (int b = 0; b < request->count && one->requirement.least[0] != '\0'; b++) {
        struct framework_build *build = &request->builds[b];
        snprintf(build->cudnn, sizeof build->cudnn, "%s", one->requirement.least);
        snprintf(build->cudnn_below, sizeof build->cudnn_below, "%s", one->requirement.below);
        snprintf(build->version, sizeof build->version, "%s", one->version);
        snprintf(build->said, sizeof build->said, "%s", one->requirement.said);
    }
}

/* A framework named without a version: as the active Python has it (found once, for every such request). */
static int request_installed(const struct framework_pins *pins, struct framework_request *request,
                             struct installed_framework *found, int *found_count, int *python_found)
{
    if (*found_count < 0)
        *found_count = installed_frameworks(found, 8, python_found);
    for (int i = 0; i < *found_count; i++) {
        const struct installed_framework *one = &found[i];
        if (strcmp(one->framework, request->framework) != 0)
            continue;
        snprintf(request->version, sizeof request->version, "%s", one->version);
        request->installed = 1;
        builds_from_pins(pins, request);
        builds_from_installed(one, request);
        if (request->builds[0].cudnn[0] == '\0')
            return fail("%s %s (in %s) says nothing of its cuDNN, and cudnnv's data has no %s %s; name a version it was built for: " OPTION_FOR " %s==VERSION",
                        one->framework, one->version, one->where, one->framework, one->version, one->framework);
        if (one->requirement.least[0] != '\0')
            note("%s %s (in %s) says %s", one->framework, one->version, one->where, one->requirement.said);
        return 0;
    }
    return fail("no %s in the active Python's site-packages (%s); name its version: " OPTION_FOR " %s==VERSION", request->framework,
                *python_found == PYTHON_ANSWERED ? "python3 on PATH"
                : *python_found == PYTHON_TIMED_OUT ? "python3 on PATH did not answer within 10 s"
                                                    : "no python3 on PATH",
                request->framework);
}

/* Every request's builds; 0, or 1 after a message. */
static int requests_build(const struct framework_pins *pins, struct framework_request *requests, int count)
{
    static struct installed_framework found[8];
    int found_count = -1, python_found = PYTHON_MISSING;
    char pins_file[PATH_MAX];
    for (int i = 0; i < count; i++) {
        struct framework_request *request = &requests[i];
        if (request->version[0] == '\0') {
            if (request_installed(pins, request, found, &found_count, &python_found) != 0)
                return 1;
            continue;
        }
        if (builds_from_pins(pins, request) > 0)
            continue;
        if (catalog_data_dir("frameworks.ini", pins_file, sizeof pins_file) != 0)
            snprintf(pins_file, sizeof pins_file, "frameworks.ini");
        return fail("the catalog has no %s %s for %s; see %s, or pin a version with 'cudnnv use VERSION'",
                    request->framework, request->version, CUDNNV_HOST_PLATFORM, pins_file);
    }
    return 0;
}

/* Says which build of a framework with several the plan serves ("its CUDA 12.9 build"). */
static void say_builds(const struct framework_request *requests, const struct framework_plan *plan)
{
    for (int i = 0; i < plan->count; i++) {
        const struct framework_build *build = plan->chosen[i];
        if (requests[i].count > 1 && build->cuda[0] != '\0')
            note("%s %s has %d builds; serving its CUDA %s build (cuDNN %s or newer)", build->framework,
                 requests[i].version, requests[i].count, build->cuda, build->cudnn);
    }
}

/* The requests parsed: the first recorded ones (the project's), each dropped when a given one names its framework,
 * then every given one (two releases of one framework given together are two requests); their count, or -1 (-2 for
 * a usage problem) after a message. */
static int requests_parse(const char *const *specs, int count, int recorded, struct framework_request *requests)
{
    int used = 0;
    for (int i = 0; i < count; i++) {
        struct framework_request *request = &requests[used];
        if (used == PLAN_MAX_FRAMEWORKS)
            return usage_problem("at most %d frameworks in one project", PLAN_MAX_FRAMEWORKS), -2;
        memset(request, 0, sizeof *request);
        int status = parse_request(specs[i], &request->framework, request->version, sizeof request->version);
        if (status != 0)
            return status == 2 ? -2 : -1;
        int replaced = 0;
        for (int k = recorded; i < recorded && k < count && !replaced; k++) {
            const char *other = NULL;
            char version[64];
            replaced = parse_request_quietly(specs[k], &other, version, sizeof version) == 0 &&
                       strcmp(other, request->framework) == 0;
        }
        used += !replaced;
    }
    return used;
}

int use_for_frameworks(const char *const *specs, int count, int recorded, struct use_for_result *result)
{
    static struct framework_request requests[PLAN_MAX_FRAMEWORKS];
    static struct installed_sets sets;
    struct framework_pins pins;
    char why[1024];
    memset(result, 0, sizeof *result);
    int used = requests_parse(specs, count, recorded, requests);
    if (used < 0)
        return used == -2 ? 2 : 1;
    if (frameworks_load(&pins) != 0)
        return fail("cannot read the framework pins (frameworks.ini); reinstall cudnnv or run 'cudnnv update'");
    int status = requests_build(&pins, requests, used);
    frameworks_free(&pins);
    if (status != 0)
        return status;
    installed_sets_read(&sets);
    struct plan_choice choice = {.sets = &sets, .best_score = -1};
    if (framework_plan_each(requests, used, take_plan, &choice, why, sizeof why) == 0)
        return fail("no cuDNN and CUDA runtime serve %s: %s; nothing was written", used > 1 ? "these frameworks together" : "it", why);
    say_builds(requests, &choice.best);
    for (int k = 0; k < choice.best.majors; k++)
        pin_range(&sets, &choice.best, &choice.best.cudnn[k], &result->pins[result->count++]);
    snprintf(result->runtime, sizeof result->runtime, "%s", choice.best.runtime);
    result->frameworks = used;
    for (int i = 0; i < used; i++) {
        result->chosen[i] = *choice.best.chosen[i];
        size_t length = strlen(result->served);
        int versioned = requests[i].version[0] != '\0' && !requests[i].installed;
        snprintf(result->served + length, sizeof result->served - length, "%s%s%s%s", length ? " " : "",
                 requests[i].framework, versioned ? "==" : "", versioned ? requests[i].version : "");
    }
    return 0;
}
