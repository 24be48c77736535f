/*
 * CUDA's own libraries that frameworks and cuDNN open by soname, as one
 * table: each component's library stem on Linux and Windows and its name in
 * every source cudnnv brings CUDA from (NVIDIA's redist, NVIDIA's wheels,
 * conda-forge's split packages, NVIDIA's apt repository). A project's CUDA
 * runtime and a set's CUDA libraries hold these and nothing else: a folder such
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
    const char *wheel;        /* NVIDIA's wheel, before "-cuNN" up to CUDA 12: "nvidia-cublas" */
    const char *conda;        /* conda-forge's split package (CUDA 12+): "libcublas" */
    const char *apt;          /* NVIDIA's apt package before "-11-0": "libcublas" */
    int runtime_required;     /* a project's runtime without it is refused */
    int set_loads;            /* cuDNN itself loads it: a set's CUDA libraries bring its redist package */
};

/* The sources that name CUDA's components each in their own way. */
enum cuda_source { CUDA_SOURCE_REDIST, CUDA_SOURCE_WHEEL, CUDA_SOURCE_CONDA, CUDA_SOURCE_APT };

/* Every component, in a fixed order; count gets how many. */
const struct cuda_component *cuda_components(size_t *count);
/* The component whose library file_name is (libcusolver.so.11, cusolver64_11.dll), else NULL. A cuDNN is none; a
 * Linux library is libSTEM.so with nothing but ".N" parts after it, a Windows one STEM, digits, ".dll". */
const struct cuda_component *cuda_component_of_library(const char *file_name);
/* The same, for one system's libraries only: Linux's (windows 0) or Windows's DLLs (windows 1). */
const struct cuda_component *cuda_component_of_library_on(const char *file_name, int windows);
/* The component named name (its .name), else NULL. */
const struct cuda_component *cuda_component_named(const char *name);
/* The component's name in source ("libcublas", "nvidia-cublas", "libcublas", "libcublas"). */
const char *cuda_component_name_in(const struct cuda_component *component, enum cuda_source source);
/* NVIDIA's wheel project of a component for a CUDA major and the start of its files' names: "nvidia-cublas-cu12"
 * and "nvidia_cublas_cu12" up to CUDA 12; from CUDA 13 NVIDIA publishes them without the suffix ("nvidia-cublas",
 * its libraries in nvidia/cu13/lib), and the "-cu13" names hold only a source stub. */
void cuda_component_wheel(const struct cuda_component *component, int cuda_major, char *project, char *prefix,
                          size_t size);
/* What a runtime takes from a source: one package a distinct name there (several components may share one, as
 * cuBLAS and cuBLASLt do), its first row in rows and in required whether any component it holds is one a runtime
 * needs; their count, at most max. */
size_t cuda_component_packages(enum cuda_source source, const struct cuda_component **rows, int *required,
                               size_t max);
/* The redist packages a set's CUDA libraries are made of (cuda_cudart, libcublas, cuda_nvrtc): their count, at most
 * max, in names. */
size_t cuda_libs_components(const char **names, size_t max);
/* The CUDA library package that holds library file_name (libcublasLt.so.11, nvrtc64_112_0.dll), else NULL. */
const char *cuda_libs_of_library(const char *file_name);
/* The CUDA library package named name (its redist name), as the table spells it, else NULL. */
const char *cuda_libs_named(const char *name);
/* The first row of a CUDA library package, to name it in other sources; NULL when name is none. */
const struct cuda_component *cuda_libs_row(const char *name);
/* Whether a package file (nvidia_cufft-12.0.0.61-...whl, libcufft-11-0_...deb, libcufft-11.0.8.103-h1_0.conda,
 * libcufft-linux-x86_64-...-archive.tar.xz) is one of a component a runtime needs. */
int cuda_package_is_required(const char *file_name);
/* True when file_name looks like a shared library (lib*.so, lib*.so.N..., *.dll), CUDA's or not. */
int cuda_looks_like_library(const char *file_name);

#endif
