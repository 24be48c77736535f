/*
 * What every fuzz harness shares (harness.c, linked into each): the input as
 * a NUL-terminated text, and the one fetch the parsers' files reference.
 */
#ifndef CUDNNV_FUZZ_HARNESS_H
#define CUDNNV_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* A copy of the input with a NUL after it (free it); the input may hold NULs of its own. */
char *fuzz_text(const uint8_t *data, size_t size);

#endif
