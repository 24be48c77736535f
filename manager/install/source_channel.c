/*
 * A conda channel's source: install --channel URL VERSION. The package
 * conda_channel.c finds in the channel's repodata.json, checked against its
 * sha256; from NVIDIA's channel, libcudnn and its libcudnn-dev (the
 * headers), unless --runtime. CUDA libraries: its libcublas, cuda-nvrtc and
 * cuda-cudart; a pinned runtime: its cudatoolkit.
 */
#include "install_source.h"

#include "cuda_libs_choice.h"
#include "conda_channel.h"
#include "cuda_runtime_install.h"

static int takes(const struct source_query *query)
{
    return query->request->channel != NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    return source_package_fetch("channel", "the channel's repodata.json", conda_channel_find,
                                query->request->channel, query, found);
}

static int given(const struct source_origin *origin)
{
    return origin->channel != NULL;
}

const struct install_source source_channel = {.name = "channel", .takes = takes, .resolve = resolve, .given = given,
                                              .cuda_libs = cuda_libs_from_channel, .cuda_runtime = cuda_runtime_from_channel};
