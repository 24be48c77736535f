/*
 * cudnnv install VERSION: a release from the catalog. The archive for this
 * platform comes from the cache ($CUDNNV_ROOT/cache), a configured mirror
 * folder, or a download (the catalog's address, or [download] base_url +
 * the archive's name). Its SHA-256 is checked against the catalog before
 * anything is extracted; a downloaded file that does not match is deleted.
 */
#include "install_catalog.h"


#include "advisories.h"
#include "install_archive.h"
#include "catalog.h"
#include "messages.h"
#include "config.h"
#include "driver.h"
#include "download.h"
#include "fsutil.h"
#include "gpu_list.h"
#include "store.h"
#include "url_mask.h"

#include "cudnnv_select.h"

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

static int dry_run;

/* install --dry-run: the archive is chosen and described, then nothing is fetched or changed. */
void install_plan_only(void)
{
    dry_run = 1;
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
    note("nothing was fetched or changed (--dry-run)");
    return INSTALL_PLANNED;
}

/*
 * Puts the archive at path, from the first of these that has it: the
 * store's cache, a mirror folder ([download] mirrors), or its address (or
 * [download] base_url + its name). *downloaded says whether cudnnv owns the
 * file. Which archive (NVIDIA's redist through the catalog, a package index,
 * a conda channel, a lock) is decided before; the order there is in
 * install_run.c.
 */
