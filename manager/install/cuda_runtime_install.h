/*
 * Bringing the CUDA runtime a project pins (cuda_runtime.h) into the store:
 * ROOT/cuda/runtime/RELEASE/lib, published by one rename, from a folder of
 * that CUDA's libraries already on this machine (an installed toolkit's
 * lib64, a conda environment's lib), from a conda channel's cudatoolkit,
 * from NVIDIA's CUDA apt repository, or from the packages a lock names.
 */
#ifndef CUDNNV_CUDA_RUNTIME_INSTALL_H
#define CUDNNV_CUDA_RUNTIME_INSTALL_H

/* The conda package that holds a whole CUDA runtime (11.0.x to 11.8 in the main channel and conda-forge). */
#define CUDA_RUNTIME_CONDA_PACKAGE "cudatoolkit"

/* The runtime release (as pinned: "11.0") from folder; 0, or 1 after a message. */
int cuda_runtime_install_folder(const char *root, const char *release, const char *folder);
/* The same from a conda channel's newest cudatoolkit of that release (.tar.bz2 or .conda), its SHA-256 checked
 * and recorded; platform is an enum catalog_platform. */
int cuda_runtime_install_channel(const char *root, const char *release, const char *channel, int platform);
/* The same from an apt repository's runtime packages of that release (apt_repo.h), each .deb checked against
 * the SHA256 its Packages index gives. */
int cuda_runtime_install_apt(const char *root, const char *release, const char *repository, int platform);
/* The same from exactly the packages a lock's [runtime RELEASE] names. */
struct lock_runtime;
int cuda_runtime_install_locked(const char *root, const struct lock_runtime *locked);

#endif
