/*
 * install --locked (install_locked.c): exactly the archives the project's
 * cudnn.lock names, for this platform or --platform's.
 */
#ifndef CUDNNV_INSTALL_LOCKED_H
#define CUDNNV_INSTALL_LOCKED_H

#include "install_source.h"

struct lock_cuda;

/* Installs one resolved archive into the store (install_run.c's install_one). */
typedef int (*install_one_fn)(const struct install_request *request, const struct resolved_archive *from);

/* Each pin's set (install_one), then the CUDA libraries the lock says it loads (CUDA libraries; not in a dry run). */
int install_locked(const struct install_request *request, install_one_fn install_one,
                   int (*cuda_libs)(const char *pin, const struct lock_cuda *cuda));

#endif
