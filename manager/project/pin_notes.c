/*
 * What a pin just written means on this machine, said at once rather than
 * at a program's first convolution: a set with no code for this GPU, CUDA
 * libraries a program would not find, an advisory, a stale lock, a pin in
 * the home folder, a runtime that stays; and a release that does not exist.
 */
#include "advisories.h"
#include "option_names.h"
#include "catalog.h"
#include "doctor.h"
#include "gpu_list.h"
#include "lock_file.h"
#include "messages.h"
#include "needs_judge.h"
#include "pinned_projects.h"
#include "project_pins.h"
#include "store.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pin_warn_about_home(const char *path)
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

/* A pin of a set with no code for this machine's GPU works nowhere here. */
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

/* A cudnn.lock beside the version file that was written for other pins is stale now. */
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

/* CUDA libraries a program here would not find, and a release advised against (versions/advisories.ini). */
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

void pin_notes(const char *path, int count, char **names)
{
    warn_about_gpus(count, names);
    warn_about_needs(count, names);
    warn_about_lock(path, count, names);
}

void pin_say_what_stays(const char *path, const char *runtime)
{
    char items[PROJECT_FRAMEWORKS_MAX][PROJECT_FRAMEWORK_TEXT], spec[80], cuda[32], specs[400] = "";
    int count = project_frameworks_get(store_root(), path, items, PROJECT_FRAMEWORKS_MAX);
    if (count == 0 || runtime != NULL || cudnnv_version_file_cuda(path, cuda, sizeof cuda) != 1)
        return;
    for (int i = 0; i < count; i++) {
        project_framework_spec(items[i], spec, sizeof spec);
        snprintf(specs + strlen(specs), sizeof specs - strlen(specs), "%s%s", i ? " and " : "", spec);
    }
    note("the CUDA %s runtime pinned here for %s stays ('cudnnv use " OPTION_CUDA_RUNTIME " none' removes it; 'cudnnv use " OPTION_FOR "' plans again)",
         cuda, specs);
}

int pin_refuse_unknown_release(int count, char **names)
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
