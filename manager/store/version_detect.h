/*
 * What version a cuDNN set holds: from its headers (cudnn_version.h, or
 * cudnn.h for 7.x), else from its library file names; and what NVIDIA's
 * archive names add (the build number and the CUDA version).
 */
#ifndef CUDNNV_VERSION_DETECT_H
#define CUDNNV_VERSION_DETECT_H

#include <stddef.h>

struct release_name {
    char version[48];   /* 8.1.0.77 */
    char cuda[24];      /* 11.2 or 12 */
};

struct set_version {
    int major, minor, patch;
};

int version_from_headers(const char *include_dir, struct set_version *version);
int version_from_library_names(const char *lib_dir, struct set_version *version);
int release_name_parse(const char *file_name, struct release_name *release);
int release_from_pip_metadata(const char *set_root, struct release_name *release);
int cuda_from_toolkit(const char *root, char *out, size_t size);
int cuda_from_runtime(const char *root, const char *lib_dir, char *out, size_t size);
void version_compose_name(const struct set_version *version, const struct release_name *release,
                          char *out, int size);

#endif
