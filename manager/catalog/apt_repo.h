/*
 * NVIDIA's CUDA apt repositories as a source of a project's CUDA runtime
 * (apt_repo.c): one .deb per component and CUDA release
 * (libcusolver-11-0_10.6.0.245-1_amd64.deb), listed with its SHA-256 in the
 * repository's Packages index. CUDA 11.0 to 11.3 exist nowhere else as
 * separate files (NVIDIA's redist starts at 11.4).
 */
#ifndef CUDNNV_APT_REPO_H
#define CUDNNV_APT_REPO_H

#include "source_file.h"

#include <stddef.h>

/* NVIDIA's repositories of CUDA 11.0 and later, one folder per architecture named as the platform after
 * "linux-" (x86_64, sbsa); [catalog] cuda_apt overrides it. */
#define APT_REPO_DEFAULT_BASE "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/"

#define APT_RUNTIME_PACKAGES 16

/* The packages of one CUDA release's runtime, newest version of each, as the index lists them. */
struct apt_runtime {
    int count;
    struct source_file package[APT_RUNTIME_PACKAGES];
};

/* Reads a Packages index (text) of the repository at repo_url: the runtime components of release ("11.0") for
 * the Debian architecture arch ("amd64"); 0, or -1 with why (a required component missing). */
int apt_packages_parse(const char *text, const char *repo_url, const char *release, const char *arch,
                       struct apt_runtime *found, char *why, size_t why_size);
/* The same, fetching repo_url's Packages; platform is an enum catalog_platform. */
/* NVIDIA's repository for a build platform (linux-sbsa: .../ubuntu2004/sbsa/); -1 where it has none (Windows,
 * Jetson). */
int apt_repo_default(int platform, char *out, size_t size);
int apt_repo_find_runtime(const char *repo_url, const char *release, int platform, struct apt_runtime *found,
                          char *why, size_t why_size);

#endif
