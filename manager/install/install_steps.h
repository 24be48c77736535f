/*
 * The steps of an install, between taking the lock and publishing the set:
 * check, extract, locate, copy, name, describe, record.
 */
#ifndef CUDNNV_INSTALL_STEPS_H
#define CUDNNV_INSTALL_STEPS_H

#include "cudnnv_select.h"
#include "manifest.h"
#include "source_origin.h"
#include "set_info.h"

#include <limits.h>

struct install_request {
    const char *source;         /* as asked: a file, a folder or a release */
    const char *name;
    const char *sha256;         /* --sha256: to check before extracting */
    const char *cuda;           /* --cuda: the build of a catalog release */
    const char *pinned_cuda;    /* a bare install: the project's pinned CUDA runtime, which chooses when --cuda does not */
    const char *platform;       /* --platform: linux-x86_64, linux-sbsa, linux-aarch64, windows-x86_64 */
    const char *gpu;            /* --gpu: compute capabilities to choose a release for */
    int libraries_only;         /* --runtime or [install] runtime: only what programs load, no headers */
    struct source_origin origin; /* where from, as the options name it (source_origin.h); read, never copied */
    int force;
    int json;
    int no_catalog_check;       /* --no-catalog-check: an archive the catalog names is not checked against it */
    int with_cuda_libs;         /* --with-cuda-libs (or --cuda-libs-from): also bring the CUDA libraries the set lacks */
    int cuda_libs_auto;         /* [install] cuda_libs = auto: the same, without being asked */
    int allow_advised;          /* --allow-advised: a release versions/advisories.ini advises against is taken */
    int dry_run;                /* --dry-run: each archive is chosen and described; nothing is fetched or changed */
    int locked;                 /* --locked: exactly the archives cudnn.lock names */
};

struct install_result {
    cudnnv_name name;
    char staged_set[PATH_MAX];
    char set_dir[PATH_MAX];
    int replace;
    struct set_info info;
    struct manifest_stats stats;
};

struct resolved_archive;   /* install_source.h: what a source answered */

/* The set from what a source answered, staged under staging (0, or 1 after a message naming from's file). */
int install_in_staging(const struct install_request *request, const struct resolved_archive *from,
                       const char *root, const char *staging, struct install_result *result);
/* install_name.c: the set's name (--name, else its version, told apart from a set of that version); source for messages. */
/* Before anything is fetched: 1 with its name when the set a release would be installed as is in the store
 * already (the same version, CUDA major and platform), unless --force or --name asks for another. */
int install_name_already_has(const struct install_request *request, const char *root, const struct set_info *mine,
                             cudnnv_name found);
int install_choose_name(const struct install_request *request, const char *source, const char *root,
                        const char *version_name, struct install_result *result);

#endif
