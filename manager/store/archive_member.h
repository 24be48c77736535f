/*
 * The rules for one archive member's name and link target (archive_member.c):
 * cleaned to a relative path inside a set, or refused; and which members a
 * cuDNN set needs. In the store part because both install (extracting) and
 * catalog (an archive path in NVIDIA's manifests) apply them.
 */
#ifndef CUDNNV_ARCHIVE_MEMBER_H
#define CUDNNV_ARCHIVE_MEMBER_H

#include <stddef.h>

const char *archive_member_clean(const char *name, char *out, size_t size);
const char *archive_link_target_problem(const char *target);
int archive_member_is_needed(const char *clean_name);
int archive_member_is_cuda_library(const char *clean_name);
int archive_member_is_runtime_library(const char *clean_name);

#endif
