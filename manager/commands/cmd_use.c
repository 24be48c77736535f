/*
 * cudnnv use (alias local): pins versions for the current directory by
 * writing .cudnn-version there; without arguments shows the pin.
 */
#include "advisories.h"
#include "args.h"
#include "catalog.h"
#include "needs_judge.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "doctor.h"
#include "fsutil.h"
#include "gpu_list.h"
#include "lock_file.h"
#include "pinned_projects.h"
#include "framework_libs.h"
#include "use_for.h"
#include "selection.h"
#include "set_link.h"
#include "set_source.h"
#include "store.h"
#include "version_write.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { USE_FORCE, USE_UNSET, USE_FOR, USE_CUDA_RUNTIME, USE_TOOL_VERSIONS };

static const struct option_spec options[] = {
    [USE_FORCE] = {.name = "--force", .short_name = 'f', .help = "write the name even if no installed set matches it",
                   .conflicts = 1 << USE_UNSET | 1 << USE_FOR},
    [USE_UNSET] = {.name = "--unset", .help = "remove this directory's .cudnn-version", .own_form = "", .alone = 1,
                   .conflicts = 1 << USE_FOR},
    [USE_FOR] = {.name = "--for", .value_name = "FRAMEWORK[==VERSION]", .complete = COMPLETE_FRAMEWORKS,
                 .help = "FRAMEWORK==VERSION: pin the set this TensorFlow,\n"
                         "PyTorch, JAX or ONNX Runtime release accepts (by its own\n"
                         "rule), and the CUDA runtime it loads, e.g.\n"
                         "--for tensorflow==2.5, --for torch==2.4.\n"
                         "FRAMEWORK alone: the one installed in the active Python\n"
                         "(python3 on PATH), by what its wheel says (Requires-Dist:\n"
                         "nvidia-cudnn-cuNN, cuda-toolkit; TensorFlow's build_info).\n"
                         "Given several times, with the frameworks an earlier --for\n"
                         "planned here: one plan that serves them all, or none",
                 .own_form = "", .alone = 1},
    [USE_CUDA_RUNTIME] = {.name = "--cuda-runtime", .value_name = "VERSION",
                          .help = "also pin the CUDA runtime programs started here see\n"
                                  "(a line 'cuda VERSION' in .cudnn-version, e.g. 11.0 for\n"
                                  "TensorFlow 2.4); 'none' removes it. Alone, it changes\n"
                                  "only that line. 'cudnnv install' brings it",
                          .conflicts = 1 << USE_UNSET | 1 << USE_FOR},
    [USE_TOOL_VERSIONS] = {.name = "--tool-versions",
                           .help = "pin in this directory's .tool-versions (asdf's file, a line\n"
                                   "'cudnn VERSION'; its other lines are kept) instead of\n"
                                   ".cudnn-version; with --unset, remove that line",
                           .conflicts = 1 << USE_FOR | 1 << USE_CUDA_RUNTIME},
    {.name = NULL},
};

static int local_file_named(char *path, size_t size, const char *name)
{
    if (getcwd(path, size - 16) == NULL)
        return fail("cannot read the current directory");
    strcat(path, strcmp(path, "/") == 0 ? "" : "/");
    strcat(path, name);
    return 0;
}

static int local_file(char *path, size_t size)
{
    return local_file_named(path, size, CUDNNV_VERSION_FILE);
}

/* Whether the file at path (another tool's) names cudnn. */
static int names_cudnn(const char *path)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    int count = cudnnv_read_version_file(path, names, CUDNNV_MAX_LINES, bad);
    return count != CUDNNV_READ_NO_ENTRY && count != CUDNNV_READ_MISSING;
}

/*
 * The file a plain 'use VERSION' writes: .cudnn-version, unless this folder
 * has none and its .tool-versions already pins cudnn (the team's file is
 * updated, not overruled by a new one); a mise.toml here that pins cudnn,
 * which cudnnv does not write, is said to be overruled.
 */
