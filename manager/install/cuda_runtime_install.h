/*
 * Bringing the CUDA runtime a project pins (cuda_runtime.h) into the store:
 * ROOT/cuda/runtime/RELEASE/lib, published by one rename, from a folder of
 * that CUDA's libraries already on this machine (an installed toolkit's
 * lib64, a conda environment's lib), from a conda channel's cudatoolkit,
 * from NVIDIA's CUDA apt repository, or from the packages a lock names.
 */
#ifndef CUDNNV_CUDA_RUNTIME_INSTALL_H
#define CUDNNV_CUDA_RUNTIME_INSTALL_H

#include "source_file.h"
#include "source_origin.h"

/* The conda package that holds a whole CUDA runtime (11.0.x to 11.8 in the main channel and conda-forge). */
#define CUDA_RUNTIME_CONDA_PACKAGE "cudatoolkit"

struct lock_cuda_runtime;

/* A project's pinned runtime, as install asks for it; install_source_runtime picks the source from origin. */
struct cuda_runtime_request {
    const char *release;                /* as pinned: "11.0" */
    const char *version_file;           /* the file that pins it, for messages */
    int platform;                       /* enum catalog_platform */
    struct source_origin origin;        /* local: a folder of its libraries; channel: its cudatoolkit */
    const struct lock_cuda_runtime *locked;  /* origin.locked: the lock's [runtime RELEASE] */
    int plan_only;                      /* --dry-run: only say where it would come from */
};

/* Each: the runtime into ROOT/cuda/runtime/RELEASE; 0, or 1 after a message. From a folder of that CUDA's
 * libraries (source_local.c); a conda channel's newest cudatoolkit of that release, or its split packages for 12+
 * (source_channel.c); an apt repository's runtime packages ([catalog] cuda_apt, apt_repo.h; Linux only;
 * source_nvidia_cuda.c);
 * exactly the packages a lock names (source_lock.c). Every package is checked against the SHA-256 its source
 * gives, and recorded. */
int cuda_runtime_from_folder(const char *root, const struct cuda_runtime_request *request);
/* Where a folder given holds a CUDA runtime (libcudart.so*, cudart64_*.dll): the folder itself, or one level or two
 * down in the layouts users have (a redist component's or a toolkit's lib/, lib64/, targets/ARCH-linux/lib/, a conda
 * environment's Library/bin); 1 with it in out, else 0 (source_local.c). */
int cuda_runtime_folder_in(const char *folder, char *out, size_t size);
int cuda_runtime_from_channel(const char *root, const struct cuda_runtime_request *request);
int cuda_runtime_from_apt(const char *root, const struct cuda_runtime_request *request);
int cuda_runtime_from_lock(const char *root, const struct cuda_runtime_request *request);
/* From NVIDIA's CUDA redist ([catalog] cuda_redist; source_nvidia_cuda.c): the newest patch of the release, each
 * component's archive for the platform, every platform NVIDIA ships; CUDA 11.4 and later. */
int cuda_runtime_from_redist(const char *root, const struct cuda_runtime_request *request);
/* NVIDIA's nvidia-*-cuNN wheels on a Python index (--index-url; source_index.c): each component's wheel of the
 * version NVIDIA's redist manifest gives for the release, checked against the index's SHA-256. */
int cuda_runtime_from_index(const char *root, const struct cuda_runtime_request *request);
/* source_nvidia_cuda.c: the newest label of the redist index that is a patch of release ("12.2.2" for "12.2"), and that
 * label's manifest read whole (free it); each 0, or 1 after a message. */
int cuda_redist_newest_patch(const char *base, const char *release, char *label, size_t size);
int cuda_redist_read_manifest(const char *base, const char *label, char **json);
/* NVIDIA's own: the apt repository for CUDA 11.0 to 11.3 or where [catalog] cuda_apt is set, else the redist. */
int cuda_runtime_from_nvidia(const char *root, const struct cuda_runtime_request *request);

/* What every source shares (cuda_runtime_install.c). Where the runtime comes from, said: true under --dry-run,
 * when nothing more is done. */
int cuda_runtime_announce(const struct cuda_runtime_request *request, const char *address);
/* The record's start: its release, where the packages were found (escaped), the platform. */
void cuda_runtime_origin_begin(struct lock_cuda_runtime *origin, const char *release, const char *from, int platform);
/* One package a source found, into origin (its name, address, sum and size as the source gave them); 0, or 1. */
int cuda_runtime_origin_add(struct lock_cuda_runtime *origin, const struct source_file *file);
/* Under the store's lock: nothing when the release is there, else brought from folder, or from what origin's
 * packages hold (authority: what gave their sums, for messages), and published; 0, or 1 after a message. */
int cuda_runtime_install(const char *root, const char *release, const char *folder, const struct lock_cuda_runtime *origin,
                         const char *authority);

#endif
