/*
 * Where an archive lies in a mirror folder (mirror_path.c): NVIDIA's own
 * layout, so that one folder serves 'install --locked' ([download] mirrors)
 * and 'update' ([catalog] redist, cuda_redist) alike.
 */
#ifndef CUDNNV_MIRROR_PATH_H
#define CUDNNV_MIRROR_PATH_H

#include <stddef.h>

struct catalog_archive;

/* The archive's path relative to a mirror's root; 0, or -1 when it does not fit in size. */
int mirror_relative_path(const struct catalog_archive *archive, char *out, size_t size);

#endif
