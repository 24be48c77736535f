/*
 * Loads the catalog. Its data lives next to cudnnv (share/cudnnv/ from
 * bin/cudnnv, as 'make' and 'make install' lay it out), unless 'cudnnv
 * update' fetched a newer one into $CUDNNV_ROOT/catalog.
 */
#include "catalog.h"

#include "cli.h"
#include "config.h"
#include "fsutil.h"
#include "shim_files.h"
#include "store.h"

#include "../shim/cudnnv_select.h"

#include <dirent.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* $CUDNNV_ROOT/catalog/LEAF when fetched, else PREFIX/share/cudnnv/LEAF. */
int catalog_data_dir(const char *leaf, char *out, size_t size)
{
    char prefix[PATH_MAX];
    snprintf(out, size, "%s/catalog/%s", store_root(), leaf);
    if (access(out, R_OK) == 0)
        return 0;
    if (installation_prefix(prefix, sizeof prefix) != 0)
        return -1;
    int n = snprintf(out, size, "%s/share/cudnnv/%s", prefix, leaf);
    return n > 0 && (size_t)n < size && access(out, R_OK) == 0 ? 0 : -1;
}

/*
 * Copies a value. One too long for its field is not cut short (a cut name
 * or address could be another valid one): the field gets a control byte,
 * which catalog_release_problem refuses in every field.
 */
static void copy_text(char *field, size_t size, const char *value)
{
    snprintf(field, size, "%s", strlen(value) < size ? value : "\x01");
}

static void take_archive_key(struct catalog_archive *archive, const char *key, const char *value)
{
    if (strcmp(key, "archive") == 0)
        copy_text(archive->name, sizeof archive->name, value);
    else if (strcmp(key, "url") == 0)
        copy_text(archive->url, sizeof archive->url, value);
    else if (strcmp(key, "sha256") == 0)
        copy_text(archive->sha256, sizeof archive->sha256, value);
    else if (strcmp(key, "size") == 0)
        archive->size = atoll(value);
}

static void take_build_key(struct catalog_build *build, const char *key, const char *value)
{
    if (strcmp(key, "cuda") == 0)
        copy_text(build->cuda, sizeof build->cuda, value);
    else if (strcmp(key, "min_driver_linux") == 0)
        copy_text(build->min_driver_linux, sizeof build->min_driver_linux, value);
    else if (strcmp(key, "min_driver_windows") == 0)
        copy_text(build->min_driver_windows, sizeof build->min_driver_windows, value);
    else if (strcmp(key, "min_compute_capability") == 0)
        copy_text(build->min_compute_capability, sizeof build->min_compute_capability, value);
    else if (strncmp(key, "linux_", 6) == 0)
        take_archive_key(&build->archive[CATALOG_LINUX], key + 6, value);
    else if (strncmp(key, "windows_", 8) == 0)
        take_archive_key(&build->archive[CATALOG_WINDOWS], key + 8, value);
}

static int take_key(void *user, const char *section, const char *key, const char *value)
{
    struct catalog_release *release = user;
    if (strcmp(section, "release") == 0) {
        if (strcmp(key, "version") == 0)
            copy_text(release->version, sizeof release->version, value);
        return 1;
    }
    if (strncmp(section, "build ", 6) != 0)
        return 1;
    struct catalog_build *build = release->build_count > 0 ? &release->builds[release->build_count - 1] : NULL;
    if (build == NULL || strcmp(key, "cuda") == 0) {
        if (release->build_count == CATALOG_MAX_BUILDS)
            return 1;
        build = &release->builds[release->build_count++];
    }
    take_build_key(build, key, value);
    return 1;
}

static int by_version(const void *a, const void *b)
{
    return cudnnv_name_compare(((const struct catalog_release *)a)->version,
                               ((const struct catalog_release *)b)->version);
}

static int ends_with_ini(const char *name)
{
    size_t length = strlen(name);
    return length > 4 && strcmp(name + length - 4, ".ini") == 0;
}

