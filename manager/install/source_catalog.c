/*
 * The catalog's source: 'cudnnv install VERSION' for a release the catalog
 * knows. The newest release of that prefix not advised against, and its
 * build for the platform: the --cuda one, else the newest the driver runs
 * that has code for the GPUs. Its archive is fetched (archive_fetch.c) and
 * checked against the catalog's SHA-256 before anything is extracted.
 * NVIDIA's, too, when no other source is named: a set's CUDA libraries and
 * a pinned runtime from NVIDIA's CUDA (source_nvidia_cuda.c: its redist, or
 * its apt repository for a runtime before CUDA 11.4).
 */
#include "install_source.h"
#include "option_names.h"

#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"

#include "advisories.h"
#include "catalog.h"
#include "archive_fetch.h"
#include "install_steps.h"
#include "messages.h"
#include "set_info.h"
#include "store.h"
#include "driver.h"
#include "gpu_list.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

static int list_builds(const struct catalog_release *release, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < release->build_count; i++) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", i ? ", " : "", release->builds[i].cuda);
    }
    return 0;
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
        return fail("no %s release in the catalog has code for %s, %s: %s; see 'cudnnv known " OPTION_GPU " %s'",
                    requested, described, gpus->given ? "as " OPTION_GPU " asked" : "this machine's GPUs", unfit,
                    gpus->gpus[0].capability);
    list_builds(release, builds, sizeof builds);
    if (cuda != NULL && cuda[0] != '\0')
        return fail("cuDNN %s has no build for CUDA %s on %s (it has: %s); choose one with " OPTION_CUDA, release->version,
                    cuda, catalog_platform_name(platform), builds);
    if (ceiling[0] != '\0')
        return fail("no %s release in the catalog has a %s build for the CUDA this driver runs (driver %s supports CUDA up to %s; %s has builds for CUDA %s); update the driver or choose a build with " OPTION_CUDA,
                    requested, catalog_platform_name(platform), driver, ceiling, release->version, builds);
    return fail("the catalog has no %s archive of cuDNN %s; see 'cudnnv known " OPTION_PLATFORM " %s'",
                catalog_platform_name(platform), requested, catalog_platform_name(platform));
}

/* Whether some release that requested names has a platform build for the CUDA a project pins. */
static int has_build_for(const struct catalog *catalog, const char *requested, int platform, const char *cuda)
{
    for (int i = 0; i < catalog->count; i++) {
        const struct catalog_release *release = &catalog->releases[i];
        for (int b = 0; cudnnv_name_has_prefix(release->version, requested) && b < release->build_count; b++) {
            const struct catalog_build *build = &release->builds[b];
            if (build->archive[platform].name[0] != '\0' &&
                (cudnnv_name_has_prefix(build->cuda, cuda) || cudnnv_name_has_prefix(cuda, build->cuda)))
                return 1;
        }
    }
    return 0;
}

/* The CUDA a build is chosen for: --cuda's, else the project's pinned runtime where a release has a build for it. */
static const char *chosen_cuda(const struct source_query *query, const struct catalog *catalog, int *by_pin)
{
    const char *cuda = query->request->cuda, *pinned = query->request->pinned_cuda;
    *by_pin = 0;
    if ((cuda != NULL && cuda[0] != '\0') || pinned == NULL || pinned[0] == '\0')
        return cuda;
    if (!has_build_for(catalog, query->requested, query->platform, pinned)) {
        note("no %s release in the catalog has a %s build for CUDA %s, the runtime the project pins: choosing as without it",
             query->requested, catalog_platform_name(query->platform), pinned);
        return cuda;
    }
    *by_pin = 1;
    return pinned;
}

/* Says which release and build were chosen, and why (by_pin: the project's CUDA runtime chose, not --cuda). */
static void say_choice(const struct catalog_release *release, const struct catalog_build *build, int platform,
                       const char *cuda, int by_pin, const char *driver, const char *ceiling,
                       const struct gpu_list *gpus, const char *unfit)
{
    char described[128];
    note("cuDNN %s for CUDA %s: %s", release->version, build->cuda, build->archive[platform].name);
    gpu_list_describe(gpus, described, sizeof described);
    if (unfit[0] != '\0')
        note("(the newest with code for %s, %s: %s)", described, gpus->given ? "as " OPTION_GPU " asked" : "this machine's GPUs",
             unfit);
    if (by_pin)
        note("(the build for CUDA %s on %s: the CUDA runtime the project pins; " OPTION_CUDA " chooses another)", cuda,
             catalog_platform_name(platform));
    else if (cuda != NULL && cuda[0] != '\0')
        note("(the build for CUDA %s on %s, as " OPTION_CUDA " asked)", cuda, catalog_platform_name(platform));
    else if (ceiling[0] != '\0')
        note("(the newest release with a %s build for CUDA %d: driver %s supports CUDA up to %s)",
             catalog_platform_name(platform), cudnnv_name_major(build->cuda), driver, ceiling);
    else
        note("(the newest %s build: no NVIDIA driver found to say which CUDA it runs; " OPTION_CUDA " chooses)",
             catalog_platform_name(platform));
}

