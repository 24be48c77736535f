/*
 * A wheel's own METADATA, read from the wheel (wheel_metadata.c).
 */
#ifndef CUDNNV_WHEEL_METADATA_H
#define CUDNNV_WHEEL_METADATA_H

#include <stddef.h>

/* The wheel's TOP.dist-info/METADATA, at most limit bytes, into *text (free it); 0, or -1 with why. */
int wheel_metadata_read(const char *wheel_path, size_t limit, char **text, char *why, size_t why_size);

#endif
