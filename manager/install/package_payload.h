/*
 * Packages that wrap a tar (package_payload.c): the payload of a .conda
 * file, and of a .deb.
 */
#ifndef CUDNNV_PACKAGE_PAYLOAD_H
#define CUDNNV_PACKAGE_PAYLOAD_H

#include <stddef.h>

struct archive;

/* One kind of package: its outer format, its payload member, and what to say when it is not one. */
struct package_kind {
    int (*support_format)(struct archive *);
    int (*is_payload)(const char *name);
    const char *not_one;      /* "not a .conda package (a zip)" */
    const char *no_payload;   /* "no pkg-*.tar.zst in it: not a conda package" */
};

/* The first payload member of the package at path into out_path, within limit bytes and the rules of every
 * archive; 0, or -1 with the reason in error. */
int package_take_payload(const struct package_kind *kind, const char *path, const char *out_path,
                         unsigned long long limit, char *error, size_t size);

int conda_is_package(const char *path);
int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size);
int deb_is_package(const char *path);
/* data.tar.* of a .deb into out_path; 0, or -1 with the reason in error. */
int deb_take_payload(const char *deb_path, const char *out_path, unsigned long long limit, char *error, size_t size);

#endif
