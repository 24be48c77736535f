/*
 * A Python package index's source: install --index-url URL VERSION, or a
 * release the catalog does not know when an index is configured ([sources]
 * index_url, else PIP_INDEX_URL). NVIDIA's nvidia-cudnn-cuNN wheel
 * (python_index.c reads the index), checked against the index's SHA-256;
 * its RECORD is checked when it is unpacked.
 */
#include "install_source.h"
#include "cuda_runtime_install.h"

#include "cuda_libs_choice.h"
#include "python_index.h"

#include <stddef.h>
#include <stdio.h>

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

/* CUDA libraries: NVIDIA's wheels of them (nvidia-cublas-cuNN...); a runtime: one wheel a component. */
const struct install_source source_index = {.name = "index", .takes = takes, .resolve = resolve, .given = given,
                                            .cuda_libs = cuda_libs_from_index, .cuda_runtime = cuda_runtime_from_index};
