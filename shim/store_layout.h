/*
 * Where each thing lies in a store (store_layout.c): the one place that
 * spells the store's folders and files, for the shim, the Slurm plugin and
 * the manager alike (libc only). Everything that builds or reads back a
 * path inside a store asks here; docs/store.md describes the same layout.
 */
#ifndef CUDNNV_STORE_LAYOUT_H
#define CUDNNV_STORE_LAYOUT_H

#include <stddef.h>

/* The record every installed thing keeps beside its files (a set, a runtime, a label's CUDA libraries). */
#define CUDNNV_STORE_RECORD "cudnnv.ini"

enum cudnnv_store_place {
    CUDNNV_STORE_SHIMS_LIB,      /* shims/lib: the ELF shims 'rehash' writes (libcudnn.so.N) */
    CUDNNV_STORE_SHIMS_BIN,      /* shims/bin: the Windows shims (cudnn64_N.dll), beside programs on PATH */
    CUDNNV_STORE_SETS,           /* versions: one folder per installed set */
    CUDNNV_STORE_SET,            /* versions/NAME */
    CUDNNV_STORE_SET_RECORD,     /* versions/NAME/cudnnv.ini */
    CUDNNV_STORE_RUNTIMES,       /* cuda/runtime: one folder per CUDA runtime release */
    CUDNNV_STORE_RUNTIME,        /* cuda/runtime/NAME */
    CUDNNV_STORE_RUNTIME_LIB,    /* cuda/runtime/NAME/lib */
    CUDNNV_STORE_RUNTIME_RECORD, /* cuda/runtime/NAME/cudnnv.ini */
    CUDNNV_STORE_CUDA,           /* cuda: the CUDA libraries sets lack, by label */
    CUDNNV_STORE_CUDA_LIBS,      /* cuda/LABEL */
    CUDNNV_STORE_CUDA_RECORD,    /* cuda/LABEL/cudnnv.ini */
    CUDNNV_STORE_COMPANION_LIST, /* cuda/sets/NAME: the CUDA libraries set NAME loads (a label under cuda/) */
    CUDNNV_STORE_GLOBAL,         /* version: what 'cudnnv global' wrote */
    CUDNNV_STORE_CONFIG,         /* config */
    CUDNNV_STORE_CACHE,          /* cache: downloaded archives */
    CUDNNV_STORE_STAGING,        /* staging: what a change builds before its one rename */
    CUDNNV_STORE_LOCKS,          /* locks: the lock files that serialise changes */
    CUDNNV_STORE_CATALOG,        /* catalog: what 'cudnnv update' fetched (catalog/LEAF) */
    CUDNNV_STORE_CATALOG_STAGING,/* catalog-staging: what an update builds before its rename */
    CUDNNV_STORE_CATALOG_REDIST, /* catalog-redist: the releases 'update' read from NVIDIA's manifests */
    CUDNNV_STORE_BACKUPS,        /* backups: what 'adopt' moved out of a toolkit, a folder each time */
    CUDNNV_STORE_SHELLS,         /* shells: each interactive shell's stamp, by its pid */
};

/* The shims this build's programs load. */
#ifdef _WIN32
#define CUDNNV_STORE_SHIMS CUDNNV_STORE_SHIMS_BIN
#else
#define CUDNNV_STORE_SHIMS CUDNNV_STORE_SHIMS_LIB
#endif

/* The most a place adds to its root and name, with the final NUL: a buffer of strlen(root) + strlen(name) +
 * CUDNNV_STORE_PATH_EXTRA holds any place (the shim sizes its buffers so, to touch few stack pages). */
#define CUDNNV_STORE_PATH_EXTRA 32

/* ROOT's place (NAME for those that take one, else NULL) into out; 0, or -1 when it does not fit. */
int cudnnv_store_path(char *out, size_t size, const char *root, enum cudnnv_store_place place, const char *name);
/* The place relative to a store's root ("cuda/runtime/11.0/lib"); 0, or -1 when it does not fit. */
int cudnnv_store_relative(char *out, size_t size, enum cudnnv_store_place place, const char *name);
/* 1 when dir is exactly ROOT's shims folder for this build (by its spelling: ROOT + "/shims/lib"). */
int cudnnv_store_is_shims(const char *root, const char *dir);
/* The reverse: when path is ROOT's place (ROOT/FOLDER[/NAME][/LEAF]), ROOT and NAME into root and name (either
 * may be NULL); 0, or -1 when path is no such place or a part does not fit. */
int cudnnv_store_split(const char *path, enum cudnnv_store_place place, char *root, size_t root_size, char *name,
                       size_t name_size);

/* What a shell's hook watches in a store: the places whose change can change what is selected. */
#define CUDNNV_STORE_WATCHED_COUNT 4
extern const enum cudnnv_store_place cudnnv_store_watched[CUDNNV_STORE_WATCHED_COUNT];

#endif