/* A release versions/advisories.ini advises against: said once, and passed over. */
static int passed_over(const char *version, struct advisory *advised, char *advised_version, size_t size)
{
    struct advisory found;
    if (advisory_for(version, &found) != ADVISORY_AVOID)
        return 0;
    note("passing over cuDNN %s: %s (" OPTION_ALLOW_ADVISED " takes it)", version, found.why);
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

/* The chosen release and build installed here already (as nvm checks before it downloads): said, 1. */
static int already_installed(const struct source_query *query, const struct catalog_release *release,
                             const struct catalog_build *build, int platform)
{
    struct set_info mine;
    cudnnv_name name;
    char set_dir[PATH_MAX];
    memset(&mine, 0, sizeof mine);
    snprintf(mine.version, sizeof mine.version, "%s", release->version);
    snprintf(mine.cuda, sizeof mine.cuda, "%s", build->cuda);
    snprintf(mine.platform, sizeof mine.platform, "%s", catalog_platform_name(platform));
    if (!install_name_already_has(query->request, store_root(), &mine, name))
        return 0;
    store_set_dir(store_root(), name, set_dir, sizeof set_dir);
    note("cuDNN %s for CUDA %s is already installed as %s (%s): nothing to download; " OPTION_FORCE " installs it again",
         release->version, build->cuda, name, set_dir);
    return 1;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    const struct catalog *catalog = catalog_once_get(query->catalog);
    struct gpu_list gpus;
    char driver[32] = "", ceiling[32] = "", skipped[256] = "";
    const char *cuda = query->request->cuda, *requested = query->requested;
    int platform = query->platform;
    if (gpu_list_for_choice(&gpus, query->request->gpu, platform == (int)catalog_host_platform()) < 0)
        return gpu_option_refused(query->request->gpu);
    if (catalog == NULL)
        return catalog_unreadable(NULL);
    int by_pin;
    cuda = chosen_cuda(query, catalog, &by_pin);
    if ((cuda == NULL || cuda[0] == '\0') && !driver_machine_cuda(driver, sizeof driver, ceiling, sizeof ceiling))
        ceiling[0] = '\0';
    const struct catalog_release *release = NULL;
    const struct catalog_build *build = NULL;
    struct advisory advised = {0};
    char advised_version[72] = "";
    for (int i = catalog->count - 1; i >= 0 && build == NULL; i--) {
        if (!cudnnv_name_has_prefix(catalog->releases[i].version, requested))
            continue;
        if (!query->request->allow_advised &&
            passed_over(catalog->releases[i].version, &advised, advised_version, sizeof advised_version))
            continue;
        char unfit[256] = "";
        release = &catalog->releases[i];
        build = pick_build(release, platform, cuda, ceiling, &gpus, unfit, sizeof unfit);
        if (build == NULL && unfit[0] != '\0')
            snprintf(skipped, sizeof skipped, "%s", unfit);   /* the oldest passed over for a GPU so far */
    }
    if (build == NULL && advised.severity == ADVISORY_AVOID && !any_unadvised(catalog, requested))
        return fail("cuDNN %s is advised against: %s; take it anyway with " OPTION_ALLOW_ADVISED ", or choose another release ('cudnnv known %s')",
                    advised_version[0] ? advised_version : requested, advised.why, requested);
    if (build == NULL)
        return explain_no_fit(catalog, requested, platform, cuda, driver, ceiling, &gpus, skipped);
    say_choice(release, build, platform, cuda, by_pin, driver, ceiling, &gpus, skipped);
    if (already_installed(query, release, build, platform))
        return INSTALL_ALREADY;
    return source_fetch_listed(query, release, build, "the catalog", found);
}

/* A release name the others did not take: the catalog answers it, or says why not. */
static int takes(const struct source_query *query)
{
    (void)query;
    return 1;
}

/* NVIDIA's: named when no other source is. */
static int given(const struct source_origin *origin)
{
    (void)origin;
    return 1;
}

const struct install_source source_catalog = {.name = "catalog", .index_when_unreachable = 1, .takes = takes,
                                              .resolve = resolve, .given = given,
                                              .cuda_libs = cuda_libs_from_redist, .cuda_runtime = cuda_runtime_from_nvidia};
