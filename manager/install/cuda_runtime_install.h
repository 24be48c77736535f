/*
 * Bringing the CUDA runtime a project pins (cuda_runtime.h) into the store:
 * ROOT/cuda/runtime/RELEASE/lib, published by one rename, from a folder of
 * that CUDA's libraries already on this machine (an installed toolkit's
 * lib64, a conda environment's lib), from a conda channel's cudatoolkit,
 * from NVIDIA's CUDA apt repository, or from the packages a lock names.
 */
#ifndef CUDNNV_CUDA_RUNTIME_INSTALL_H
#define CUDNNV_CUDA_RUNTIME_INSTALL_H

#include "source_origin.h"

/* The conda package that holds a whole CUDA runtime (11.0.x to 11.8 in the main channel and conda-forge). */
#define CUDA_RUNTIME_CONDA_PACKAGE "cudatoolkit"

struct lock_runtime;

/* A project's pinned runtime, as install asks for it; install_source_runtime picks the source from origin. */
struct cuda_runtime_request {
    const char *release;                /* as pinned: "11.0" */
    const char *version_file;           /* the file that pins it, for messages */
    int platform;                       /* enum catalog_platform */
    struct source_origin origin;        /* local: a folder of its libraries; channel: its cudatoolkit */
    const struct lock_runtime *locked;  /* origin.locked: the lock's [runtime RELEASE] */
    int plan_only;                      /* --dry-run: only say where it would come from */
};

/* Each: the runtime into ROOT/cuda/runtime/RELEASE; 0, or 1 after a message. From a folder of that CUDA's
 * libraries; a conda channel's newest cudatoolkit of that release (.tar.bz2 or .conda); an apt repository's runtime
 * packages ([catalog] cuda_apt, apt_repo.h; Linux only); exactly the packages a lock names. Every package is checked
 * against the SHA-256 its source gives, and recorded. */
int cuda_runtime_from_folder(const char *root, const struct cuda_runtime_request *request);
int cuda_runtime_from_channel(const char *root, const struct cuda_runtime_request *request);
int cuda_runtime_from_apt(const char *root, const struct cuda_runtime_request *request);
int cuda_runtime_from_lock(const char *root, const struct cuda_runtime_request *request);

#endif
