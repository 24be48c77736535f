/*
 * NVIDIA's redist index and manifests (cuDNN 8.3 and later), turned into
 * catalog releases: the index names one redistrib_LABEL.json per release;
 * a manifest gives, per platform and CUDA build, each archive's path under
 * the redist address, SHA-256 and size. Everything in them is outside input
 * and is checked before anything is written.
 */
#ifndef CUDNNV_REDIST_MANIFEST_H
#define CUDNNV_REDIST_MANIFEST_H

#include "catalog.h"

#include <stddef.h>

#define REDIST_MAX_LABELS 512
/* The most a redist index page and one manifest may be (NVIDIA's are tens of KiB). */
#define REDIST_INDEX_LIMIT (2u << 20)
#define REDIST_MANIFEST_LIMIT (4u << 20)

/* The address of LABEL's manifest under BASE (a redist address ending in '/', or "" for its file name alone),
 * redistrib_LABEL.json; 0, or -1 when it does not fit. */
int redist_manifest_url(const char *base, const char *label, char *out, size_t size);
int redist_index_labels(const char *index, char labels[][32], int max);
/* Whether label's first length bytes are a release as NVIDIA labels them: digits, a dot, digits, and at most two more
 * ".digits" ("12.2", "12.2.2", "9.7.1"; never "12.2." or "12..2"). */
int redist_label_is_valid(const char *label, size_t length);
int redist_manifest_release(const char *json, const char *base_url, struct catalog_release *release,
                            char *why, size_t why_size);
/* One component of a CUDA redist manifest (libcublas, cuda_nvrtc): its version and the platform's archive. */
struct redist_component {
    char version[32];
    struct catalog_archive archive;
};
/* 0 with the component; 1 when the manifest has no such component for the platform; -1 with why. */
int redist_manifest_component(const char *json, const char *base_url, const char *component, const char *platform,
                              struct redist_component *out, char *why, size_t why_size);
/* One archive of a mirror's manifest (redist_manifest_write.c); cuda NULL for a CUDA component's. */
struct redist_entry {
    const char *product;          /* "cudnn", "libcublas" */
    const char *version;
    const char *platform;         /* "linux-x86_64" */
    const char *cuda;             /* cuDNN's build: "12" is written as "cuda12"; NULL: none */
    const char *relative_path;    /* under the manifest's folder */
    const char *sha256;
    long long size;
};
/* Adds the entry to dir/redistrib_LABEL.json (made, or read and added to); 0, or -1 with why. */
int redist_manifest_add(const char *dir, const char *label, const struct redist_entry *entry, char *why, size_t size);
int redist_release_ini(const struct catalog_release *release, const char *source, char *out, size_t size);

#endif
