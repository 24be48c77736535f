/*
 * Choosing a set for a framework release (cudnnv use --for).
 */
#ifndef CUDNNV_USE_FOR_H
#define CUDNNV_USE_FOR_H

#include <stddef.h>

int use_for_framework(const char *request, char *chosen_name, size_t size);

#endif
