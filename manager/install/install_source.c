/*
 * The sources of an install, in the order they are asked: a lock's pin, a
 * file or folder given, a conda channel, a Python package index, the
 * catalog (NVIDIA's). For a set's archive the first that takes the query
 * answers it; when NVIDIA's address cannot be reached for a catalog
 * release, a configured index is tried next. The catalog is read once, by
 * the first source that needs it. For CUDA libraries and a pinned runtime the
 * first source the install's options name that has them gives them
 * (NVIDIA's when no option names another).
 */
#include "install_source.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "cuda_libs.h"
#include "cuda_runtime_install.h"
#include "download.h"
#include "messages.h"

#include <stdio.h>
#include <string.h>

/* The rows, each defined in its own file (source_NAME.c), and their order. */
extern const struct install_source source_lock, source_local, source_channel, source_index, source_catalog;

static const struct install_source *const sources[] = {
    &source_lock, &source_local, &source_channel, &source_index, &source_catalog,
};
#define SOURCE_COUNT (sizeof sources / sizeof sources[0])

static const struct install_source *source_for(const struct source_query *query)
{
    for (size_t i = 0; i < SOURCE_COUNT; i++) {
        if (sources[i]->takes(query))
            return sources[i];
    }
    return &source_catalog;
}

/*
 * A release whose address is out of reach (the fetch answered
 * DOWNLOAD_UNREACHABLE): the source's stand-in, the index configured here,
 * if any; else the failure, as 1.
 */
static int index_instead(const struct install_source *source, const struct source_query *query,
                         struct resolved_archive *found, int status)
{
    char address[1024];
    if (status != DOWNLOAD_UNREACHABLE)
        return status;
    if (!source->index_when_unreachable || query->request->origin.channel != NULL ||
        source_index_default(address, sizeof address) != 0)
        return 1;
    note("NVIDIA's address cannot be reached from here; trying the Python index you configured, %s (its wheel's SHA-256 and RECORD are checked)",
         address);
    memset(found, 0, sizeof *found);
    found->platform = query->platform;
    return source_index.resolve(query, found);
}

int install_source_resolve(const struct source_query *query, struct resolved_archive *found)
{
    const struct install_source *source = source_for(query);
    memset(found, 0, sizeof *found);
    found->platform = query->platform;
    if (!source->checks_given_sum && query->request->sha256 != NULL)
        return usage_problem(OPTION_SHA256 " checks a file; a catalog release is checked against the catalog");
    return index_instead(source, query, found, source->resolve(query, found));
}

int install_source_cuda_libs(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                              struct cuda_libs_choice *chosen)
{
    for (size_t i = 0; i < SOURCE_COUNT; i++) {
        if (sources[i]->cuda_libs != NULL && sources[i]->given(&request->origin))
            return sources[i]->cuda_libs(root, request, all, chosen);
    }
    return fail("no source gives CUDA libraries");   /* NVIDIA's always does */
}

int install_source_runtime(const char *root, const struct cuda_runtime_request *request)
{
    for (size_t i = 0; i < SOURCE_COUNT; i++) {
        if (sources[i]->cuda_runtime != NULL && sources[i]->given(&request->origin))
            return sources[i]->cuda_runtime(root, request);
    }
    return fail("no source gives a CUDA runtime");   /* NVIDIA's always does */
}
