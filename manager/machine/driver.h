/*
 * This machine's NVIDIA driver (driver.c): its version and the newest CUDA
 * it runs, for install's choice of a build and doctor's judgement of a set.
 */
#ifndef CUDNNV_DRIVER_H
#define CUDNNV_DRIVER_H

#include <stddef.h>

int driver_version_read(char *out, size_t size, const char **where);
int driver_cuda_from_libcuda(char *out, size_t size);
int driver_ceiling(const char *driver, char *cuda, size_t size);
int driver_machine_cuda(char *driver, size_t driver_size, char *cuda, size_t cuda_size);
int driver_newest_catalog_cuda(const char *driver, char *out, size_t size);

#endif
