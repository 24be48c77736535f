/*
 * A conda channel's source: install --channel URL VERSION. The package
 * conda_channel.c finds in the channel's repodata.json, checked against its
 * sha256; from NVIDIA's channel, libcudnn and its libcudnn-dev (the
 * headers), unless --runtime.
 */
#include "install_source.h"

#include "conda_channel.h"

static int takes(const struct source_query *query)
{
    return query->request->channel != NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    return source_package_fetch("channel", "the channel's repodata.json", conda_channel_find,
                                query->request->channel, query, found);
}

const struct install_source source_channel = {"channel", takes, resolve};
