/*
 * A project's CUDA runtime from NVIDIA's CUDA redist (cuda_runtime_install.h):
 * the redist index names one redistrib_X.Y.Z.json per CUDA release; the
 * newest patch of the pinned X.Y is read, and each component of CUDA's table
 * (cuda_components.h) that it lists for this platform is brought: one
 * archive each (.tar.xz on Linux, .zip on Windows), checked against the
 * manifest's SHA-256 and size, with only CUDA's libraries kept. NVIDIA's
 * redist starts at CUDA 11.4 and serves linux-x86_64, linux-sbsa and
 * windows-x86_64 alike; before 11.4, NVIDIA's apt repository is the source.
 */
#include "cuda_runtime_install.h"

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

#define INDEX_LIMIT (2u << 20)
#define MANIFEST_LIMIT (4u << 20)

/* The redist's first release: CUDA 11.4. */
static int in_redist(const char *release)
{
    int major = atoi(release), minor = atoi(strchr(release, '.') + 1);
    return major > 11 || (major == 11 && minor >= 4);
}

int cuda_redist_newest_patch(const char *base, const char *release, char *label, size_t size)
{
    char labels[REDIST_MAX_LABELS][32], why[256];
    char *index = NULL;
    if (download_text(base, INDEX_LIMIT, &index, why, sizeof why) != 0)
        return fail("cannot read NVIDIA's CUDA redist index %s: %s; another address: [catalog] cuda_redist in config (offline: 'cudnnv install --cuda-libs-from DIR' or [download] mirrors)",
                    base, why);
    int count = redist_index_labels(index, labels, REDIST_MAX_LABELS), best = -1;
    free(index);
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
    snprintf(manifest, sizeof manifest, "%sredistrib_%s.json", base, label);
    if (download_text(manifest, MANIFEST_LIMIT, json, why, sizeof why) != 0)
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

int cuda_runtime_from_nvidia(const char *root, const struct cuda_runtime_request *request)
{
    struct config config;
    config_read(root, &config);
    if (config.cuda_apt[0] == '\0' && in_redist(request->release))
        return cuda_runtime_from_redist(root, request);
    return cuda_runtime_from_apt(root, request);
}
