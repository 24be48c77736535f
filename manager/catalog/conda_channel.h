/*
 * A conda channel as a source of cuDNN (conda_channel.c): conda-forge's
 * 'cudnn', NVIDIA's 'libcudnn', or a mirror of either, through the
 * channel's CHANNEL/SUBDIR/repodata.json.
 */
#ifndef CUDNNV_CONDA_CHANNEL_H
#define CUDNNV_CONDA_CHANNEL_H

#include <stddef.h>

struct channel_file {
    char name[256];      /* cudnn-9.1.0.70-h1_0.conda */
    char url[2048];
    char sha256[72];
    char version[64];
    int cuda_major;      /* from its cuda-version (or cudatoolkit) requirement; 0 when it names none */
};

const char *conda_subdir(int platform);
int conda_channel_parse(const char *repodata, const char *subdir_url, const char *requested, int cuda_major,
                        struct channel_file *best, char *why, size_t why_size);
int conda_channel_find(const char *channel_url, int platform, const char *requested, int cuda_major,
                       struct channel_file *best, char *why, size_t why_size);

#endif
