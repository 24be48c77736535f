/*
 * The options that name where a set's CUDA libraries or a project's CUDA
 * runtime come from. The install-source table (install_source.c) reads
 * them: the first source they name that has such libraries to give gives
 * them, and NVIDIA's (the catalog's row) when none is named.
 */
#ifndef CUDNNV_SOURCE_ORIGIN_H
#define CUDNNV_SOURCE_ORIGIN_H

struct source_origin {
    int locked;             /* install --locked: exactly what cudnn.lock names */
    const char *local;      /* --cuda-libs-from: an archive file, or a folder, on this machine; or NULL */
    const char *channel;    /* --channel: a conda channel; or NULL */
    const char *index;      /* --index-url: a Python package index (NVIDIA's wheels); or NULL */
    int no_verify;          /* --no-verify: a wheel the index gives no SHA-256 for is taken (RECORD checked) */
};

#endif
