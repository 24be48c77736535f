/*
 * The copy of a source's cuDNN files (a layout set_source.h found) into a
 * new set, laid out as the store wants (set_layout_collect.c); install's
 * alone.
 */
#ifndef CUDNNV_SET_LAYOUT_COLLECT_H
#define CUDNNV_SET_LAYOUT_COLLECT_H

#include "set_source.h"

#include <stddef.h>

int set_layout_collect(const struct set_layout *layout, const char *destination,
                       const char *confined_top, char *error, size_t size);

#endif
