/*
 * CUDA libraries from a Python index (NVIDIA's wheels, nvidia-cublas-cu12...) or
 * a conda channel (libcublas, cuda-nvrtc, cuda-cudart): the newest package
 * of each component for the set's CUDA major, checked by the SHA-256 the
 * index or channel gives, into cuda/index-cuNN or cuda/channel-cuNN. The
 * two sources' choosers (source_channel.c, source_index.c) share it.
 */
#include "cuda_libs_choice.h"
#include "option_names.h"

#include "catalog.h"
#include "conda_channel.h"
#include "messages.h"
#include "python_index.h"
#include "cuda_components.h"

#include <stdio.h>
#include <string.h>

/* A conda channel's package of a component: libcublas, cuda-nvrtc, cuda-cudart. */
static const char *channel_package(const char *component)
{
    const struct cuda_component *row = cuda_libs_row(component);
    return row ? cuda_component_name_in(row, CUDA_SOURCE_CONDA) : component;
}

/* The newest package of one component from the channel (when one is given) or the index; 0, or -1 with why. */
static int find_package(const struct cuda_libs_request *request, const char *channel, int i, struct source_file *best,
                        char *why, size_t why_size)
{
    char project[64], prefix[64];
    int platform = catalog_platform_from_name(request->platform);
    if (channel != NULL)
        return conda_channel_find_package(channel, channel_package(request->component[i]), request->cuda_major,
                                          platform, best, why, why_size);
    const struct cuda_component *row = cuda_libs_row(request->component[i]);
    char major[16];
    if (row == NULL)
        return snprintf(why, why_size, "%s is none of CUDA's components", request->component[i]), -1;
    cuda_component_wheel(row, request->cuda_major, project, prefix, sizeof project);
    /* NVIDIA's unsuffixed wheels (CUDA 13 and later) serve every major: the set's, as its libraries' versions say */
    snprintf(major, sizeof major, "%d", request->cuda_major);
    return python_index_find_project(request->origin.index, project, prefix, platform,
                                     request->cuda_major >= 13 ? major : "", best, why, why_size);
}

/* One package found, as the component's archive (checked later by the SHA-256 the source gave); 0, or 1. */
static int take_package(const struct cuda_libs_request *request, const struct source_file *best,
                        struct redist_component *component)
{
    struct catalog_archive *archive = &component->archive;
    if (best->sha256[0] == '\0' && !request->origin.no_verify)
        return fail("the index gives no SHA-256 for %s; nothing was brought (" OPTION_NO_VERIFY " takes it unchecked: its RECORD is still checked)",
                    best->name);
    if (strlen(best->url) >= sizeof archive->url || strlen(best->name) >= sizeof archive->name ||
        strlen(best->version) >= sizeof component->version)
        return fail("the address, name or version of %s is too long", best->name);
    memset(archive, 0, sizeof *archive);
    snprintf(component->version, sizeof component->version, "%.31s", best->version);
    snprintf(archive->name, sizeof archive->name, "%.159s", best->name);
    snprintf(archive->url, sizeof archive->url, "%s", best->url);
    snprintf(archive->sha256, sizeof archive->sha256, "%s", best->sha256);
    return 0;
}

int cuda_libs_from_packages(const char *root, const struct cuda_libs_request *request, const char *channel,
                           struct cuda_libs_request *all, struct cuda_libs_choice *chosen)
{
    struct source_file best;
    char why[2600];
    *all = *request;
    snprintf(chosen->label, sizeof chosen->label, "%s-cu%d", channel ? "channel" : "index", request->cuda_major);
    snprintf(chosen->source, sizeof chosen->source, "%s", channel ? channel : request->origin.index);
    cuda_libs_keep_present(root, chosen->label, all);
    for (int i = 0; i < all->count; i++) {
        if (find_package(all, channel, i, &best, why, sizeof why) != 0)
            return fail("cannot bring %s for CUDA %d from %s: %s", all->component[i], all->cuda_major,
                        channel ? "the channel" : "the index", why);
        if (take_package(all, &best, &chosen->component[i]) != 0)
            return 1;
    }
    return 0;
}
