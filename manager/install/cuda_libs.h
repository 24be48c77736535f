/*
 * CUDA libraries: the CUDA libraries cuDNN loads besides itself (cuBLAS, NVRTC,
 * the CUDA runtime), brought into $CUDNNV_ROOT/cuda/LABEL/lib once per CUDA
 * release, for every set of that CUDA major that lacks them: from NVIDIA's
 * CUDA redist manifests (LABEL 11.6.2), or from the source the install's
 * options name (a lock, archives here, a conda channel, NVIDIA's wheels on a
 * Python index), as the install-source table decides (cuda_libs.c, in the
 * install helper).
 */
#ifndef CUDNNV_CUDA_LIBS_H
#define CUDNNV_CUDA_LIBS_H

#include "source_origin.h"

#include <stddef.h>

#define CUDA_LIBS_DEFAULT_REDIST "https://developer.download.nvidia.com/compute/cuda/redist/"
#define CUDA_LIBS_MAX_COMPONENTS 4

struct lock_cuda;

struct cuda_libs_request {
    int cuda_major;
    const char *platform;                               /* NVIDIA's name: linux-x86_64 */
    const char *component[CUDA_LIBS_MAX_COMPONENTS];    /* libcublas, cuda_nvrtc, cuda_cudart */
    int count;
    struct source_origin origin;        /* where from: NVIDIA's CUDA redist unless these name another source */
    const struct lock_cuda *locked;     /* origin.locked: the lock's [cuda LABEL] */
};

/* NVIDIA's CUDA redist address ([catalog] cuda_redist, else NVIDIA's own), ending in '/' and checked: 0, or 1
 * after a message. */
int cuda_redist_base(const char *root, char *base, size_t size);
/* The folder of a platform's libraries in NVIDIA's archives and in cuda/LABEL: "bin" for windows-*, else "lib". */
const char *cuda_libs_folder(const char *platform);
/* Brings the components into root/cuda/LABEL (from NVIDIA's redist, LABEL is the newest CUDA of that major whose
 * manifest has them all); 0 with label, or 1 after a message. Call with the store lock held. */
int cuda_libs_bring(const char *root, const struct cuda_libs_request *request, char *label, size_t label_size);

/* The CUDA libraries a lock names, fetched and checked against it, into root/cuda/LABEL; 0, or 1 after a message. */
int cuda_libs_bring_locked(const char *root, const struct lock_cuda *cuda);

/* install_cuda_libs.c: CUDA libraries for an installed set (asked: say so when nothing is needed). */
int install_cuda_libs_for(const char *root, const char *name, int asked, const struct source_origin *origin);
int install_locked_cuda_libs(const char *pin, const struct lock_cuda *cuda);

#endif
