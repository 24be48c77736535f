/*
 * NVIDIA's CUDA, the last row of the install-source table for what a set
 * loads besides itself and for a project's pinned runtime. Its redist
 * ([catalog] cuda_redist): the index names one redistrib_X.Y.Z.json per
 * CUDA release, read with the checks cuDNN's manifests get (plain relative
 * path, 64-hex SHA-256, size, an address below the redist's). A set's CUDA
 * libraries come from the newest manifest of its CUDA major that has every
 * component wanted; a runtime from the newest patch of the pinned X.Y, each
 * component of CUDA's table (cuda_components.h) it lists for this platform,
 * one archive each (.tar.xz on Linux, .zip on Windows), checked against the
 * manifest's SHA-256 and size, with only CUDA's libraries kept. The redist
 * starts at CUDA 11.4 and serves linux-x86_64, linux-sbsa and
 * windows-x86_64 alike; before 11.4 a runtime comes from NVIDIA's apt
 * repository ([catalog] cuda_apt), Linux's only.
 */
#include "cuda_libs_choice.h"
#include "option_names.h"
#include "cuda_runtime_install.h"

#include "apt_repo.h"
#include "catalog.h"
#include "config.h"
#include "cuda_components.h"
#include "cuda_libs.h"
#include "download.h"
#include "lock_file.h"
#include "messages.h"
#include "redist_manifest.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 0 when this manifest has every component (into chosen), 1 when not, -1 when it is not readable. */
static int read_manifest(const char *base, const char *label, const struct cuda_libs_request *request,
                         struct cuda_libs_choice *chosen)
{
    char why[256];
    char *json = NULL;
    snprintf(chosen->label, sizeof chosen->label, "%s", label);
    if (redist_manifest_url(base, label, chosen->source, sizeof chosen->source) != 0) {
        note("skipping %s's manifest: its address under %s is too long", label, base);
        return -1;
    }
    if (download_text(chosen->source, REDIST_MANIFEST_LIMIT, &json, why, sizeof why) != 0) {
        note("skipping %s: %s", chosen->source, why);
        return -1;
    }
    int status = 0;
    for (int i = 0; i < request->count && status == 0; i++) {
        status = redist_manifest_component(json, base, request->component[i], request->platform,
                                           &chosen->component[i], why, sizeof why);
        if (status == 0 && !catalog_url_is_allowed(chosen->component[i].archive.url, base))
            status = -1, snprintf(why, sizeof why, "an archive address outside the redist address");
        if (status < 0)
            note("skipping %s: %s", chosen->source, why);
    }
    free(json);
    return status;
}

/* The releases the redist index at base names (its redistrib_LABEL.json files): their count, or -1 after a
 * message. */
static int read_index(const char *base, char labels[][32])
{
    char why[256];
    char *index = NULL;
    if (download_text(base, REDIST_INDEX_LIMIT, &index, why, sizeof why) != 0) {
        fail("cannot read NVIDIA's CUDA redist index %s: %s; another address: [catalog] cuda_redist in config (offline: 'cudnnv install " OPTION_CUDA_LIBS_FROM "' or [download] mirrors)",
             base, why);
        return -1;
    }
    int count = redist_index_labels(index, labels, REDIST_MAX_LABELS);
    free(index);
    return count;
}

/* The newest CUDA release of the major whose manifest has every component; 0, or 1 after a message. */
static int choose_release(const char *base, const struct cuda_libs_request *request, struct cuda_libs_choice *chosen)
{
    char labels[REDIST_MAX_LABELS][32];
    int count = read_index(base, labels);
    if (count < 0)
        return 1;
    int tried[REDIST_MAX_LABELS] = {0};
    for (;;) {
        int best = -1;
        for (int i = 0; i < count; i++) {
            if (!tried[i] && atoi(labels[i]) == request->cuda_major &&
                (best < 0 || cudnnv_name_compare(labels[i], labels[best]) > 0))
                best = i;
        }
        if (best < 0)
            return fail("%s has no CUDA %d manifest with %s%s for %s; give another address with [catalog] cuda_redist",
                        base, request->cuda_major, request->component[0], request->count > 1 ? " and the rest" : "",
                        request->platform);
        tried[best] = 1;
        if (read_manifest(base, labels[best], request, chosen) == 0)
            return 0;
    }
}

/* From NVIDIA's CUDA redist ([catalog] cuda_redist): the newest release of the major with every component. */
int cuda_libs_from_redist(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                           struct cuda_libs_choice *chosen)
{
    char base[1100];
    if (cuda_redist_base(root, base, sizeof base) != 0)
        return 1;
    if (choose_release(base, request, chosen) != 0)
        return 1;
    *all = *request;
    if (cuda_libs_keep_present(root, chosen->label, all) && read_manifest(base, chosen->label, all, chosen) != 0)
        return fail("%s no longer has every component cuda/%s holds; nothing was brought", chosen->source,
                    chosen->label);
    return 0;
}

/* The redist's first release: CUDA 11.4. */
static int in_redist(const char *release)
{
    int major = atoi(release), minor = atoi(strchr(release, '.') + 1);
    return major > 11 || (major == 11 && minor >= 4);
}

int cuda_redist_newest_patch(const char *base, const char *release, char *label, size_t size)
{
    char labels[REDIST_MAX_LABELS][32];
    int count = read_index(base, labels), best = -1;
    if (count < 0)
        return 1;
    for (int i = 0; i < count; i++) {
        if (cudnnv_name_has_prefix(labels[i], release) && strcmp(labels[i], release) != 0 &&
            (best < 0 || cudnnv_name_compare(labels[i], labels[best]) > 0))
            best = i;
    }
    if (best < 0)
        return fail("%s lists no CUDA %s release (redistrib_%s.N.json); another address: [catalog] cuda_redist in config",
                    base, release, release);
    snprintf(label, size, "%s", labels[best]);
    return 0;
}

