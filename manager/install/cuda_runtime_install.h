/*
 * Bringing the CUDA runtime a project pins (cuda_runtime.h) into the store:
 * ROOT/cuda/runtime/RELEASE/lib, published by one rename, from a folder of
 * that CUDA's libraries already on this machine (an installed toolkit's
 * lib64, a conda environment's lib).
 */
#ifndef CUDNNV_CUDA_RUNTIME_INSTALL_H
#define CUDNNV_CUDA_RUNTIME_INSTALL_H

/* The runtime release (as pinned: "11.0") from folder; 0, or 1 after a message. */
int cuda_runtime_install_folder(const char *root, const char *release, const char *folder);

#endif
