/*
 * cudnn.lock (lock_file.c): beside a project's .cudnn-version, for each name
 * it pins, the exact release, its CUDA build and, per platform, the archive
 * with its address, SHA-256 and size, so every machine installs the same
 * bits ('cudnnv lock' writes it, 'cudnnv install --locked' reads it). A small
 * INI file a person can review in a diff:
 *
 *   [lock]
 *   pins = 8.1 9
 *
 *   [pin 8.1]
 *   release = 8.1.1.33
 *   cuda = 11.2
 *   linux-x86_64.archive = cudnn-11.2-linux-x64-v8.1.1.33.tgz
 *   linux-x86_64.url = https://developer.download.nvidia.com/...
 *   linux-x86_64.sha256 = 64 hexadecimal digits
 *   linux-x86_64.size = 754468640
 *   cuda_libs = 11.4.4                 (what the set loads besides itself, when it has CUDA libraries)
 *
 *   [cuda 11.4.4]
 *   platform = linux-x86_64
 *   libcublas.version = 11.6.5.2
 *   libcublas.archive = libcublas-linux-x86_64-11.6.5.2-archive.tar.xz
 *   libcublas.url, libcublas.sha256, libcublas.size as above; cuda_nvrtc.* the same
 *
 *   [runtime 11.0]                     (the CUDA runtime the project pins: "cuda 11.0")
 *   platform = linux-x86_64
 *   from = https://.../Packages        (where the packages were found)
 *   1.archive = libcusolver-11-0_10.6.0.245-1_amd64.deb
 *   1.url, 1.sha256, 1.size; 2.* ... for each package it was unpacked from
 *   (or, for a runtime brought from a folder, local = yes and a line
 *   file.NAME = XXH3-128 for each of its files: 'install --locked
 *   --cuda-libs-from DIR' checks a folder's files against them)
 */
#ifndef CUDNNV_LOCK_FILE_H
#define CUDNNV_LOCK_FILE_H

#include "catalog.h"

#include <stdio.h>

#include "cudnnv_select.h"

#define LOCK_FILE_NAME "cudnn.lock"

struct lock_pin {
    cudnnv_name pin;                  /* as .cudnn-version names it */
    struct catalog_release release;   /* its version, and one build with the archives locked */
    char cuda_libs[32];               /* the [cuda LABEL] its set loads besides itself, "" when none */
};

#define LOCK_CUDA_PARTS 4

struct lock_cuda_part {
    char component[16];               /* libcublas, cuda_nvrtc, cuda_cudart */
    char version[32];
    struct catalog_archive archive;
};

struct lock_cuda {
    char label[32];                   /* the CUDA release (11.4.4), or index-cuNN */
    char platform[24];
    int count;
    struct lock_cuda_part part[LOCK_CUDA_PARTS];
};

#define LOCK_RUNTIME_PACKAGES 16
#define LOCK_RUNTIME_FILES 96

/* One file of a runtime brought from a folder, as a lock names it: "file.libcudart.so.11.0.221 = XXH3-128", the
 * store's own hash of a file (MANIFEST's). */
struct lock_runtime_file {
    char name[128];
    char xxh3[40];
};

struct lock_cuda_runtime {
    char release[24];                 /* "11.0" as pinned; "" when the lock names none */
    char platform[24];
    char from[400];
    int count;
    struct catalog_archive package[LOCK_RUNTIME_PACKAGES];
    int local;                        /* brought from a folder: locked by its files' sums ("local = yes") */
    int file_count;
    struct lock_runtime_file file[LOCK_RUNTIME_FILES];
};

struct lock_file {
    char pins[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 1)];   /* "8.1 9": the pins it was written for */
    struct lock_pin entries[CUDNNV_MAX_LINES];
    int count;
    struct lock_cuda cuda[CUDNNV_MAX_LINES];
    int cuda_count;
    struct lock_cuda_runtime cuda_runtime;
};

int lock_file_read(const char *path, struct lock_file *lock, char *why, size_t size);
int lock_file_write(const char *path, const struct lock_file *lock);
const struct lock_pin *lock_file_find(const struct lock_file *lock, const char *pin);
int lock_path_beside(const char *version_file, char *out, size_t size);
void lock_join_pins(int count, char *const *names, char *out, size_t size);
const struct lock_cuda *lock_file_find_cuda(const struct lock_file *lock, const char *label);

/*
 * A store record: one [KIND LABEL] section alone (cuda/LABEL/cudnnv.ini, cuda/runtime/RELEASE/cudnnv.ini), read by
 * lock_record_read (lock_record.c): each key of a KIND section handed to take with target, the section's label copied
 * into label while it is empty. 0, or -1 when unreadable or a key was refused (why says it).
 */
struct lock_record {
    const char *kind;          /* "cuda ", "runtime ": the section's first word and its space */
    char *label;
    size_t label_size;
    int (*take)(void *target, const char *key, const char *value, char *why, size_t why_size);
    void *target;
    char why[128];
};
int lock_record_read(const char *path, struct lock_record *record);

/* lock_cuda.c: a [cuda LABEL] section, in cudnn.lock and as the store's cuda/LABEL/cudnnv.ini */
int lock_cuda_take(struct lock_cuda *cuda, const char *key, const char *value, char *why, size_t why_size);
const char *lock_cuda_problem(const struct lock_cuda *cuda);
void lock_cuda_write(FILE *out, const struct lock_cuda *cuda);
int lock_cuda_read_record(const char *path, struct lock_cuda *cuda);

/* lock_cuda_runtime.c: a [runtime RELEASE] section, in cudnn.lock and as the store's cuda/runtime/RELEASE/cudnnv.ini;
 * reading a record: 0 (count 0 for a runtime brought from a folder), or -1 when unreadable */
int lock_cuda_runtime_take(struct lock_cuda_runtime *runtime, const char *key, const char *value, char *why, size_t why_size);
const char *lock_cuda_runtime_problem(const struct lock_cuda_runtime *runtime);
void lock_cuda_runtime_write(FILE *out, const struct lock_cuda_runtime *runtime);
int lock_cuda_runtime_read_record(const char *path, struct lock_cuda_runtime *runtime);
/* A runtime brought from a folder, as a lock names it: each regular file of its lib/ with its XXH3-128, by name,
 * into runtime (local set); 0, or -1 when one cannot be read or they are too many. */
int lock_cuda_runtime_files_sum(const char *lib, struct lock_cuda_runtime *runtime);
/* Whether lib holds exactly the files the lock names, each with its hash; why says what differs. */
int lock_cuda_runtime_files_match(const char *lib, const struct lock_cuda_runtime *locked, char *why, size_t size);

#endif
