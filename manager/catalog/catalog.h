/*
 * The release catalog: one INI file per cuDNN release, read with inih, from
 * up to three folders merged in order: the one shipped with cudnnv
 * (share/cudnnv/catalog), a git copy fetched by 'cudnnv update' from a
 * configured remote ($CUDNNV_ROOT/catalog/catalog, which overrides a release
 * of the same version), and what 'cudnnv update' learned from NVIDIA's
 * redist manifests ($CUDNNV_ROOT/catalog-redist, which adds releases,
 * builds and platforms the others lack).
 */
#ifndef CUDNNV_CATALOG_H
#define CUDNNV_CATALOG_H

#include "ini_read.h"

#include "build_platform.h"
#include <stddef.h>

#define CATALOG_MAX_BUILDS 8

/* The platforms as NVIDIA names them; the INI keys start with the prefix. */
enum catalog_platform {   /* the rows of shim/build_platform.h's table */
    CATALOG_LINUX = CUDNNV_BUILD_LINUX,       /* linux-x86_64: keys linux_* */
    CATALOG_WINDOWS = CUDNNV_BUILD_WINDOWS,   /* windows-x86_64: keys windows_* */
    CATALOG_SBSA = CUDNNV_BUILD_SBSA,         /* linux-sbsa, Arm servers (Grace, Graviton): keys sbsa_* */
    CATALOG_AARCH64 = CUDNNV_BUILD_AARCH64,   /* linux-aarch64, Jetson: keys aarch64_* */
    CATALOG_PLATFORMS = CUDNNV_BUILDS
};

struct catalog_archive {
    char name[160];
    char url[400];
    char sha256[72];
    long long size;
};

struct catalog_build {
    char cuda[24];
    char min_driver_linux[24];
    char min_driver_windows[24];
    char min_compute_capability[8];     /* the oldest GPU with code in the build, "" when unknown */
    char max_compute_capability[8];     /* the newest its sources list, "" when unknown */
    struct catalog_archive archive[CATALOG_PLATFORMS];   /* by catalog_platform */
};

struct catalog_release {
    char version[32];
    int build_count;
    struct catalog_build builds[CATALOG_MAX_BUILDS];
};

struct catalog {
    struct catalog_release *releases;   /* oldest first */
    int count;
    char dir[4096];                     /* where it was read from */
};

int catalog_data_dir(const char *leaf, char *out, size_t size);
/* catalog_data.c: a data file read through handler, the store's copy when it reads whole, else the shipped one
 * (a copy that cannot be read is named in a warning); 0, or -1 when neither could be read. */
int catalog_data_read(const char *leaf, ini_handler handler, void *user);
const char *catalog_platform_name(enum catalog_platform platform);
const char *catalog_platform_key(enum catalog_platform platform);
int catalog_platform_from_name(const char *name);
const char *catalog_platform_list(void);
/* A platform name no row has, as the command's usage error (usage_problem); EXIT_USAGE. */
int catalog_platform_refused(const char *name);
enum catalog_platform catalog_host_platform(void);
const char *catalog_build_min_driver(const struct catalog_build *build);
int catalog_load(struct catalog *catalog);
/* The catalog could not be read (dir, where known, says from where): the error and its fix; 1. */
int catalog_unreadable(const char *dir);
void catalog_free(struct catalog *catalog);
const struct catalog_release *catalog_find(const struct catalog *catalog, const char *requested);
const struct catalog_release *catalog_release_of_set(const struct catalog *catalog, const char *version);
/* catalog_check.c: catalog data is outside input */
const char *catalog_release_problem(const struct catalog_release *release, const char *base_url);
const char *catalog_archive_problem(const struct catalog_archive *archive, const char *base_url);
int catalog_url_is_allowed(const char *url, const char *base_url);
int catalog_is_sha256(const char *text);

/* compute_capability.c: which GPUs a build has code for */
enum catalog_gpu_fit { CATALOG_GPU_RUNS, CATALOG_GPU_TOO_OLD, CATALOG_GPU_TOO_NEW };
void catalog_fill_compute_capability(struct catalog_release *release);
enum catalog_gpu_fit catalog_build_fit(const struct catalog_build *build, const char *capability, int *unknown);

int catalog_sum_of_archive(const struct catalog *catalog, const char *file_name, char *out, size_t size);
const struct catalog_build *catalog_build_for(const struct catalog_release *release, const char *cuda);

#endif
