/*
 * Registering a set that lives elsewhere, by reference.
 */
#ifndef CUDNNV_SET_LINK_H
#define CUDNNV_SET_LINK_H

#include "set_source.h"

int set_link_register(const char *root, const char *name, const struct set_layout *layout, int force);

#endif
