/*
 * Bringing an archive a source has chosen to a local file: from the store's
 * cache ($CUDNNV_ROOT/cache), a configured mirror folder (by name, or in
 * NVIDIA's layout as 'cudnnv mirror' writes it), or a download (the
 * source's address, or [download] base_url + the archive's name), then
 * checked against the SHA-256 the source gives; a downloaded file that does
 * not match is deleted. Every source (install_source.h) and the CUDA
 * libraries' redist fetch through here. Under --dry-run (the request's
 * dry_run, passed down) the archive is only described.
 */
#include "archive_fetch.h"
#include "option_names.h"

#include "install_archive.h"
#include "catalog.h"
#include "messages.h"
#include "config.h"
#include "download.h"
#include "fsutil.h"
#include "mirror_path.h"
#include "store.h"
#include "url_mask.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Finds the archive in a mirror folder, at its top under its name or where
 * 'cudnnv mirror' puts it (NVIDIA's layout, mirror_path.c); 1 when found.
 */
static int from_mirrors(const struct config *config, const struct catalog_archive *archive, char *path, size_t size)
{
    char copy[sizeof config->download_mirrors];
    char relative[sizeof archive->url];
    if (mirror_relative_path(archive, relative, sizeof relative) != 0)
        snprintf(relative, sizeof relative, "%s", archive->name);
    snprintf(copy, sizeof copy, "%s", config->download_mirrors);
    for (char *dir = strtok(copy, ":"); dir != NULL; dir = strtok(NULL, ":")) {
        if (path_join(path, size, dir, archive->name) == 0 && is_regular_file(path))
            return 1;
        if (path_join(path, size, dir, relative) == 0 && is_regular_file(path))
            return 1;
    }
    return 0;
}

/* What --dry-run says of an archive already on this machine (the cache, a mirror folder): whether its size and
 * SHA-256 are what the source gives, so that a plan never promises bytes that would be refused. */
static void describe_local(const struct catalog_archive *archive, const char *path)
{
    struct stat info;
    char actual[65];
    if (stat(path, &info) != 0 || archive_sha256(path, actual) != 0) {
        printf("  there   no: %s cannot be read\n", path);
        return;
    }
    if (archive->size > 0 && info.st_size != archive->size)
        printf("  there   yes, but %lld bytes, not %lld: it would be refused\n", (long long)info.st_size, archive->size);
    else if (archive->sha256[0] != '\0' && strcasecmp(actual, archive->sha256) != 0)
        printf("  there   yes, but its SHA-256 is %s: it would be refused\n", actual);
    else
        printf("  there   yes, and its %s match%s\n", archive->sha256[0] ? "size and SHA-256" : "size",
               archive->sha256[0] ? "" : "es (no SHA-256 to check)");
}

/* What --dry-run prints of the archive it would bring: its name, where from, its size and sum. */
static int describe_plan(const struct catalog_archive *archive, const char *from)
{
    char shown[2 * PATH_MAX];
    snprintf(shown, sizeof shown, "%s", from);
    url_mask_passwords(shown);
    printf("%s\n  from    %s\n", archive->name, shown);
    if (archive->size > 0)
        printf("  size    %lld bytes\n", archive->size);
    else
        printf("  size    unknown (the source does not say)\n");
    printf("  sha256  %s\n", archive->sha256[0] ? archive->sha256 : "none published: it would be installed unchecked");
    note("nothing was fetched or changed (" OPTION_DRY_RUN ")");
    return INSTALL_PLANNED;
}

/*
 * Puts the archive at path, from the first of these that has it: the
 * store's cache, a mirror folder ([download] mirrors), or its address (or
 * [download] base_url + its name). *downloaded says whether cudnnv owns the
 * file. Which archive (NVIDIA's redist through the catalog, a package index,
 * a conda channel, a lock) is decided before; the order there is in
 * install_source.c.
 */
static int obtain(const struct catalog_archive *archive, int dry_run, char *path, size_t size, int *downloaded)
{
    struct config config;
    char url[sizeof config.download_base + 200];
    const char *root = store_root();
    config_read(root, &config);
    *downloaded = 0;
    char cache[PATH_MAX];
    cudnnv_store_path(cache, sizeof cache, root, CUDNNV_STORE_CACHE, NULL);
    path_join(path, size, cache, archive->name);
    if (dry_run && is_regular_file(path)) {
        int planned = describe_plan(archive, path);
        describe_local(archive, path);
        return planned;
    }
    if (is_regular_file(path)) {
        note("using %s from the cache", archive->name);
        *downloaded = 1;
        return 0;
    }
    char mirrored[PATH_MAX];
    int mirror = from_mirrors(&config, archive, mirrored, sizeof mirrored);
    if (dry_run && mirror) {
        int planned = describe_plan(archive, mirrored);
        describe_local(archive, mirrored);
        return planned;
    }
    if (mirror) {
        note("using %s", mirrored);
        snprintf(path, size, "%s", mirrored);
        return 0;
    }
    if (config.download_base[0] != '\0')
        snprintf(url, sizeof url, "%s/%s", config.download_base, archive->name);
    else
        snprintf(url, sizeof url, "%s", archive->url);
    if (dry_run)
        return describe_plan(archive, url);
    /* two installs of one release must not write one download */
    int lock = store_lock_named(root, "download.lock", "downloading");
    if (lock < 0)
        return 1;
    *downloaded = 1;
    int status = 0;
    if (is_regular_file(path))
        note("using %s from the cache (another cudnnv just downloaded it)", archive->name);
    else {
        note("%s %s", strncmp(url, "file:", 5) == 0 ? "copying" : "downloading", url);
        status = download_file(url, path, archive->size);
    }
    store_unlock(lock);
    return status;
}

static int check_sum(const struct catalog_archive *archive, const char *path, int downloaded, char actual[65],
                     const char *authority)
{
    if (archive->sha256[0] == '\0') {
        note("%s gives no SHA-256 for %s; installing it unchecked", authority, archive->name);
        actual[0] = '\0';
        return 0;
    }
    if (archive_sha256(path, actual) != 0)
        return fail("cannot read %s", path);
    if (strcasecmp(actual, archive->sha256) == 0)
        return 0;
    if (downloaded)
        unlink(path);
    return fail("SHA-256 of %s is %s, but %s says %s; %snothing was installed",
                archive->name, actual, authority, archive->sha256, downloaded ? "the file was deleted and " : "");
}

/*
 * The archive a source names: from the cache, a mirror or its address,
 * checked against the SHA-256 that source gives (authority names it in
 * messages); with plan_only (install --dry-run) only described, and
 * INSTALL_PLANNED returned.
 */
int install_fetch_archive(const struct catalog_archive *archive, const char *authority, int plan_only,
                          char *archive_path, size_t size, char sha256[65])
{
    int downloaded;
    int status = obtain(archive, plan_only, archive_path, size, &downloaded);
    return status != 0 ? status : check_sum(archive, archive_path, downloaded, sha256, authority);
}
