/*
 * The CUDA runtime a project pins for the framework it runs: the line
 * "cuda VERSION" of its .cudnn-version (TensorFlow 2.4 opens CUDA 11.0's
 * libraries by soname at import, before any cuDNN call), and where the store
 * keeps each runtime: ROOT/cuda/runtime/RELEASE/lib, one copy per release,
 * shared by every project that pins it.
 */
#ifndef CUDNNV_CUDA_RUNTIME_H
#define CUDNNV_CUDA_RUNTIME_H

#include "cudnnv_select.h"

#include <limits.h>
#include <stddef.h>

struct cuda_runtime_pin {
    char version[24];            /* "11.0" as written */
    char origin[PATH_MAX];       /* the version file that pins it */
};

/* The pin of the nearest .cudnn-version from where->cwd: 1 with it, 0 when none, -1 with why (a bad line). */
int cuda_runtime_pinned(const struct cudnnv_where *where, struct cuda_runtime_pin *pin, char *why, size_t size);
/* The installed runtime for version: ROOT/cuda/runtime/VERSION, else the newest VERSION.* there; 1 with its
 * lib/ folder, 0 when none is installed. */
int cuda_runtime_find(const char *root, const char *version, char *lib, size_t size);
/* The library folder the project's pin makes visible: 1 with it, 0 when nothing is pinned, -1 with why (a bad
 * line, or a runtime that is not installed, with the fix). */
int cuda_runtime_for_project(const struct cudnnv_where *where, char *lib, size_t size, char *why, size_t why_size);
/* The installed runtimes' names (their folders under cuda/runtime), oldest first; their count. */
int cuda_runtime_list(const char *root, cudnnv_name *names, int max);
/* Whether lib (as cuda_runtime_find gives it) is the folder of the installed runtime named runtime. */
int cuda_runtime_lib_is(const char *lib, const char *runtime);
/* The record beside a runtime's lib/ (ROOT/cuda/runtime/NAME/cudnnv.ini) into out; 0, or -1 when lib is no
 * runtime's. */
int cuda_runtime_record_of(const char *lib, char *out, size_t size);
/* How many entries of a runtime's lib/ are not CUDA's own libraries (cuda_components.h), the first escaped. */
int cuda_runtime_foreign(const char *lib, char *first, size_t size);
/* What is wrong with the installed runtime named runtime, for verify and doctor: 1 with why (refused by the trust
 * rule, or holding libraries that are not CUDA's), else 0. */
int cuda_runtime_problem(const char *root, const char *runtime, char *why, size_t size);

#endif