/* One component of the manifest into origin (once per redist name); 0, 1 when the manifest lacks it, -1 after a
 * message. */
static int add_component(const char *json, const char *base, const char *redist, const char *platform,
                         struct lock_cuda_runtime *origin)
{
    struct redist_component found;
    struct source_file file;
    char why[256];
    int status = redist_manifest_component(json, base, redist, platform, &found, why, sizeof why);
    if (status < 0) {
        fail("refusing NVIDIA's %s for %s: %s; nothing was brought", redist, platform, why);
        return -1;
    }
    if (status > 0)
        return 1;
    if (!catalog_url_is_allowed(found.archive.url, base)) {
        fail("refusing %s: its archive lies outside the redist address %s", redist, base);
        return -1;
    }
    memset(&file, 0, sizeof file);
    snprintf(file.name, sizeof file.name, "%s", found.archive.name);
    snprintf(file.url, sizeof file.url, "%s", found.archive.url);
    snprintf(file.sha256, sizeof file.sha256, "%s", found.archive.sha256);
    file.size = found.archive.size;
    return cuda_runtime_origin_add(origin, &file) != 0 ? -1 : 0;
}

/* Every redist component of CUDA's table the manifest has; a required one missing refuses the runtime. */
static int add_components(const char *json, const char *base, const char *label, const char *platform,
                          struct lock_cuda_runtime *origin)
{
    const struct cuda_component *rows[LOCK_RUNTIME_PACKAGES];
    int required[LOCK_RUNTIME_PACKAGES];
    size_t count = cuda_component_packages(CUDA_SOURCE_REDIST, rows, required, LOCK_RUNTIME_PACKAGES);
    for (size_t i = 0; i < count; i++) {
        int status = add_component(json, base, rows[i]->redist, platform, origin);
        if (status < 0)
            return 1;
        if (status > 0 && required[i])
            return fail("redistrib_%s.json has no %s for %s: the CUDA %s runtime cannot be brought from there", label,
                        rows[i]->redist, platform, origin->release);
    }
    return 0;
}

int cuda_redist_read_manifest(const char *base, const char *label, char **json)
{
    char manifest[1200], why[256];
    if (redist_manifest_url(base, label, manifest, sizeof manifest) != 0)
        return fail("the address of %s's manifest under %s is too long", label, base);
    if (download_text(manifest, REDIST_MANIFEST_LIMIT, json, why, sizeof why) != 0)
        return fail("cannot read %s: %s", manifest, why);
    return 0;
}

int cuda_runtime_from_redist(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    char base[1100], label[32], manifest[1200];
    char *json = NULL;
    const char *platform = catalog_platform_name((enum catalog_platform)request->platform);
    if (cuda_redist_base(root, base, sizeof base) != 0)
        return 1;
    if (cuda_runtime_announce(request, base))
        return 0;
    if (cuda_redist_newest_patch(base, request->release, label, sizeof label) != 0 ||
        cuda_redist_read_manifest(base, label, &json) != 0)
        return 1;
    snprintf(manifest, sizeof manifest, "%sredistrib_%s.json", base, label);
    cuda_runtime_origin_begin(&origin, request->release, base, request->platform);
    int status = add_components(json, base, label, platform, &origin);
    free(json);
    if (status != 0)
        return 1;
    note("CUDA %s runtime: %d archives of CUDA %s from %s", request->release, origin.count, label, manifest);
    return cuda_runtime_install(root, request->release, NULL, &origin, "NVIDIA's redist manifest");
}

/* NVIDIA's CUDA apt repository ([catalog] cuda_apt): Linux's; on Windows the way to a runtime is said. */
int cuda_runtime_from_apt(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    struct apt_runtime found;
    struct config config;
    char why[PATH_MAX + 256];
    const char *release = request->release;
    if (request->platform == CATALOG_WINDOWS)
        return fail("the CUDA %s runtime pinned in %s is not installed; on Windows it comes from a conda channel's cudatoolkit ('cudnnv install " OPTION_CHANNEL " https://conda.anaconda.org/conda-forge', or a mirror of a channel) or from a folder of its DLLs ('cudnnv install " OPTION_CUDA_LIBS_FROM " DIR': CUDA %s's bin)",
                    release, request->version_file, release);
    config_read(root, &config);
    char nvidia[256];
    const char *repository = config.cuda_apt;
    if (repository[0] == '\0' && apt_repo_default(request->platform, nvidia, sizeof nvidia) == 0)
        repository = nvidia;
    if (cuda_runtime_announce(request, repository))
        return 0;
    if (apt_repo_find_runtime(repository, release, request->platform, &found, why, sizeof why) != 0)
        return fail("%s; the CUDA %s runtime cannot be brought from there (another repository: [catalog] cuda_apt in config; offline: 'cudnnv install " OPTION_CUDA_LIBS_FROM " DIR' or [download] mirrors)",
                    why, release);
    note("CUDA %s runtime: %d packages from the apt repository %s", release, found.count, repository);
    cuda_runtime_origin_begin(&origin, release, repository, request->platform);
    for (int i = 0; i < found.count; i++) {
        if (cuda_runtime_origin_add(&origin, &found.package[i]) != 0)
            return 1;
    }
    return cuda_runtime_install(root, release, NULL, &origin, "the apt repository's Packages");
}

int cuda_runtime_from_nvidia(const char *root, const struct cuda_runtime_request *request)
{
    struct config config;
    config_read(root, &config);
    if (config.cuda_apt[0] == '\0' && in_redist(request->release))
        return cuda_runtime_from_redist(root, request);
    return cuda_runtime_from_apt(root, request);
}