static int pin_file_here(char *path, size_t size)
{
    char other[PATH_MAX];
    struct stat info;
    if (local_file(path, size) != 0)
        return 1;
    if (lstat(path, &info) == 0)
        return 0;   /* this folder's own .cudnn-version */
    if (local_file_named(other, sizeof other, CUDNNV_TOOL_VERSIONS_FILE) == 0 && names_cudnn(other)) {
        note("pinning in %s, where this project already pins cudnn", other);
        snprintf(path, size, "%s", other);
    } else if (local_file_named(other, sizeof other, CUDNNV_MISE_FILE) == 0 && names_cudnn(other))
        note("%s here pins cudnn too: the .cudnn-version written now wins over it in this folder (edit %s, or 'cudnnv use --unset' to go back to it)",
             other, other);
    return 0;
}

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
    note("%s %s (built for CUDA %s) opens %s itself, and a program started here finds %s nowhere (LD_LIBRARY_PATH, the loader cache, the default folders); fix: %s",
         choice->framework, choice->version, choice->cuda, missing, framework_libs_missing(&libs) == 1 ? "it" : "them",
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

/* A pin in the home folder holds for every folder below it that has none: worth a word, as pyenv's local in ~. */
static void warn_about_home(const char *path)
{
    const char *home = getenv("HOME");
    char here[PATH_MAX], real_home[PATH_MAX];
    size_t length = strlen(path) - strlen("/" CUDNNV_VERSION_FILE);
    if (home == NULL || realpath(home, real_home) == NULL || length >= sizeof here)
        return;
    memcpy(here, path, length);
    here[length] = '\0';
    if (strcmp(here, real_home) == 0)
        note("warning: %s is your home folder: this pin holds for every folder below it that has none of its own; 'cudnnv global' is the usual place for a default",
             here);
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
    if (framework_libs_judge(choice->framework, choice->cuda, &libs) == 0 && libs.known) {
        snprintf(out, size, "%s", choice->cuda);
        note("pinning the CUDA %s runtime %s %s opens by itself (%d libraries); 'cudnnv install' here brings it",
             choice->cuda, choice->framework, choice->version, libs.count);
        return;
    }
    snprintf(out, size, "%s", choice->cuda);
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

/* use --for FRAMEWORK[==VERSION]...: the frameworks this project already serves (as recorded), then those given;
 * one plan for all, or nothing written. */
static int use_for(struct args *args)
{
    char path[PATH_MAX], *names[CUDNNV_MAX_LINES], runtime[24];
    char recorded[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT], specs_text[PROJECT_FRAMEWORKS_MAX][80];
    cudnnv_name kept[CUDNNV_MAX_LINES];
    const char *specs[PROJECT_FRAMEWORKS_MAX + PLAN_MAX_FRAMEWORKS];
    static struct use_for_result result;
    if (local_file(path, sizeof path) != 0)
        return 1;
    int count = is_regular_file(path) ? project_frameworks_get(store_root(), path, recorded, PROJECT_FRAMEWORKS_MAX) : 0;
    for (int i = 0; i < count; i++) {
        project_framework_spec(recorded[i], specs_text[i], sizeof specs_text[i]);
        specs[i] = specs_text[i];
    }
    if (count > 0)
        note("this project serves %s%s already: planning for %s too", specs_text[0], count > 1 ? " and more" : "",
             count > 1 ? "them" : "it");
    int recorded_count = count;
    count += args_values(args, USE_FOR, specs + count, PLAN_MAX_FRAMEWORKS);
    int status = use_for_frameworks(specs, count, recorded_count, &result);
    if (status != 0)
        return status;
    int forced = 0;
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
    count = served_items(&result, runtime, recorded);
    project_frameworks_set(store_root(), path, recorded, count);
    warn_about_home(path);
    for (int i = 0; i < result.frameworks; i++)
        note_framework_libs(&result.chosen[i], runtime);
    return 0;
}

/* A pin of a set with no code for this machine's GPU works nowhere here: say so at once. */
static void warn_about_gpus(int count, char **names)
{
    struct gpu_list gpus;
    struct catalog_build build;
    cudnnv_name set;
    char why[160], unfit[160];
    if (gpu_list_detect(&gpus, why, sizeof why) <= 0)
        return;
    for (int i = 0; i < count; i++) {
        if (!cudnnv_resolve(store_root(), names[i], set) || doctor_set_build(set, &build) < 0 ||
            !gpu_list_unfit(&gpus, &build, unfit, sizeof unfit))
            continue;
        note("warning: %s %s (a GPU of this machine): programs here will fail with it; 'cudnnv known' marks the releases that run here",
             set, unfit);
    }
}

/* A cudnn.lock beside the version file that was written for other pins is stale now: say so. */
static void warn_about_lock(const char *version_file, int count, char **names)
{
    static struct lock_file lock;
    char path[PATH_MAX], why[PATH_MAX + 256], joined[sizeof lock.pins] = "";
    if (lock_path_beside(version_file, path, sizeof path) != 0 || lock_file_read(path, &lock, why, sizeof why) != 0)
        return;
    lock_join_pins(count, names, joined, sizeof joined);
    if (strcmp(joined, lock.pins) != 0)
        note("%s was written for '%s': run 'cudnnv lock' to refresh it", path, lock.pins);
}

/*
 * A pinned set whose CUDA libraries a program here would not find fails at
 * its first convolution, and one advised against (versions/advisories.ini)
 * breaks programs in its own way: say so now.
 */
static void warn_about_needs(int count, char **names)
{
    cudnnv_name set;
    char version[CUDNNV_NAME_MAX + 1];
    struct advisory advisory;
    for (int i = 0; i < count; i++) {
        if (!cudnnv_resolve(store_root(), names[i], set))
            continue;
        needs_note_unmet(store_root(), set, 0);
        if (cudnnv_set_version(store_root(), set, version, sizeof version) &&
            advisory_for(version, &advisory) == ADVISORY_AVOID)
            note("warning: cuDNN %s is advised against: %s; pin a release without it ('cudnnv known')", version,
                 advisory.why);
    }
}

/* 'use VERSION' in a project pinned for frameworks: the runtime stays, and is said with what it serves. */
static void say_what_stays(const char *path, const char *runtime)
{
    char items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT], spec[80], cuda[32], specs[400] = "";
    int count = project_frameworks_get(store_root(), path, items, PROJECT_FRAMEWORKS_MAX);
    if (count == 0 || runtime != NULL || cudnnv_version_file_cuda(path, cuda, sizeof cuda) != 1)
        return;
    for (int i = 0; i < count; i++) {
        project_framework_spec(items[i], spec, sizeof spec);
        snprintf(specs + strlen(specs), sizeof specs - strlen(specs), "%s%s", i ? " and " : "", spec);
    }
    note("the CUDA %s runtime pinned here for %s stays ('cudnnv use --cuda-runtime none' removes it; 'cudnnv use --for' plans again)",
         cuda, specs);
}

/* 'use' alone: the pins, then what use --for planned each for. */
static int print_pins(const char *path)
{
    char items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT];
    int status = version_file_print(path, "no version is pinned in this directory; run 'cudnnv use VERSION'");
    int count = status == 0 ? project_frameworks_get(store_root(), path, items, PROJECT_FRAMEWORKS_MAX) : 0;
    for (int i = 0; i < count; i++)
        printf("# for %s\n", items[i]);   /* a comment, as a version file may hold one */
    return status;
}

