/*
 * cudnnv install VERSION: a release from the catalog. The archive for this
 * platform comes from the cache ($CUDNNV_ROOT/cache), a configured mirror
 * folder, or a download (the catalog's address, or [download] base_url +
 * the archive's name). Its SHA-256 is checked against the catalog before
 * anything is extracted; a downloaded file that does not match is deleted.
 */
#include "install_catalog.h"

#include "archive.h"
#include "catalog.h"
#include "cli.h"
#include "config.h"
#include "download.h"
#include "fsutil.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int list_builds(const struct catalog_release *release, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < release->build_count; i++) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", i ? ", " : "", release->builds[i].cuda);
    }
    return 0;
}

/* Finds the archive in a mirror folder; 1 when found. */
static int from_mirrors(const struct config *config, const char *name, char *path, size_t size)
{
    char copy[sizeof config->download_mirrors];
    snprintf(copy, sizeof copy, "%s", config->download_mirrors);
    for (char *dir = strtok(copy, ":"); dir != NULL; dir = strtok(NULL, ":")) {
        if (path_join(path, size, dir, name) == 0 && is_regular_file(path))
            return 1;
    }
    return 0;
}

/* Puts the archive at path: cache, mirror, or download. *downloaded says whether cudnnv owns the file. */
static int obtain(const struct catalog_archive *archive, char *path, size_t size, int *downloaded)
{
    struct config config;
    char url[sizeof config.download_base + 200];
    const char *root = store_root();
    config_read(root, &config);
    *downloaded = 0;
    snprintf(path, size, "%s/cache/%s", root, archive->name);
    if (is_regular_file(path)) {
        note("cudnnv: using %s from the cache", archive->name);
        *downloaded = 1;
        return 0;
    }
    char mirrored[PATH_MAX];
    if (from_mirrors(&config, archive->name, mirrored, sizeof mirrored)) {
        note("cudnnv: using %s", mirrored);
        snprintf(path, size, "%s", mirrored);
        return 0;
    }
    if (config.download_base[0] != '\0')
        snprintf(url, sizeof url, "%s/%s", config.download_base, archive->name);
    else
        snprintf(url, sizeof url, "%s", archive->url);
    note("cudnnv: downloading %s", url);
    *downloaded = 1;
    return download_file(url, path);
}

static int check_sum(const struct catalog_archive *archive, const char *path, int downloaded, char actual[65])
{
    if (archive->sha256[0] == '\0') {
        note("cudnnv: the catalog has no published SHA-256 for %s; installing it unchecked", archive->name);
        actual[0] = '\0';
        return 0;
    }
    if (archive_sha256(path, actual) != 0)
        return fail("cannot read %s", path);
    if (strcasecmp(actual, archive->sha256) == 0)
        return 0;
    if (downloaded)
        unlink(path);
    return fail("SHA-256 of %s is %s, but the catalog says %s; %snothing was installed",
                archive->name, actual, archive->sha256, downloaded ? "the file was deleted and " : "");
}

int install_catalog_archive(const char *requested, const char *cuda, char *archive_path, size_t size,
                            char sha256[65])
{
    struct catalog catalog;
    char builds[256];
    int downloaded, status;
    if (catalog_load(&catalog) != 0)
        return fail("cannot read the release catalog; reinstall cudnnv or run 'cudnnv update'");
    const struct catalog_release *release = catalog_find(&catalog, requested);
    const struct catalog_build *build = release ? catalog_build_for(release, cuda) : NULL;
    if (release == NULL)
        status = fail("'%s' is neither an archive, a directory, nor a release in the catalog; see 'cudnnv known' (or 'cudnnv update')",
                      requested);
    else if (build == NULL && list_builds(release, builds, sizeof builds) == 0)
        status = fail("cuDNN %s has no build for CUDA %s (it has: %s); choose one with --cuda", release->version,
                      cuda ? cuda : "any", builds);
    else if (build->archive[CATALOG_LINUX].name[0] == '\0')
        status = fail("the catalog has no Linux archive of cuDNN %s for CUDA %s", release->version, build->cuda);
    else {
        const struct catalog_archive *archive = &build->archive[CATALOG_LINUX];
        note("cudnnv: cuDNN %s for CUDA %s: %s", release->version, build->cuda, archive->name);
        status = obtain(archive, archive_path, size, &downloaded);
        if (status == 0)
            status = check_sum(archive, archive_path, downloaded, sha256);
    }
    catalog_free(&catalog);
    return status;
}
