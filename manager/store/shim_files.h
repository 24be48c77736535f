/*
 * The shim libraries a store serves ($CUDNNV_ROOT/shims/lib), copied from the
 * ones built or installed next to the cudnnv binary (../lib/cudnnv/).
 */
#ifndef CUDNNV_SHIM_FILES_H
#define CUDNNV_SHIM_FILES_H

#include "cudnnv_select.h"

#include <stddef.h>

#define SHIM_FIRST_MAJOR CUDNNV_FIRST_MAJOR
#define SHIM_LAST_MAJOR CUDNNV_LAST_MAJOR

int shim_files_dir(const char *root, char *out, size_t size);
int shim_files_refresh(const char *root, int *copied);
int shim_major_is_installed(const char *root, int major, const char *platform);
void shim_files_follow_store(const char *root);
int shipped_file(const char *name, char *out, size_t size);
int installation_prefix(char *out, size_t size);
void shim_preload_append(char *list, size_t size, const char *shim_dir, int major);
int shim_preload_is_weak(const char *shim_dir);

#endif
