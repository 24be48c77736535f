/*
 * Doctor checks of the selection and of the selected sets' files.
 */
#include "doctor.h"
#include "option_names.h"
#include "platform.h"

#include "fsutil.h"
#include "manifest.h"
#include "set_info.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A version file that was there but not obeyed: another user's pin (git's safe.directory case). */
static void report_ignored_sources(struct doctor *doctor)
{
    for (int i = 0; i < 3; i++) {
        const struct cudnnv_source *source = &doctor->sources.source[i];
        if (source->ignored)
            doctor_add(doctor, DOCTOR_WARN, "selection",
                       "if you trust it, take it over ('chown' it to yourself) or pin your own ('cudnnv use VERSION' in a folder you own)",
                       "%s is not obeyed: it %s", source->path, cudnnv_read_problem(CUDNNV_READ_UNTRUSTED));
    }
}

void doctor_check_selection(struct doctor *doctor)
{
    char message[PATH_MAX + 512];
    int any = 0;
    report_ignored_sources(doctor);
    for (int major = 7; major <= 9; major++) {
        struct cudnnv_choice *choice = &doctor->choice[major];
        enum cudnnv_status status = cudnnv_choose_major(&doctor->where, &doctor->sources, major, choice);
        if (status == CUDNNV_NOTHING_SELECTED)
            continue;
        any = 1;
        if (status != CUDNNV_SELECTED) {
            cudnnv_describe_failure(status, choice, major, message, sizeof message);
            doctor_add(doctor, DOCTOR_FAIL, "selection", status == CUDNNV_NOT_INSTALLED ?
                       "install it ('cudnnv install ...') or pin an installed one ('cudnnv versions', 'cudnnv use VERSION')"
                       : "fix the version file it names", "cuDNN %d: %s", major, message);
            continue;
        }
        doctor->selected[major] = 1;
        cudnnv_describe_origin(choice, message, sizeof message);
        doctor_add(doctor, DOCTOR_OK, "selection", NULL, "cuDNN %d: %s (%s)", major, choice->name, message);
    }
    if (!any)
        doctor_add(doctor, DOCTOR_FAIL, "selection", "run 'cudnnv use VERSION' in the project or 'cudnnv global VERSION'",
                   "no cuDNN version is selected here, and no set is linked as system");
}

static void ignore_problem(const char *kind, const char *path, void *user)
{
    (void)kind;
    (void)path;
    (void)user;
}

static void check_linked_set(struct doctor *doctor, int major, const char *name, const char *set_dir)
{
    char lib[PATH_MAX], library[PATH_MAX + 32];
    path_join(lib, sizeof lib, set_dir, "lib");
    if (cudnnv_main_library(lib, 0, major, library, sizeof library) == 0 && is_regular_file(library))
        doctor_add(doctor, DOCTOR_OK, "set", NULL, "%s is linked, and holds " PLATFORM_SHIM_NAME, name, major);
    else
        doctor_add(doctor, DOCTOR_FAIL, "set", "link it again to a directory that holds cuDNN ('cudnnv link " OPTION_FORCE " NAME DIR')",
                   "%s is linked to a directory without " PLATFORM_SHIM_NAME, name, major);
}

int doctor_selected_set(const struct doctor *doctor, int major, struct doctor_set *set)
{
    if (major < 7 || major > 9 || !doctor->selected[major])
        return 0;
    set->name = doctor->choice[major].name;
    store_set_dir(doctor->where.root, set->name, set->dir, sizeof set->dir);
    set->info_read = set_info_read(set->dir, &set->info) == 0;
    return 1;
}

void doctor_check_sets(struct doctor *doctor)
{
    for (int major = 7; major <= 9; major++) {
        char fix[256];
        struct doctor_set set;
        struct verify_result result;
        if (!doctor_selected_set(doctor, major, &set))
            continue;
        const char *name = set.name;
        if (set.info_read && set_info_is_linked(&set.info)) {
            check_linked_set(doctor, major, name, set.dir);
            continue;
        }
        snprintf(fix, sizeof fix, "see what changed with 'cudnnv verify %s', then reinstall it with 'cudnnv install " OPTION_FORCE "'", name);
        if (set.info_read && set_name_disagrees(name, set.info.version)) {
            doctor_add(doctor, DOCTOR_FAIL, "set", fix, "%s holds cuDNN %s, not the release its name says (a folder replaced by another set's?)",
                       name, set.info.version);
            continue;
        }
        if (manifest_verify(set.dir, &result, ignore_problem, NULL, NULL) != 0)
            doctor_add(doctor, DOCTOR_FAIL, "set", fix, "%s has no MANIFEST", name);
        else if (result.missing + result.changed + result.extra > 0)
            doctor_add(doctor, DOCTOR_FAIL, "set", fix, "%s changed since it was installed: %d missing, %d changed, %d extra files",
                       name, result.missing, result.changed, result.extra);
        else if (set.info_read && set_info_is_libraries_only(&set.info))
            doctor_add(doctor, DOCTOR_OK, "set", NULL,
                       "%s is complete and unchanged (%d files), runtime only: programs load it, but it has no headers or static libraries to build against ('cudnnv install' without " OPTION_RUNTIME ")",
                       name, result.files);
        else
            doctor_add(doctor, DOCTOR_OK, "set", NULL, "%s is complete and unchanged (%d files)", name, result.files);
    }
}
