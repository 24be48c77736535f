/*
 * Registering a set that lives elsewhere, by reference.
 */
#ifndef CUDNNV_SET_LINK_H
#define CUDNNV_SET_LINK_H

#include "set_source.h"

int set_link_register(const char *root, const char *name, const struct set_layout *layout, int force);
/* The first standard place holding cuDNN linked as the set "system"; 1 when linked. */
int set_link_standard_system(const char *root);
/* Before 'system' is written as a choice: link it from the standard places when no such set exists. */
void set_link_system_if_named(const char *root, int count, char **names);

#endif
