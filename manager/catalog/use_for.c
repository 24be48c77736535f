/*
 * cudnnv use --for FRAMEWORK==VERSION: the cuDNN release the framework was
 * built with when a set of it is installed, else the newest installed set
 * that the framework release accepts (same cuDNN major, at least its minor),
 * said with the reason; when none is installed, which release to install.
 * The name written is the kind 'use' writes: "8.0", as a user would type it,
 * wherever that prefix selects the chosen set.
 * cudnnv use --for FRAMEWORK: the framework installed in the active Python;
 * what it says of its own cuDNN (its wheel's Requires-Dist, TensorFlow's
 * build_info) decides, else its version's pins.
 */
#include "use_for.h"

#include "catalog.h"
#include "messages.h"
#include "framework_metadata.h"
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

/* Splits "tensorflow==2.5" (or "torch": version "") into a known framework name and a version; anything else
 * (a version with letters, a second "==", a command substitution) is refused before anything is read or written. */
static int parse_request(const char *request, const char **framework, char *version, size_t size)
{
    const char *equals = strstr(request, "==");
    size_t length = equals ? (size_t)(equals - request) : strlen(request);
    char name[32];
    if (length >= sizeof name || (equals != NULL && !is_dotted_number(equals + 2)))
        return usage_problem("--for wants FRAMEWORK or FRAMEWORK==VERSION (digits and dots), e.g. torch or tensorflow==2.5");
    memcpy(name, request, length);
    name[length] = '\0';
    *framework = framework_canonical_name(name);
    if (*framework == NULL)
        return usage_problem("unknown framework '%s' (tensorflow, pytorch, jax or onnxruntime)", name);
    snprintf(version, size, "%s", equals ? equals + 2 : "");
    return 0;
}

/* The newest installed set of this platform that satisfies what the framework says. */
static int best_set_for_requirement(const struct cudnn_requirement *requirement, cudnnv_name chosen)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char set_dir[PATH_MAX];
    struct set_info info;
    const char *root = store_root();
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    for (int i = count - 1; i >= 0; i--) {
        store_set_dir(root, names[i], set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) == 0 && cudnnv_platform_runs_here(info.platform) &&
            framework_requirement_accepts(requirement, info.version)) {
            strcpy(chosen, names[i]);
            return 1;
        }
    }
    return 0;
}

/*
 * --for FRAMEWORK: the installed framework's own word. Returns 0 with chosen
 * set, 1 after a message, or -1 with *version filled when only the pins can
 * tell (the framework says nothing of its cuDNN).
 */
static int use_installed(const char *framework, struct use_for_choice *choice, cudnnv_name chosen)
{
    struct installed_framework found[8];
    char *version = choice->version;
    size_t version_size = sizeof choice->version;
    int python_found, count = installed_frameworks(found, 8, &python_found);
    for (int i = 0; i < count; i++) {
        const struct installed_framework *one = &found[i];
        if (strcmp(one->framework, framework) != 0)
            continue;
        snprintf(choice->cuda, sizeof choice->cuda, "%s", one->cuda);
        if (one->requirement.least[0] == '\0') {
            snprintf(version, version_size, "%s", one->version);
            return -1;
        }
        if (!best_set_for_requirement(&one->requirement, chosen))
            return fail("%s %s (in %s) needs cuDNN %s or newer, below %s (it says: %s); none is installed: run 'cudnnv install %s'",
                        framework, one->version, one->where, one->requirement.least, one->requirement.below,
                        one->requirement.said, one->requirement.least);
        note("%s %s (in %s) says %s; using %s, the newest installed set it accepts", framework,
             one->version, one->where, one->requirement.said, chosen);
        snprintf(version, version_size, "%s", one->version);
        return 0;
    }
    return fail("no %s in the active Python's site-packages (%s); name its version: --for %s==VERSION", framework,
                python_found == PYTHON_ANSWERED ? "python3 on PATH"
                : python_found == PYTHON_TIMED_OUT ? "python3 on PATH did not answer within 10 s"
                                                   : "no python3 on PATH",
                framework);
}

/* The newest installed set (of this platform) that some matching pin accepts. */
static const struct framework_pin *best_set(const struct framework_pins *pins, const char *framework,
                                            const char *version, cudnnv_name chosen)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char set_dir[PATH_MAX];
    struct set_info info;
    const struct framework_pin *reason = NULL;
    const char *root = store_root();
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    chosen[0] = '\0';
    for (int i = count - 1; i >= 0 && reason == NULL; i--) {
        store_set_dir(root, names[i], set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) != 0 || !cudnnv_platform_runs_here(info.platform))
            continue;
        for (int p = 0; p < pins->count && reason == NULL; p++) {
            const struct framework_pin *pin = &pins->pins[p];
            if (framework_pin_matches(pin, framework, version, CUDNNV_HOST_PLATFORM) &&
                framework_accepts(pin, info.version)) {
                reason = pin;
                strcpy(chosen, names[i]);
            }
        }
    }
    return reason;
}

