/*
 * Companions: the CUDA libraries cuDNN loads besides itself (cuBLAS, NVRTC,
 * the CUDA runtime), brought from NVIDIA's CUDA redist manifests into
 * $CUDNNV_ROOT/cuda/VERSION/lib, once per CUDA version, for every set of
 * that CUDA major that lacks them, or NVIDIA's wheels of them from a Python
 * index into cuda/index-cuNN (cuda_libs.c, in the install helper).
 */
#ifndef CUDNNV_CUDA_LIBS_H
#define CUDNNV_CUDA_LIBS_H

#include <stddef.h>

#define CUDA_LIBS_DEFAULT_REDIST "https://developer.download.nvidia.com/compute/cuda/redist/"
#define CUDA_LIBS_MAX_COMPONENTS 4

struct cuda_libs_request {
    int cuda_major;
    const char *platform;                               /* NVIDIA's name: linux-x86_64 */
    const char *component[CUDA_LIBS_MAX_COMPONENTS];    /* libcublas, cuda_nvrtc, cuda_cudart */
    int count;
    const char *index_url;    /* NVIDIA's wheels from this Python index instead of the CUDA redist; or NULL */
    const char *channel_url;  /* the packages of this conda channel (libcublas, cuda-nvrtc) instead; or NULL */
    const char *local;        /* an archive file, or a folder of archives, instead; or NULL */
    int no_verify;            /* --no-verify: a wheel the index gives no SHA-256 for is taken (RECORD checked) */
};

/* The component of NVIDIA's CUDA redist that holds a library ("libnvrtc.so" -> cuda_nvrtc); NULL for none. */
const char *cuda_libs_component_of(const char *library);
/* The folder of a platform's libraries in NVIDIA's archives and in cuda/LABEL: "bin" for windows-*, else "lib". */
const char *cuda_libs_folder(const char *platform);
/* Brings the components into root/cuda/LABEL (LABEL: the newest CUDA of that major whose manifest has them
 * all); 0 with label, or 1 after a message. Call with the store lock held. */
int cuda_libs_bring(const char *root, const struct cuda_libs_request *request, char *label, size_t label_size);

struct lock_cuda;
/* The companions a lock names, fetched and checked against it, into root/cuda/LABEL; 0, or 1 after a message. */
int cuda_libs_bring_locked(const char *root, const struct lock_cuda *cuda);

/* Where install_cuda_libs_for takes companions from: NVIDIA's CUDA redist unless one of these is given. */
struct cuda_libs_origin {
    const char *index_url;     /* NVIDIA's wheels on this Python index */
    const char *channel_url;   /* the packages of this conda channel */
    const char *local;         /* --cuda-libs-from: an archive file, or a folder of them */
    int no_verify;             /* a wheel the index gives no SHA-256 for is taken */
};
/* install_cuda_libs.c: companions for an installed set (asked: say so when nothing is needed). */
int install_cuda_libs_for(const char *root, const char *name, int asked, const struct cuda_libs_origin *origin);
int install_locked_companions(const char *pin, const struct lock_cuda *cuda);

#endif
