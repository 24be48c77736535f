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
 */
#ifndef CUDNNV_LOCK_FILE_H
#define CUDNNV_LOCK_FILE_H

#include "catalog.h"

#include "cudnnv_select.h"

#define LOCK_FILE_NAME "cudnn.lock"

struct lock_pin {
    cudnnv_name pin;                  /* as .cudnn-version names it */
    struct catalog_release release;   /* its version, and one build with the archives locked */
};

struct lock_file {
    char pins[CUDNNV_MAX_LINES * (CUDNNV_NAME_MAX + 1)];   /* "8.1 9": the pins it was written for */
    struct lock_pin entries[CUDNNV_MAX_LINES];
    int count;
};

int lock_file_read(const char *path, struct lock_file *lock, char *why, size_t size);
int lock_file_write(const char *path, const struct lock_file *lock);
const struct lock_pin *lock_file_find(const struct lock_file *lock, const char *pin);
int lock_path_beside(const char *version_file, char *out, size_t size);
void lock_join_pins(int count, char *const *names, char *out, size_t size);

#endif