int catalog_load(struct catalog *catalog)
{
    char path[PATH_MAX];
    struct config config;
    memset(catalog, 0, sizeof *catalog);
    config_read(store_root(), &config);
    if (catalog_data_dir("catalog", catalog->dir, sizeof catalog->dir) != 0)
        return -1;
    DIR *dir = opendir(catalog->dir);
    struct dirent *entry;
    int capacity = 0;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (!ends_with_ini(entry->d_name) || path_join(path, sizeof path, catalog->dir, entry->d_name) != 0)
            continue;
        if (catalog->count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            struct catalog_release *grown = realloc(catalog->releases, (size_t)capacity * sizeof *grown);
            if (grown == NULL)
                break;
            catalog->releases = grown;
        }
        struct catalog_release *release = &catalog->releases[catalog->count];
        memset(release, 0, sizeof *release);
        if (ini_parse(path, take_key, release) < 0 || release->version[0] == '\0')
            continue;
        const char *problem = catalog_release_problem(release, config.download_base);
        if (problem == NULL)
            catalog->count++;
        else
            note("cudnnv: ignoring %s: it has %s", path, problem);
    }
    if (dir != NULL)
        closedir(dir);
    qsort(catalog->releases, (size_t)catalog->count, sizeof *catalog->releases, by_version);
    return dir == NULL ? -1 : 0;
}

void catalog_free(struct catalog *catalog)
{
    free(catalog->releases);
    memset(catalog, 0, sizeof *catalog);
}

/* The newest release that is, or continues on a dot boundary, what was asked ("8.1" -> 8.1.1.33). */
const struct catalog_release *catalog_find(const struct catalog *catalog, const char *requested)
{
    for (int i = catalog->count - 1; i >= 0; i--) {
        if (cudnnv_name_has_prefix(catalog->releases[i].version, requested))
            return &catalog->releases[i];
    }
    return NULL;
}

/* The release an installed set holds: its version is the release's, or the release's without the build. */
const struct catalog_release *catalog_release_of_set(const struct catalog *catalog, const char *version)
{
    for (int i = catalog->count - 1; i >= 0; i--) {
        const char *release = catalog->releases[i].version;
        if (strcmp(release, version) == 0 || cudnnv_name_has_prefix(release, version))
            return &catalog->releases[i];
    }
    return NULL;
}

/* The build for a CUDA version ("11.2", "12"; NULL or "": the newest build). */
const struct catalog_build *catalog_build_for(const struct catalog_release *release, const char *cuda)
{
    const struct catalog_build *best = NULL;
    for (int i = 0; i < release->build_count; i++) {
        const struct catalog_build *build = &release->builds[i];
        if (cuda != NULL && cuda[0] != '\0') {
            if (cudnnv_name_has_prefix(build->cuda, cuda) || cudnnv_name_has_prefix(cuda, build->cuda))
                return build;
            continue;
        }
        if (best == NULL || cudnnv_name_compare(build->cuda, best->cuda) > 0)
            best = build;
    }
    return best;
}

/* The SHA-256 the catalog publishes for an archive file name (any release, build, platform); 0 when none. */
int catalog_sum_of_archive(const char *file_name, char *out, size_t size)
{
    struct catalog catalog;
    int found = 0;
    if (catalog_load(&catalog) != 0)
        return 0;
    for (int i = 0; i < catalog.count && !found; i++) {
        const struct catalog_release *release = &catalog.releases[i];
        for (int b = 0; b < release->build_count && !found; b++) {
            for (int p = 0; p < 2 && !found; p++) {
                const struct catalog_archive *archive = &release->builds[b].archive[p];
                if (archive->sha256[0] != '\0' && strcmp(archive->name, file_name) == 0) {
                    snprintf(out, size, "%s", archive->sha256);
                    found = 1;
                }
            }
        }
    }
    catalog_free(&catalog);
    return found;
}
