/*
 * A conda channel as a source of cuDNN (conda_channel.c): conda-forge's
 * 'cudnn', NVIDIA's 'libcudnn', or a mirror of either, through the
 * channel's CHANNEL/SUBDIR/repodata.json.
 */
#ifndef CUDNNV_CONDA_CHANNEL_H
#define CUDNNV_CONDA_CHANNEL_H

#include "source_file.h"

#include <stddef.h>

const char *conda_subdir(int platform);
int conda_channel_parse(const char *repodata, const char *subdir_url, const char *requested, int cuda_major,
                        struct source_file *best, char *why, size_t why_size);
int conda_channel_find(const char *channel_url, int cuda_major, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size);

int conda_channel_find_package(const char *channel_url, const char *name, int cuda_major, int platform,
                               struct source_file *best, char *why, size_t why_size);

int conda_channel_find_release(const char *channel_url, const char *name, const char *release, int platform,
                               struct source_file *best, char *why, size_t why_size);

/* Each of CUDA's split packages (conda-forge's cuda-cudart, libcublas, ...: names) built for cuda_release (its
 * cuda-version: "12.2"), the newest of each with a SHA-256, from one read of the repodata; found[i].name is "" for a
 * name the channel lacks. 0, or -1 with why when the repodata cannot be had. */
int conda_channel_find_split(const char *channel_url, const char *const *names, int count, const char *cuda_release,
                             int platform, struct source_file *found, char *why, size_t why_size);

#endif