/* A name not installed that no catalog release starts with (use 99): what exists instead, rather than 'install 99'. */
static int refuse_unknown_release(int count, char **names)
{
    static struct catalog catalog;
    cudnnv_name resolved;
    int loaded = 0, status = 0;
    for (int i = 0; i < count && status == 0; i++) {
        const char *digits = names[i] + (names[i][0] == 'v' || names[i][0] == 'V');
        if (cudnnv_resolve(store_root(), names[i], resolved) || !cudnnv_name_is_valid(names[i]) ||
            strspn(digits, "0123456789.") != strlen(digits) || digits[0] == '\0')
            continue;   /* a set's own name (banana, system): the pin's own message */
        if (!loaded && catalog_load(&catalog) != 0)
            return 0;   /* no catalog to say from: the pin's own message says the rest */
        loaded = 1;
        if (catalog.count > 0 && catalog_find(&catalog, names[i]) == NULL)
            status = fail("no cuDNN release '%s' is installed or known: the catalog knows %s to %s ('cudnnv known' lists them; 'cudnnv versions' the installed ones)",
                          names[i], catalog.releases[0].version, catalog.releases[catalog.count - 1].version);
    }
    if (loaded)
        catalog_free(&catalog);
    return status;
}

/* use --cuda-runtime VERSION alone: the pins stay, the runtime line changes. */
static int pin_cuda_runtime_alone(const char *path, const char *runtime)
{
    cudnnv_name kept[CUDNNV_MAX_LINES], bad;
    char *names[CUDNNV_MAX_LINES];
    int count = cudnnv_read_version_file(path, kept, CUDNNV_MAX_LINES, bad);
    if (count <= 0)
        return fail("no cuDNN version is pinned in this directory: pin one with it ('cudnnv use VERSION --cuda-runtime %s')",
                    runtime[0] ? runtime : "none");
    for (int i = 0; i < count; i++)
        names[i] = kept[i];
    int status = version_file_write(path, count, names, 1, runtime);
    if (status == 0 && runtime[0] != '\0')
        note("programs started here see the CUDA %s runtime ('cudnnv install' brings it)", runtime);
    else if (status == 0)
        note("no CUDA runtime is pinned here any more");
    return status;
}

