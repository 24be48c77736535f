/*
 * NVIDIA's archives (.tar.xz, .tgz, .zip), read with libarchive: SHA-256 of
 * the file, and an extraction that writes only what a cuDNN set needs and
 * nothing that could land, or lead, outside the destination.
 */
#ifndef CUDNNV_INSTALL_ARCHIVE_H
#define CUDNNV_INSTALL_ARCHIVE_H

#include <stddef.h>

/* The extraction stops before a member would leave less than this free on the disk. */
#define ARCHIVE_DISK_RESERVE (32ULL << 20)
/*
 * Expansion: real cuDNN archives unpack to 2-4 times their size. Past the
 * first ARCHIVE_EXPANSION_FREE bytes written, what an archive writes may be
 * at most ARCHIVE_MAX_EXPANSION times what was read of it so far: a
 * zero-filled member under max_member_size is a bomb all the same.
 */
#define ARCHIVE_MAX_EXPANSION 20
#define ARCHIVE_EXPANSION_FREE (256ULL << 20)
/* At most this many files and links are written from one archive. */
#define ARCHIVE_MAX_WRITTEN 100000

int archive_sha256(const char *path, char hex[65]);
int archive_extract_safe(const char *archive_path, const char *destination,
                         unsigned long long max_member_size, char *error, size_t error_size);
int archive_extract_cuda_libraries(const char *archive_path, const char *destination,
                                   unsigned long long max_member_size, char *error, size_t error_size);
int archive_extract_runtime_libraries(const char *archive_path, const char *destination,
                                      unsigned long long max_member_size, char *error, size_t error_size);

#endif
