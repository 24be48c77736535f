/*
 * A conda channel's source: install --channel URL VERSION. The package
 * conda_channel.c finds in the channel's repodata.json, checked against its
 * sha256; from NVIDIA's channel, libcudnn and its libcudnn-dev (the
 * headers), unless --runtime. CUDA libraries: its libcublas, cuda-nvrtc and
 * cuda-cudart; a pinned runtime: its cudatoolkit.
 */
#include "install_source.h"
#include "option_names.h"

#include "catalog.h"
#include "conda_channel.h"
#include "cuda_components.h"
#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"
#include "lock_file.h"
#include "messages.h"

#include <limits.h>
#include <stdlib.h>

static int takes(const struct source_query *query)
{
    return query->request->origin.channel != NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    return source_package_fetch("channel", "the channel's repodata.json", conda_channel_find,
                                query->request->origin.channel, query, found);
}

static int given(const struct source_origin *origin)
{
    return origin->channel != NULL;
}

/* CUDA 12 and later from a channel: conda-forge's split packages (cuda-cudart, libcublas, ...) built for the
 * release (their cuda-version), each checked against the repodata's SHA-256; a required one missing refuses. */
static int runtime_from_split_packages(const char *root, const struct cuda_runtime_request *request)
{
    const struct cuda_component *rows[LOCK_RUNTIME_PACKAGES];
    const char *names[LOCK_RUNTIME_PACKAGES];
    int required[LOCK_RUNTIME_PACKAGES];
    struct source_file found[LOCK_RUNTIME_PACKAGES];
    struct lock_cuda_runtime origin;
    char why[PATH_MAX + 256];
    const char *channel = request->origin.channel, *release = request->release;
    int count = (int)cuda_component_packages(CUDA_SOURCE_CONDA, rows, required, LOCK_RUNTIME_PACKAGES);
    for (int i = 0; i < count; i++)
        names[i] = rows[i]->conda;
    if (conda_channel_find_split(channel, names, count, release, request->platform, found, why, sizeof why) != 0)
        return fail("%s; the CUDA %s runtime cannot be brought from the channel", why, release);
    cuda_runtime_origin_begin(&origin, release, channel, request->platform);
    for (int i = 0; i < count; i++) {
        if (found[i].name[0] == '\0' && required[i])
            return fail("the channel %s has no %s package for CUDA %s (cuda-version) with a SHA-256: the CUDA %s runtime cannot be brought from there",
                        channel, names[i], release, release);
        if (found[i].name[0] != '\0' && cuda_runtime_origin_add(&origin, &found[i]) != 0)
            return 1;
    }
    note("CUDA %s runtime: %d split packages from the channel %s", release, origin.count, channel);
    return cuda_runtime_install(root, release, NULL, &origin, "the channel's repodata.json");
}

int cuda_runtime_from_channel(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    struct source_file package;
    char why[PATH_MAX + 256];
    const char *channel = request->origin.channel, *release = request->release;
    if (cuda_runtime_announce(request, channel))
        return 0;
    if (atoi(release) >= 12)   /* no cudatoolkit after 11.8: conda-forge splits CUDA 12 into a package a component */
        return runtime_from_split_packages(root, request);
    if (conda_channel_find_release(channel, CUDA_RUNTIME_CONDA_PACKAGE, release, request->platform, &package, why,
                                   sizeof why) != 0)
        return fail("%s; the channel has no CUDA %s runtime (give " OPTION_CUDA_LIBS_FROM " a folder of its libraries)", why,
                    release);
    note("CUDA %s runtime: %s %s from the channel %s", release, CUDA_RUNTIME_CONDA_PACKAGE, package.version, channel);
    cuda_runtime_origin_begin(&origin, release, channel, request->platform);
    return cuda_runtime_origin_add(&origin, &package) != 0 ? 1 : cuda_runtime_install(root, release, NULL, &origin, "the channel's repodata.json");
}

/* A set's CUDA libraries: the channel's libcublas, cuda-nvrtc and cuda-cudart. */
int cuda_libs_from_channel(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                           struct cuda_libs_choice *chosen)
{
    return cuda_libs_from_packages(root, request, request->origin.channel, all, chosen);
}

const struct install_source source_channel = {.name = "channel", .takes = takes, .resolve = resolve, .given = given,
                                              .cuda_libs = cuda_libs_from_channel, .cuda_runtime = cuda_runtime_from_channel};
