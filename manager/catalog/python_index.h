/*
 * A Python package index as a source of cuDNN (python_index.c): NVIDIA's
 * nvidia-cudnn-cuNN wheels on PyPI or a mirror of it (Artifactory, devpi,
 * Nexus), read through the simple repository API: a project's page, in its
 * HTML form (PEP 503) or its JSON form (PEP 691).
 */
#ifndef CUDNNV_PYTHON_INDEX_H
#define CUDNNV_PYTHON_INDEX_H

#include <stddef.h>

struct index_file {
    char name[256];      /* nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl */
    char url[2048];
    char sha256[72];     /* "" when the index gives none */
    char version[64];    /* 9.1.0.70 */
};

int python_index_parse(const char *page, const char *page_url, int platform, const char *requested,
                       struct index_file *best, char *why, size_t why_size);
int python_index_find(const char *index_url, int cuda_major, int platform, const char *requested,
                      struct index_file *best, char *why, size_t why_size);
int python_index_default(char *out, size_t size);

#endif
