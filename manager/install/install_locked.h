/*
 * install --locked (install_locked.c): exactly the archives the project's
 * cudnn.lock names, for this platform or --platform's.
 */
#ifndef CUDNNV_INSTALL_LOCKED_H
#define CUDNNV_INSTALL_LOCKED_H

#include "install_steps.h"

struct lock_cuda;

/* Each pin's set (install_one), then the CUDA libraries the lock says it loads (companions; not in a dry run). */
int install_locked(const struct install_request *request, int (*install_one)(struct install_request *),
                   int (*companions)(const char *pin, const struct lock_cuda *cuda));

#endif
