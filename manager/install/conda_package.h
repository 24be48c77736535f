/*
 * Conda packages (conda_package.c): the payload of a .conda file.
 */
#ifndef CUDNNV_CONDA_PACKAGE_H
#define CUDNNV_CONDA_PACKAGE_H

#include <stddef.h>

int conda_is_package(const char *path);
int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size);

#endif
