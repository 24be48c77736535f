/*
 * install --locked (install_locked.c): exactly the archives the project's
 * cudnn.lock names, for this platform or --platform's.
 */
#ifndef CUDNNV_INSTALL_LOCKED_H
#define CUDNNV_INSTALL_LOCKED_H

#include "install_steps.h"

int install_locked(const struct install_request *request, int (*install_one)(struct install_request *));

#endif
