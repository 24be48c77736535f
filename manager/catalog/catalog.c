/*
 * Loads the catalog, merging its folders (catalog.h): the one shipped next
 * to cudnnv (share/cudnnv/ from bin/cudnnv, as 'make' and 'make install'
 * lay it out), the git copy 'cudnnv update' fetched, and what it learned
 * from NVIDIA's redist manifests. Every release is checked as it is read
 * (catalog_check.c); one that fails is left out with a message.
 */
#include "catalog.h"

#include "messages.h"
#include "config.h"
#include "fsutil.h"
#include "ini_field.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include "ini_read.h"
#include "store_layout.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* $CUDNNV_ROOT/catalog/LEAF when fetched, else PREFIX/share/cudnnv/LEAF. */
int catalog_data_dir(const char *leaf, char *out, size_t size)
{
    char prefix[PATH_MAX], catalog[PATH_MAX];
    cudnnv_store_path(catalog, sizeof catalog, store_root(), CUDNNV_STORE_CATALOG, NULL);
    path_join(out, size, catalog, leaf);
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

static const struct ini_field archive_fields[] = {
    INI_FIELD(struct catalog_archive, "archive", name),
    INI_FIELD(struct catalog_archive, "url", url),
    INI_FIELD(struct catalog_archive, "sha256", sha256),
};

static const struct ini_field build_fields[] = {
    INI_FIELD(struct catalog_build, "cuda", cuda),
    INI_FIELD(struct catalog_build, "min_driver_linux", min_driver_linux),
    INI_FIELD(struct catalog_build, "min_driver_windows", min_driver_windows),
    INI_FIELD(struct catalog_build, "min_compute_capability", min_compute_capability),
    INI_FIELD(struct catalog_build, "max_compute_capability", max_compute_capability),
};

static void take_archive_key(struct catalog_archive *archive, const char *key, const char *value)
{
    size_t size;
    char *field = ini_field_find(archive_fields, sizeof archive_fields / sizeof archive_fields[0], archive, key, &size);
    if (field != NULL)
        copy_text(field, size, value);
    else if (strcmp(key, "size") == 0)
        archive->size = atoll(value);
}

static void take_build_key(struct catalog_build *build, const char *key, const char *value)
{
    size_t size;
    char *field = ini_field_find(build_fields, sizeof build_fields / sizeof build_fields[0], build, key, &size);
    if (field != NULL)
        copy_text(field, size, value);
    else {
        for (int p = 0; p < CATALOG_PLATFORMS; p++) {
            const char *prefix = catalog_platform_key(p);
            if (strncmp(key, prefix, strlen(prefix)) == 0)
                take_archive_key(&build->archive[p], key + strlen(prefix), value);
        }
    }
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

/* Room for one more release; NULL when memory is out. */
static struct catalog_release *next_slot(struct catalog *catalog, int *capacity)
{
    if (catalog->count == *capacity) {
        int grown_capacity = *capacity ? *capacity * 2 : 64;
        struct catalog_release *grown = realloc(catalog->releases, (size_t)grown_capacity * sizeof *grown);
        if (grown == NULL)
            return NULL;
        catalog->releases = grown;
        *capacity = grown_capacity;
    }
    memset(&catalog->releases[catalog->count], 0, sizeof catalog->releases[0]);
    return &catalog->releases[catalog->count];
}

static struct catalog_release *find_version(struct catalog *catalog, const char *version)
{
    for (int i = 0; i < catalog->count; i++) {
        if (strcmp(catalog->releases[i].version, version) == 0)
            return &catalog->releases[i];
    }
    return NULL;
}

/* An archive known names without a sum takes the sum (and size) extra gives for the same file. */
static void add_missing_sum(struct catalog_archive *known, const struct catalog_archive *extra)
{
    if (known->sha256[0] != '\0' || extra->sha256[0] == '\0' || strcmp(known->name, extra->name) != 0)
        return;
    memcpy(known->sha256, extra->sha256, sizeof known->sha256);
    if (known->size == 0)
        known->size = extra->size;
}

/* Adds what known lacks from extra: builds it does not have, archives of platforms it does not name, their sums. */
static void add_missing(struct catalog_release *known, const struct catalog_release *extra)
{
    for (int b = 0; b < extra->build_count; b++) {
        const struct catalog_build *build = &extra->builds[b];
        struct catalog_build *same = (struct catalog_build *)catalog_build_for(known, build->cuda);
        if (same == NULL || strcmp(same->cuda, build->cuda) != 0) {
            if (same == NULL && known->build_count < CATALOG_MAX_BUILDS)
                known->builds[known->build_count++] = *build;
            if (same == NULL)
                continue;
        }
        for (int p = 0; p < CATALOG_PLATFORMS; p++) {
            if (same->archive[p].name[0] == '\0')
                same->archive[p] = build->archive[p];
            else
                add_missing_sum(&same->archive[p], &build->archive[p]);
        }
    }
}

/* Reads one folder of release files; a release already known is replaced, or (adding) completed. */
static int load_folder(struct catalog *catalog, const char *folder, int adding, const char *base_url, int *capacity)
{
    char path[PATH_MAX];
    DIR *dir = opendir(folder);
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        struct catalog_release *release = next_slot(catalog, capacity);
        if (release == NULL)
            break;
        if (!ends_with_ini(entry->d_name) || path_join(path, sizeof path, folder, entry->d_name) != 0 ||
            ini_read(path, take_key, release) != 0 || release->version[0] == '\0')
            continue;
        const char *problem = catalog_release_problem(release, base_url);
        struct catalog_release *known = find_version(catalog, release->version);
        if (problem != NULL)
            note("ignoring %s: it has %s", path, problem);
        else if (known == NULL)
            catalog->count++;
        else if (adding)
            add_missing(known, release);
        else
            *known = *release;
    }
    if (dir != NULL)
        closedir(dir);
    return dir != NULL;
}

int catalog_unreadable(const char *dir)
{
    return fail("cannot read the release catalog%s%s%s; reinstall cudnnv or run 'cudnnv update'", dir ? " (" : "",
                dir ? dir : "", dir ? ")" : "");
}

int catalog_load(struct catalog *catalog)
{
    char prefix[PATH_MAX], fetched[PATH_MAX], git[PATH_MAX + 16], redist[PATH_MAX];
    struct config config;
    int capacity = 0, folders = 0;
    memset(catalog, 0, sizeof *catalog);
    config_read(store_root(), &config);
    if (installation_prefix(prefix, sizeof prefix) != 0 ||
        path_join(catalog->dir, sizeof catalog->dir, prefix, "share/cudnnv/catalog") != 0)
        catalog->dir[0] = '\0';
    if (cudnnv_store_path(fetched, sizeof fetched, store_root(), CUDNNV_STORE_CATALOG, NULL) != 0 ||
        path_join(git, sizeof git, fetched, "catalog") != 0 ||
        cudnnv_store_path(redist, sizeof redist, store_root(), CUDNNV_STORE_CATALOG_REDIST, NULL) != 0)
        return -1;
    folders += load_folder(catalog, catalog->dir, 0, config.download_base, &capacity);
    folders += load_folder(catalog, git, 0, config.download_base, &capacity);
    folders += load_folder(catalog, redist, 1, config.download_base, &capacity);
    for (int i = 0; i < catalog->count; i++)
        catalog_fill_compute_capability(&catalog->releases[i]);
    qsort(catalog->releases, (size_t)catalog->count, sizeof *catalog->releases, by_version);
    return folders > 0 ? 0 : -1;
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
int catalog_sum_of_archive(const struct catalog *catalog, const char *file_name, char *out, size_t size)
{
    for (int i = 0; i < catalog->count; i++) {
        const struct catalog_release *release = &catalog->releases[i];
        for (int b = 0; b < release->build_count; b++) {
            for (int p = 0; p < CATALOG_PLATFORMS; p++) {
                const struct catalog_archive *archive = &release->builds[b].archive[p];
                if (archive->sha256[0] != '\0' && strcmp(archive->name, file_name) == 0) {
                    snprintf(out, size, "%s", archive->sha256);
                    return 1;
                }
            }
        }
    }
    return 0;
}
