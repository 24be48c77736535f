/*
 * A Python package index's source: install --index-url URL VERSION, or a
 * release the catalog does not know when an index is configured ([sources]
 * index_url, else PIP_INDEX_URL). NVIDIA's nvidia-cudnn-cuNN wheel
 * (python_index.c reads the index), checked against the index's SHA-256;
 * its RECORD is checked when it is unpacked. CUDA libraries: NVIDIA's
 * nvidia-cublas-cuNN and nvidia-cuda-nvrtc-cuNN wheels (unsuffixed from
 * CUDA 13); a pinned CUDA runtime: its wheels, chosen here.
 */
#include "install_source.h"
#include "option_names.h"

#include "catalog.h"
#include "cuda_components.h"
#include "cuda_libs.h"
#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"
#include "index_pins.h"
#include "lock_file.h"
#include "messages.h"
#include "python_index.h"

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
    if (request->origin.index != NULL)
        return 1;
    if (request->origin.channel != NULL || source_index_default(address, sizeof address) != 0)
        return 0;
    const struct catalog *catalog = catalog_once_get(query->catalog);
    return catalog == NULL || catalog_find(catalog, query->requested) == NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    char address[1024];
    if (query->request->origin.index != NULL)
        snprintf(address, sizeof address, "%s", query->request->origin.index);
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
 * torch' brings (nvidia-cuda-runtime-cu12, ...; from CUDA 13 unsuffixed:
 * nvidia-cuda-runtime, nvidia-cublas, ...), one a package of CUDA's
 * component table. A wheel's version is its component's; which belongs to
 * the release, index_pins.c says (NVIDIA's cuda-toolkit on the index, else
 * the redist manifest). Each wheel must come with the index's SHA-256
 * (unless --no-verify), and its files are checked against its RECORD when
 * it is unpacked; only CUDA's libraries of it are kept.
 */
/* The wheel of one package (component: its first row; required: whether a runtime needs it): 0 added, 1 absent,
 * -1 after a message. */
static int add_wheel(const struct cuda_runtime_request *request, const struct cuda_component *component, int required,
                     const struct wheel_pins *pins, struct lock_cuda_runtime *origin)
{
    struct source_file wheel;
    char project[64], prefix[64], why[PATH_MAX + 256];
    cuda_component_wheel(component, atoi(request->release), project, prefix, sizeof project);
    const char *specifier = wheel_pins_find(pins, project);
    if (specifier == NULL) {
        if (required)
            fail("%s names no %s; the CUDA %s runtime needs it", pins->said, project, request->release);
        return required ? -1 : 1;
    }
    struct wheel_query query = {request->origin.index, project, prefix, request->platform, "", specifier, 0};
    if (python_index_find_wheel(&query, &wheel, why, sizeof why) != 0) {
        if (!required)
            return 1;
        fail("%s; the CUDA %s runtime needs %s %s (%s)", why, request->release, project, specifier, pins->said);
        return -1;
    }
    if (wheel.sha256[0] == '\0' && !request->origin.no_verify) {
        fail("the index gives no SHA-256 for %s, so it cannot be checked: nothing was brought (" OPTION_NO_VERIFY " takes it unchecked: its RECORD is still checked)",
             wheel.name);
        return -1;
    }
    note("CUDA %s runtime: %s %s", request->release, project, wheel.version);
    return cuda_runtime_origin_add(origin, &wheel) != 0 ? -1 : 0;
}

/* Every wheel of the table once; a required one the release has no wheel of refuses the runtime. */
static int add_wheels(const struct cuda_runtime_request *request, const struct wheel_pins *pins,
                      struct lock_cuda_runtime *origin)
{
    const struct cuda_component *rows[LOCK_RUNTIME_PACKAGES];
    int required[LOCK_RUNTIME_PACKAGES];
    size_t count = cuda_component_packages(CUDA_SOURCE_WHEEL, rows, required, LOCK_RUNTIME_PACKAGES);
    for (size_t i = 0; i < count; i++) {
        if (add_wheel(request, rows[i], required[i], pins, origin) < 0)
            return 1;
    }
    return 0;
}

int cuda_runtime_from_index(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    struct wheel_pins pins;
    if (cuda_runtime_announce(request, request->origin.index))
        return 0;
    if (atoi(request->release) < 11)
        return fail("NVIDIA's wheels start at CUDA 11; bring the CUDA %s runtime from a folder (" OPTION_CUDA_LIBS_FROM " DIR)",
                    request->release);
    if (index_pins_of_release(root, request, &pins) != 0)
        return 1;
    cuda_runtime_origin_begin(&origin, request->release, request->origin.index, request->platform);
    if (add_wheels(request, &pins, &origin) != 0)
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
