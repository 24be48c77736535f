/*
 * The store described for container engines (cdi_spec.c): a Container
 * Device Interface spec with one device per name a user would write
 * (cudnnv.dev/set=8.1 ...), one for the whole store, and one per CUDA
 * runtime projects pin (cudnnv.dev/set=cuda:11.0), each mounting what it
 * needs read-only at fixed paths below CDI_CONTAINER_ROOT. docs/containers.md.
 */
#ifndef CUDNNV_CDI_SPEC_H
#define CUDNNV_CDI_SPEC_H

#include "cudnnv_select.h"

#include <stdio.h>

#define CDI_KIND "cudnnv.dev/set"
#define CDI_SPEC_FILE "cudnnv.json"
#define CDI_CONTAINER_ROOT "/opt/cudnnv"
#define CDI_CONTAINER_SYSTEM_ROOT "/opt/cudnnv-system"
#define CDI_STORE_DEVICE "store"
#define CDI_DEVICES_MAX (CUDNNV_MAX_SETS * 4 + 1 + CDI_RUNTIMES_MAX)
#define CDI_WHY_MAX 512

/* A CUDA runtime's device: "cuda:11.0" (no set name holds ':', so none can be taken for a set's). */
#define CDI_RUNTIME_PREFIX "cuda:"
#define CDI_RUNTIMES_MAX 16

struct cdi_device {
    cudnnv_name name;   /* what follows "cudnnv.dev/set=" */
    cudnnv_name set;    /* the set it mounts; "" for the store device and a runtime's */
    cudnnv_name cuda_runtime; /* the CUDA runtime it mounts (cuda/runtime/NAME); "" for the others */
};

struct cdi_left_out {
    cudnnv_name set;
    char why[CDI_WHY_MAX];
};

struct cdi_plan {
    struct cdi_device devices[CDI_DEVICES_MAX];
    int count;
    struct cdi_left_out left_out[CUDNNV_MAX_SETS];
    int left_count;
};

/* The devices the store's sets (the user's and the system store's) give, and the sets left out with why. */
void cdi_plan_make(const char *root, struct cdi_plan *plan);
/* Writes the spec of plan as path (atomically); says why and returns non-zero when it cannot, or when path is
 * a spec of another kind (another tool's: never touched). */
int cdi_spec_write(const char *root, const struct cdi_plan *plan, const char *path);
/* 1 when path is a spec this program writes, 0 when there is none, -1 when it is something else. */
int cdi_spec_is_ours(const char *path);
/* Notes a spec written, so that changes of the store rewrite it. */
void cdi_specs_remember(const char *root, const char *path);
/* After install, uninstall, link, rehash: every spec noted that still exists and is ours is rewritten. */
void cdi_specs_follow_store(const char *root);

#endif
