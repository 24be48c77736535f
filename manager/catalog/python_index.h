/*
 * A Python package index as a source of cuDNN (python_index.c): NVIDIA's
 * nvidia-cudnn-cuNN wheels on PyPI or a mirror of it (Artifactory, devpi,
 * Nexus), read through the simple repository API: a project's page, in its
 * HTML form (PEP 503) or its JSON form (PEP 691).
 */
#ifndef CUDNNV_PYTHON_INDEX_H
#define CUDNNV_PYTHON_INDEX_H

#include "source_file.h"

#include <stddef.h>

int python_index_parse(const char *page, const char *page_url, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size);
int python_index_find(const char *index_url, int cuda_major, int platform, const char *requested,
                      struct source_file *best, char *why, size_t why_size);
int python_index_find_project(const char *index_url, const char *project, const char *prefix, int platform,
                              const char *requested, struct source_file *best, char *why, size_t why_size);
int python_index_default(char *out, size_t size);

#endif
