/*
 * One file a package source offers for a release (a Python index's wheel,
 * a conda channel's package), as its page or repodata says it.
 */
#ifndef CUDNNV_SOURCE_FILE_H
#define CUDNNV_SOURCE_FILE_H

#include <stddef.h>

struct source_file {
    char name[256];      /* nvidia_cudnn_cu12-9.1.0.70-...whl, cudnn-9.1.0.70-h1_0.conda */
    char url[2048];
    char sha256[72];     /* "" when the source gives none */
    char version[64];    /* 9.1.0.70 */
    long long size;      /* bytes, as the source announces them; 0 when it does not say */
    /* PEP 658: the index serves the wheel's METADATA alone at url + ".metadata" */
    int has_metadata;
    char metadata_sha256[72];   /* "" when the index gives none */
    /* NVIDIA's conda channel splits a release: beside a libcudnn package (the
     * libraries), the libcudnn-dev package of the same version holds the headers */
    struct source_headers {
        char name[256];  /* "" when there is none to take */
        char url[2048];
        char sha256[72];
    } headers;
};

/* What python_index_find and conda_channel_find share: the newest fitting file of a source. */
typedef int (*source_finder)(const char *source_url, int cuda_major, int platform, const char *requested,
                             struct source_file *best, char *why, size_t why_size);

int source_page_fetch(const char *url, size_t limit, char **text, char *why, size_t why_size);

#endif