static int obtain(const struct catalog_archive *archive, char *path, size_t size, int *downloaded)
{
    struct config config;
    char url[sizeof config.download_base + 200];
    const char *root = store_root();
    config_read(root, &config);
    *downloaded = 0;
    snprintf(path, size, "%s/cache/%s", root, archive->name);
    if (dry_run && is_regular_file(path))
        return describe_plan(archive, path);
    if (is_regular_file(path)) {
        note("using %s from the cache", archive->name);
        *downloaded = 1;
        return 0;
    }
    char mirrored[PATH_MAX];
    int mirror = from_mirrors(&config, archive->name, mirrored, sizeof mirrored);
    if (dry_run && mirror)
        return describe_plan(archive, mirrored);
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
        note("downloading %s", url);
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
 * The build for a platform: the --cuda one, else the newest whose CUDA major
 * the driver runs (any when unknown); builds with no code for one of the
 * GPUs are passed over, the first such reason kept in unfit.
 */
static const struct catalog_build *pick_build(const struct catalog_release *release, int platform, const char *cuda,
                                              const char *ceiling, const struct gpu_list *gpus, char *unfit,
                                              size_t unfit_size)
{
    const struct catalog_build *best = NULL;
    char why[160];
    for (int i = 0; i < release->build_count; i++) {
        const struct catalog_build *build = &release->builds[i];
        if (build->archive[platform].name[0] == '\0')
            continue;
        if (cuda != NULL && cuda[0] != '\0' && !cudnnv_name_has_prefix(build->cuda, cuda) &&
            !cudnnv_name_has_prefix(cuda, build->cuda))
            continue;
        if ((cuda == NULL || cuda[0] == '\0') && ceiling[0] != '\0' &&
            cudnnv_name_major(build->cuda) > cudnnv_name_major(ceiling))
            continue;
        if (gpu_list_unfit(gpus, build, why, sizeof why)) {
            if (unfit[0] == '\0')
                snprintf(unfit, unfit_size, "%s %s", release->version, why);
            continue;
        }
        if (cuda != NULL && cuda[0] != '\0')
            return build;
        if (best == NULL || cudnnv_name_compare(build->cuda, best->cuda) > 0)
            best = build;
    }
    return best;
}

/* Why no release fits: the first matching release's builds, platforms and the driver. */
static int explain_no_fit(const struct catalog *catalog, const char *requested, int platform, const char *cuda,
                          const char *driver, const char *ceiling, const struct gpu_list *gpus, const char *unfit)
{
    char builds[256], described[128];
    const struct catalog_release *release = catalog_find(catalog, requested);
    if (release == NULL)
        return fail("'%s' is neither an archive, a directory, nor a release in the catalog; see 'cudnnv known' (or 'cudnnv update')",
                    requested);
    gpu_list_describe(gpus, described, sizeof described);
    if (unfit[0] != '\0')
        return fail("no %s release in the catalog has code for %s, %s: %s; see 'cudnnv known --gpu %s'",
                    requested, described, gpus->given ? "as --gpu asked" : "this machine's GPUs", unfit,
                    gpus->gpus[0].capability);
    list_builds(release, builds, sizeof builds);
    if (cuda != NULL && cuda[0] != '\0')
        return fail("cuDNN %s has no build for CUDA %s on %s (it has: %s); choose one with --cuda", release->version,
                    cuda, catalog_platform_name(platform), builds);
    if (ceiling[0] != '\0')
        return fail("no %s release in the catalog has a %s build for the CUDA this driver runs (driver %s supports CUDA up to %s; %s has builds for CUDA %s); update the driver or choose a build with --cuda",
                    requested, catalog_platform_name(platform), driver, ceiling, release->version, builds);
    return fail("the catalog has no %s archive of cuDNN %s; see 'cudnnv known --platform %s'",
                catalog_platform_name(platform), requested, catalog_platform_name(platform));
}

/* Says which release and build were chosen, and why. */
static void say_choice(const struct catalog_release *release, const struct catalog_build *build, int platform,
                       const char *cuda, const char *driver, const char *ceiling, const struct gpu_list *gpus,
                       const char *unfit)
{
    char described[128];
    note("cuDNN %s for CUDA %s: %s", release->version, build->cuda, build->archive[platform].name);
    gpu_list_describe(gpus, described, sizeof described);
    if (unfit[0] != '\0')
        note("(the newest with code for %s, %s: %s)", described, gpus->given ? "as --gpu asked" : "this machine's GPUs",
             unfit);
    if (cuda != NULL && cuda[0] != '\0')
        note("(the build for CUDA %s on %s, as --cuda asked)", cuda, catalog_platform_name(platform));
    else if (ceiling[0] != '\0')
        note("(the newest release with a %s build for CUDA %d: driver %s supports CUDA up to %s)",
             catalog_platform_name(platform), cudnnv_name_major(build->cuda), driver, ceiling);
    else
        note("(the newest %s build: no NVIDIA driver found to say which CUDA it runs; --cuda chooses)",
             catalog_platform_name(platform));
}

/* A release versions/advisories.ini advises against: said once, and passed over. */
static int passed_over(const char *version, struct advisory *advised, char *advised_version, size_t size)
{
    struct advisory found;
    if (advisory_for(version, &found) != ADVISORY_AVOID)
        return 0;
    note("passing over cuDNN %s: %s (--allow-advised takes it)", version, found.why);
    *advised = found;
    snprintf(advised_version, size, "%s", version);
    return 1;
}

/* True when some release of that prefix is not advised against. */
static int any_unadvised(const struct catalog *catalog, const char *requested)
{
    struct advisory found;
    for (int i = 0; i < catalog->count; i++) {
        if (cudnnv_name_has_prefix(catalog->releases[i].version, requested) &&
            advisory_for(catalog->releases[i].version, &found) != ADVISORY_AVOID)
            return 1;
    }
    return 0;
}

int install_catalog_archive(struct release_request *request, char *archive_path, size_t size, char sha256[65])
{
    struct catalog catalog;
    struct gpu_list gpus;
    char driver[32] = "", ceiling[32] = "", skipped[256] = "";
    const char *cuda = request->cuda;
    int downloaded, status, platform = request->platform;
    if (gpu_list_for_choice(&gpus, request->gpu, platform == (int)catalog_host_platform()) < 0)
        return usage_fail("install", "--gpu takes compute capabilities such as 8.6 or 6.1,8.0, not '%s'", request->gpu);
    if (catalog_load(&catalog) != 0)
        return fail("cannot read the release catalog; reinstall cudnnv or run 'cudnnv update'");
    if ((cuda == NULL || cuda[0] == '\0') && !driver_machine_cuda(driver, sizeof driver, ceiling, sizeof ceiling))
        ceiling[0] = '\0';
    const struct catalog_release *release = NULL;
    const struct catalog_build *build = NULL;
    struct advisory advised = {0};
    char advised_version[72] = "";
    for (int i = catalog.count - 1; i >= 0 && build == NULL; i--) {
        if (!cudnnv_name_has_prefix(catalog.releases[i].version, request->requested))
            continue;
        if (!request->allow_advised && passed_over(catalog.releases[i].version, &advised, advised_version, sizeof advised_version))
            continue;
        char unfit[256] = "";
        release = &catalog.releases[i];
        build = pick_build(release, platform, cuda, ceiling, &gpus, unfit, sizeof unfit);
        if (build == NULL && unfit[0] != '\0')
            snprintf(skipped, sizeof skipped, "%s", unfit);   /* the oldest passed over for a GPU so far */
    }
    if (build == NULL && advised.severity == ADVISORY_AVOID && !any_unadvised(&catalog, request->requested))
        status = fail("cuDNN %s is advised against: %s; take it anyway with --allow-advised, or choose another release ('cudnnv known %s')",
                      advised_version[0] ? advised_version : request->requested, advised.why, request->requested);
    else if (build == NULL)
        status = explain_no_fit(&catalog, request->requested, platform, cuda, driver, ceiling, &gpus, skipped);
    else {
        const struct catalog_archive *archive = &build->archive[platform];
        snprintf(request->url, sizeof request->url, "%s", archive->url);
        say_choice(release, build, platform, cuda, driver, ceiling, &gpus, skipped);
        status = obtain(archive, archive_path, size, &downloaded);
        if (status == 0)
            status = check_sum(archive, archive_path, downloaded, sha256, "the catalog");
    }
    catalog_free(&catalog);
    return status;
}

/*
 * An archive another source names (a lock, a package index): from the cache,
 * a mirror or its address, checked against the SHA-256 that source gives
 * (authority names it in messages).
 */
int install_fetch_archive(const struct catalog_archive *archive, const char *authority, char *archive_path,
                          size_t size, char sha256[65])
{
    int downloaded;
    int status = obtain(archive, archive_path, size, &downloaded);
    return status != 0 ? status : check_sum(archive, archive_path, downloaded, sha256, authority);
}
