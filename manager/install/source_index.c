/*
 * A Python package index's source: install --index-url URL VERSION, or a
 * release the catalog does not know when an index is configured ([sources]
 * index_url, else PIP_INDEX_URL). NVIDIA's nvidia-cudnn-cuNN wheel
 * (python_index.c reads the index), checked against the index's SHA-256;
 * its RECORD is checked when it is unpacked. CUDA libraries: NVIDIA's
 * nvidia-cublas-cuNN and nvidia-cuda-nvrtc-cuNN wheels; a pinned CUDA
 * runtime: its wheels, chosen here.
 */
#include "install_source.h"

#include "catalog.h"
#include "cuda_components.h"
#include "cuda_libs.h"
#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"
#include "lock_file.h"
#include "messages.h"
#include "python_index.h"
#include "redist_manifest.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int source_index_default(char *out, size_t size)
{
    return python_index_default(out, size);
}

/* --index-url, or a release the catalog lacks while an index is configured (and no --channel). */
static int takes(const struct source_query *query)
{
    char address[1024];
    const struct install_request *request = query->request;
    if (request->index_url != NULL)
        return 1;
    if (request->channel != NULL || source_index_default(address, sizeof address) != 0)
        return 0;
    const struct catalog *catalog = catalog_once_get(query->catalog);
    return catalog == NULL || catalog_find(catalog, query->requested) == NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    char address[1024];
    if (query->request->index_url != NULL)
        snprintf(address, sizeof address, "%s", query->request->index_url);
    else if (source_index_default(address, sizeof address) != 0)
        return 1;   /* not taken without one */
    return source_package_fetch("index", "the index", python_index_find, address, query, found);
}

static int given(const struct source_origin *origin)
{
    return origin->index != NULL;
}

/*
 * The pinned CUDA runtime from the index: NVIDIA's wheels, what 'pip install
 * torch' brings (nvidia-cuda-runtime-cu12, nvidia-cublas-cu12, ...), one a
 * component of CUDA's table. A wheel's version is its component's, so
 * NVIDIA's redist manifest of the pinned release (its newest patch) says
 * which version of each belongs to it; each wheel is checked against the
 * SHA-256 the index gives, and only CUDA's libraries of it are kept.
 */
/* The wheel of one package (component: its first row; required: whether a runtime needs it): 0 added, 1 absent,
 * -1 after a message. */
static int add_wheel(const struct cuda_runtime_request *request, const struct cuda_component *component, int required,
                     const char *json, const char *base, struct lock_cuda_runtime *origin)
{
    struct redist_component part;
    struct source_file wheel;
    char project[64], prefix[64], why[PATH_MAX + 256];
    const char *platform = catalog_platform_name((enum catalog_platform)request->platform);
    int status = redist_manifest_component(json, base, component->redist, platform, &part, why, sizeof why);
    if (status < 0) {
        fail("%s: %s", component->redist, why);
        return -1;
    }
    if (status > 0)
        return 1;
    snprintf(project, sizeof project, "%s-cu%d", component->wheel, atoi(request->release));
    snprintf(prefix, sizeof prefix, "%s", project);
    for (char *c = prefix; *c; c++)
        *c = *c == '-' ? '_' : *c;
    if (python_index_find_project(request->origin.index, project, prefix, request->platform, part.version, &wheel,
                                  why, sizeof why) != 0) {
        if (!required)
            return 1;
        fail("%s; the CUDA %s runtime needs %s %s", why, request->release, project, part.version);
        return -1;
    }
    note("CUDA %s runtime: %s %s (NVIDIA's %s of the release)", request->release, project, wheel.version,
         component->redist);
    return cuda_runtime_origin_add(origin, &wheel) != 0 ? -1 : 0;
}

/* Every wheel of the table once; a required one the release has no version of refuses the runtime. */
static int add_wheels(const struct cuda_runtime_request *request, const char *json, const char *base,
                      struct lock_cuda_runtime *origin)
{
    const struct cuda_component *rows[LOCK_RUNTIME_PACKAGES];
    int required[LOCK_RUNTIME_PACKAGES];
    size_t count = cuda_component_packages(CUDA_SOURCE_WHEEL, rows, required, LOCK_RUNTIME_PACKAGES);
    for (size_t i = 0; i < count; i++) {
        int status = add_wheel(request, rows[i], required[i], json, base, origin);
        if (status < 0)
            return 1;
        if (status > 0 && required[i])
            return fail("NVIDIA's redist lists no %s for CUDA %s: its wheel cannot be chosen", rows[i]->redist,
                        request->release);
    }
    return 0;
}

int cuda_runtime_from_index(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    char base[1100], label[32];
    char *json = NULL;
    if (cuda_runtime_announce(request, request->origin.index))
        return 0;
    if (atoi(request->release) < 11)
        return fail("NVIDIA's wheels start at CUDA 11; bring the CUDA %s runtime from a folder (--cuda-libs-from DIR)",
                    request->release);
    if (cuda_redist_base(root, base, sizeof base) != 0 ||
        cuda_redist_newest_patch(base, request->release, label, sizeof label) != 0 ||
        cuda_redist_read_manifest(base, label, &json) != 0)
        return 1;
    cuda_runtime_origin_begin(&origin, request->release, request->origin.index, request->platform);
    int status = add_wheels(request, json, base, &origin);
    free(json);
    if (status != 0)
        return 1;
    return cuda_runtime_install(root, request->release, NULL, &origin, "the index's page");
}

/* A set's CUDA libraries: NVIDIA's nvidia-cublas-cuNN and nvidia-cuda-nvrtc-cuNN wheels. */
int cuda_libs_from_index(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                         struct cuda_libs_choice *chosen)
{
    return cuda_libs_from_packages(root, request, NULL, all, chosen);
}

/* CUDA libraries: NVIDIA's wheels of them (nvidia-cublas-cuNN...); a runtime: one wheel a component. */
const struct install_source source_index = {.name = "index", .takes = takes, .resolve = resolve, .given = given,
                                            .cuda_libs = cuda_libs_from_index, .cuda_runtime = cuda_runtime_from_index};