static int run(struct args *args)
{
    char path[PATH_MAX];
    if (args_has(args, USE_FOR))
        return use_for(args);
    int plain = !args_has(args, USE_TOOL_VERSIONS) && !args_has(args, USE_UNSET) && args->count > 0 &&
                args->value[USE_CUDA_RUNTIME] == NULL;
    if (plain ? pin_file_here(path, sizeof path) != 0
              : local_file_named(path, sizeof path,
                                 args_has(args, USE_TOOL_VERSIONS) ? CUDNNV_TOOL_VERSIONS_FILE : CUDNNV_VERSION_FILE) != 0)
        return 1;
    if (args_has(args, USE_UNSET)) {
        project_frameworks_set(store_root(), path, NULL, 0);
        return version_file_unset(path);
    }
    const char *runtime = args->value[USE_CUDA_RUNTIME];
    if (args->count == 0 && runtime == NULL)
        return print_pins(path);
    if (runtime != NULL && strcmp(runtime, "none") == 0)
        runtime = "";
    if (runtime != NULL && runtime[0] != '\0' && !cudnnv_cuda_release_is_valid(runtime))
        return usage_fail("use", "--cuda-runtime takes a CUDA release such as 11.0, or 'none'");
    if (args->count == 0 && runtime != NULL)
        return pin_cuda_runtime_alone(path, runtime);
    set_link_system_if_named(store_root(), args->count, args->operand);
    if (!args_has(args, USE_FORCE) && refuse_unknown_release(args->count, args->operand) != 0)
        return 1;
    say_what_stays(path, runtime);
    int status = version_file_write(path, args->count, args->operand, args_has(args, USE_FORCE), runtime);
    if (status == 0) {
        pinned_projects_add(store_root(), path);
        warn_about_gpus(args->count, args->operand);
        warn_about_needs(args->count, args->operand);
        warn_about_lock(path, args->count, args->operand);
    }
    return status;
}

const struct command command_use = {
    .name = "use",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};

/* pyenv's and rbenv's name for the same command */
const struct command command_local = {
    .name = "local",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};
