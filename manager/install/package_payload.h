/*
 * Packages that wrap a tar (package_payload.c): the payload of a .conda
 * file, and of a .deb.
 */
#ifndef CUDNNV_PACKAGE_PAYLOAD_H
#define CUDNNV_PACKAGE_PAYLOAD_H

#include <stddef.h>

int conda_is_package(const char *path);
int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size);
int deb_is_package(const char *path);
/* data.tar.* of a .deb into out_path; 0, or -1 with the reason in error. */
int deb_take_payload(const char *deb_path, const char *out_path, unsigned long long limit, char *error, size_t size);

#endif
