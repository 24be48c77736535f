/*
 * Where what an install brings comes from. Each source is a row of the
 * table in install_source.c, defined in its own file (source_NAME.c; NVIDIA's
 * CUDA for the catalog's row is in source_nvidia_cuda.c, what the index and
 * the channel share in source_package.c, what all share in
 * source_shared.c); each answers up to three questions, each the same way for
 * every source: a set's archive (given what was asked, which archive,
 * fetched to a local file and checked, and what the source says of it); a
 * set's CUDA libraries (which archives of cuBLAS, NVRTC, cudart: cuda_libs_choice.h);
 * a project's pinned CUDA runtime (brought: cuda_runtime_install.h).
 * install_source.c holds the table and the order they are asked in; the
 * install steps read only the answers.
 */
#ifndef CUDNNV_INSTALL_SOURCE_H
#define CUDNNV_INSTALL_SOURCE_H

#include "catalog.h"
#include "install_steps.h"
#include "source_file.h"
#include "source_origin.h"

#include <limits.h>

/* A source's answer: the archive (or folder) on this machine and its facts. */
struct resolved_archive {
    char path[PATH_MAX];         /* the archive fetched here, or the file or folder given */
    char url[400];               /* the address it was fetched from; "" for none */
    char sha256[65];             /* the sum it was checked against; "" when nothing checked it */
    long long size;              /* bytes, as the source says; 0 when it does not */
    char version[64];            /* the cuDNN release the source names; "" when it names none */
    char cuda[24];               /* the CUDA the build is for; "" when the source does not say */
    int platform;                /* enum catalog_platform asked for */
    char headers_path[PATH_MAX]; /* a second package unpacked into the same set (NVIDIA's libcudnn-dev); "" for none */
    const char *release_vouched; /* a source that states this exact release (cudnn.lock), or NULL: an archive
                                    holding another release is then refused */
};

/* The release catalog, read at most once per run, when a source first needs it (NULL: none to read). */
struct catalog_once {
    struct catalog catalog;
    int state;                   /* 0 not read yet, 1 read, -1 unreadable */
};

const struct catalog *catalog_once_get(struct catalog_once *once);
void catalog_once_free(struct catalog_once *once);

struct lock_pin;

/* What every source is asked. */
struct source_query {
    const struct install_request *request; /* the options: --cuda, --gpu, --runtime, --sha256, ... */
    const char *requested;                 /* the file, folder or release prefix asked for */
    int platform;                          /* enum catalog_platform: --platform's, else this machine's */
    const struct lock_pin *pin;            /* install --locked: the lock's entry for the pin */
    struct catalog_once *catalog;
};

struct cuda_libs_request;
struct cuda_libs_choice;
struct cuda_runtime_request;

struct install_source {
    const char *name;
    /* its archive is a file the user names: --sha256 checks it (a catalog's or an index's has its own sum) */
    int checks_given_sum;
    /* when its address cannot be reached (DOWNLOAD_UNREACHABLE), the Python index configured here is tried instead */
    int index_when_unreachable;
    /* whether this source answers the query (the first in the table's order that does, does) */
    int (*takes)(const struct source_query *query);
    /* 0 with found filled, INSTALL_PLANNED under --dry-run, else 1 after a message */
    int (*resolve)(const struct source_query *query, struct resolved_archive *found);
    /* CUDA libraries and runtimes: whether the install's options name this source (NVIDIA's, the last, always is) */
    int (*given)(const struct source_origin *origin);
    /* the CUDA libraries from here (cuda_libs_choice.h); NULL where this source has none to give */
    int (*cuda_libs)(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                      struct cuda_libs_choice *chosen);
    /* the runtime brought from here (cuda_runtime_install.h); NULL where this source has none */
    int (*cuda_runtime)(const char *root, const struct cuda_runtime_request *request);
};

/* The archive for query->requested, from the first source that takes it (0, INSTALL_PLANNED, or 1 after a message). */
int install_source_resolve(const struct source_query *query, struct resolved_archive *found);
/* The CUDA libraries' archives, chosen by the first source the request's origin names that has them (0, or 1). */
int install_source_cuda_libs(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                              struct cuda_libs_choice *chosen);
/* The pinned runtime, brought by the first source the request's origin names that has one (0, or 1). */
int install_source_runtime(const char *root, const struct cuda_runtime_request *request);

/* install_source.c: what the catalog and a lock say of one of their archives, and the archive fetched and checked. */
int source_fetch_listed(const struct source_query *query, const struct catalog_release *release,
                        const struct catalog_build *build, const char *authority, struct resolved_archive *found);

/* source_package.c: what the index and the channel share: their newest fitting file, fetched and checked. */
int source_package_fetch(const char *kind, const char *authority, source_finder find, const char *address,
                         const struct source_query *query, struct resolved_archive *found);

/* source_package.c: a source's file as an archive to fetch (0), or 1 after a message when a field is too long. */
int source_as_archive(const char *name, const char *url, const char *sha256, struct catalog_archive *archive);
/* The index to use when the catalog lacks a release: [sources] index_url, else PIP_INDEX_URL; 0 when one is set. */
int source_index_default(char *out, size_t size);

#endif
