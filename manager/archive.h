/*
 * NVIDIA's archives (.tar.xz, .tgz, .zip), read with libarchive: SHA-256 of
 * the file, and an extraction that refuses any member that could land
 * outside the destination.
 */
#ifndef CUDNNV_ARCHIVE_H
#define CUDNNV_ARCHIVE_H

#include <stddef.h>

int archive_sha256(const char *path, char hex[65]);
int archive_extract_safe(const char *archive_path, const char *destination,
                         char *error, size_t error_size);
int archive_member_is_safe(const char *name);
int archive_link_stays_inside(const char *member, const char *target);

#endif
