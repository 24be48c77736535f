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

/* A wheel asked of an index: a project (its page INDEX/PROJECT/, its files named PREFIX-VERSION-...), for a
 * platform (enum catalog_platform; with any_platform a pure -none-any wheel too), of a version: requested as a
 * prefix on a dot boundary ("" any), or, when specifier is set, by its PEP 440 clauses ("==13.0.96" is that version
 * whole, "==13.4.0.1.*" a prefix). */
struct wheel_query {
    const char *index_url;
    const char *project;     /* "nvidia-cublas", "cuda-toolkit" */
    const char *prefix;      /* "nvidia_cublas", "cuda_toolkit" */
    int platform;
    const char *requested;
    const char *specifier;   /* or NULL */
    int any_platform;
};

int python_index_find_wheel(const struct wheel_query *query, struct source_file *best, char *why, size_t why_size);
int python_index_parse(const char *page, const char *page_url, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size);
int python_index_find(const char *index_url, int cuda_major, int platform, const char *requested,
                      struct source_file *best, char *why, size_t why_size);
int python_index_find_project(const char *index_url, const char *project, const char *prefix, int platform,
                              const char *requested, struct source_file *best, char *why, size_t why_size);
int python_index_default(char *out, size_t size);

#endif
