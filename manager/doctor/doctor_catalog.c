/*
 * What the catalog says of a selected set: the CUDA its build targets, the
 * driver that CUDA needs, and the oldest GPU the release supports. A set whose
 * CUDA is unknown (installed from a directory) is held to the least demanding
 * build of its release, and the caller says so.
 */
#include "doctor.h"

#include "catalog.h"
#include "platform.h"
#include "set_info.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const struct catalog_build *least_demanding(const struct catalog_release *release)
{
    const struct catalog_build *best = NULL;
    for (int i = 0; i < release->build_count; i++) {
        const struct catalog_build *build = &release->builds[i];
        if (catalog_build_min_driver(build)[0] == '\0')
            continue;
        if (best == NULL || cudnnv_name_compare(catalog_build_min_driver(build), catalog_build_min_driver(best)) < 0)
            best = build;
    }
    return best;
}

/* The catalog's build of an installed set: 0, 1 when its CUDA build was guessed, -1 when the catalog does not know it. */
int doctor_set_build(const char *set_name, struct catalog_build *out)
{
    char set_dir[PATH_MAX];
    struct set_info info;
    struct catalog catalog;
    int guessed = 0;
    store_set_dir(store_root(), set_name, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &info) != 0 || catalog_load(&catalog) != 0)
        return -1;
    const struct catalog_release *release = catalog_release_of_set(&catalog, info.version);
    const struct catalog_build *build = NULL;
    if (release != NULL && info.cuda[0] != '\0')
        build = catalog_build_for(release, info.cuda);
    if (release != NULL && build == NULL) {
        build = least_demanding(release);
        guessed = 1;
    }
    if (build != NULL)
        *out = *build;
    catalog_free(&catalog);
    return build == NULL ? -1 : guessed;
}

/* Returns 0 with the facts, 1 when the CUDA build was guessed, -1 when the catalog does not know the set. */
int doctor_build_facts(const char *set_name, char *cuda, char *min_driver, char *min_cc, size_t size)
{
    struct catalog_build build;
    int status = doctor_set_build(set_name, &build);
    if (status >= 0) {
        snprintf(cuda, size, "%s", build.cuda);
        snprintf(min_driver, size, "%s", catalog_build_min_driver(&build));
        snprintf(min_cc, size, "%s", build.min_compute_capability);
    }
    return status;
}

int doctor_compare_versions(const char *a, const char *b)
{
    return cudnnv_name_compare(a, b);
}
