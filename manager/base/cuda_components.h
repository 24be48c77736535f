/*
 * CUDA's own libraries that frameworks and cuDNN open by soname, as one
 * table: each component's library stem on Linux and Windows and its name in
 * every source cudnnv brings CUDA from (NVIDIA's redist, NVIDIA's wheels,
 * conda-forge's split packages, NVIDIA's apt repository). A project's CUDA
 * runtime and a set's companions hold these and nothing else: a folder such
 * as /usr/lib/x86_64-linux-gnu gives up only its CUDA libraries.
 */
#ifndef CUDNNV_CUDA_COMPONENTS_H
#define CUDNNV_CUDA_COMPONENTS_H

#include <stddef.h>

struct cuda_component {
    const char *name;         /* "cublasLt" */
    const char *linux_stem;   /* "libcublasLt": libcublasLt.so, libcublasLt.so.11, libcublasLt.so.11.2.0.252 */
    const char *windows_stem; /* "cublasLt64_": cublasLt64_11.dll */
    const char *redist;       /* NVIDIA's redist component: "libcublas" */
    const char *wheel;        /* NVIDIA's wheel before "-cuNN": "nvidia-cublas" */
    const char *conda;        /* conda-forge's split package (CUDA 12+): "libcublas" */
    const char *apt;          /* NVIDIA's apt package before "-11-0": "libcublas" */
    int runtime_required;     /* a project's runtime without it is refused */
};

/* Every component, in a fixed order; count gets how many. */
const struct cuda_component *cuda_components(size_t *count);
/* The component whose library file_name is (libcusolver.so.11, cusolver64_11.dll), else NULL. A cuDNN is none. */
const struct cuda_component *cuda_component_of_library(const char *file_name);
/* The component named name (its .name), else NULL. */
const struct cuda_component *cuda_component_named(const char *name);
/* True when file_name looks like a shared library (lib*.so, lib*.so.N..., *.dll), CUDA's or not. */
int cuda_looks_like_library(const char *file_name);

#endif