/* The newest installed set of this release (major.minor) built for this CUDA major; 1 with chosen. */
static int set_of_release_for_cuda(const char *release, int cuda_major, cudnnv_name chosen)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char set_dir[PATH_MAX];
    struct set_info info;
    const char *root = store_root();
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    for (int i = count - 1; i >= 0 && cuda_major >= 0; i--) {
        store_set_dir(root, names[i], set_dir, sizeof set_dir);
        if (set_info_read(set_dir, &info) == 0 && cudnnv_platform_runs_here(info.platform) &&
            cudnnv_name_has_prefix(info.version, release) && atoi(info.cuda) == cuda_major && info.cuda[0] != '\0') {
            strcpy(chosen, names[i]);
            return 1;
        }
    }
    return 0;
}

/*
 * A set of the release a matching pin was built with (its major.minor):
 * first one built for that pin's CUDA major (torch 2.4 for CUDA 11.8 takes
 * 9.1.0.70 for CUDA 11 over 9.1.0.70-cuda12), else the newest of that release.
 */
static const struct framework_pin *built_with_set(const struct framework_pins *pins, const char *framework,
                                                  const char *version, cudnnv_name chosen)
{
    char least[16];
    for (int pass = 0; pass < 2; pass++) {
        for (int p = 0; p < pins->count; p++) {
            const struct framework_pin *pin = &pins->pins[p];
            if (!framework_pin_matches(pin, framework, version, CUDNNV_HOST_PLATFORM))
                continue;
            major_minor(pin->cudnn, least, sizeof least);
            if (pass == 0 ? set_of_release_for_cuda(least, atoi(pin->cuda), chosen)
                          : cudnnv_resolve(store_root(), least, chosen))
                return pin;
        }
    }
    return NULL;
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

/* Explains what the framework needs when no installed set serves it. */
static int explain_missing(const struct framework_pins *pins, const char *framework, const char *version,
                           struct use_for_choice *choice)
{
    const struct framework_pin *newest = NULL;
    for (int p = 0; p < pins->count; p++) {
        const struct framework_pin *pin = &pins->pins[p];
        if (framework_pin_matches(pin, framework, version, CUDNNV_HOST_PLATFORM) &&
            (newest == NULL || cudnnv_name_compare(pin->cudnn, newest->cudnn) > 0))
            newest = pin;
    }
    char pins_file[PATH_MAX];
    if (catalog_data_dir("frameworks.ini", pins_file, sizeof pins_file) != 0)
        snprintf(pins_file, sizeof pins_file, "frameworks.ini");
    if (newest == NULL)
        return fail("the catalog has no %s %s for %s; see %s, or pin a version with 'cudnnv use VERSION'",
                    framework, version, CUDNNV_HOST_PLATFORM, pins_file);
    char least[16];
    major_minor(newest->cudnn, least, sizeof least);
    /* pinned before anything is installed, as .nvmrc before 'nvm install': 'cudnnv install' here brings it */
    snprintf(choice->name, sizeof choice->name, "%s", least);
    snprintf(choice->cuda, sizeof choice->cuda, "%s", newest->cuda);
    snprintf(choice->version, sizeof choice->version, "%s", newest->version);
    choice->not_installed = 1;
    note("%s %s was built with cuDNN %s (CUDA %s) and needs cuDNN %d.x, at least %s; none is installed: pinning %s, which 'cudnnv install' here brings",
         framework, newest->version, newest->cudnn, newest->cuda, cudnnv_name_major(newest->cudnn), least, least);
    return 0;
}

int use_for_framework(const char *request, struct use_for_choice *choice)
{
    struct framework_pins pins;
    const char *framework;
    cudnnv_name chosen;
    memset(choice, 0, sizeof *choice);
    int status = parse_request(request, &framework, choice->version, sizeof choice->version);
    if (status != 0)
        return status;
    choice->framework = framework;
    if (choice->version[0] == '\0') {
        status = use_installed(framework, choice, chosen);
        if (status >= 0) {
            if (status == 0)
                pin_name(chosen, choice->name, sizeof choice->name);
            return status;
        }
    }
    if (frameworks_load(&pins) != 0)
        return fail("cannot read the framework pins (frameworks.ini); reinstall cudnnv or run 'cudnnv update'");
    const struct framework_pin *reason = built_with_set(&pins, framework, choice->version, chosen);
    char least[16];
    if (reason != NULL) {
        pin_name(chosen, choice->name, sizeof choice->name);
        note("%s %s was built with cuDNN %s (CUDA %s); pinning %s (%s is installed)", framework, reason->version,
             reason->cudnn, reason->cuda, choice->name, chosen);
    } else if ((reason = best_set(&pins, framework, choice->version, chosen)) != NULL) {
        major_minor(reason->cudnn, least, sizeof least);
        pin_name(chosen, choice->name, sizeof choice->name);
        note("%s %s was built with cuDNN %s (CUDA %s), which is not installed; pinning %s (%s), the newest installed set it accepts (cuDNN %d.x, at least %s)",
             framework, reason->version, reason->cudnn, reason->cuda, choice->name, chosen,
             cudnnv_name_major(reason->cudnn), least);
    } else
        status = explain_missing(&pins, framework, choice->version, choice);
    if (reason != NULL && choice->cuda[0] == '\0')
        snprintf(choice->cuda, sizeof choice->cuda, "%s", reason->cuda);
    if (reason != NULL)
        snprintf(choice->version, sizeof choice->version, "%s", reason->version);
    frameworks_free(&pins);
    return status;
}
