/*
 * From a version the user named, or the current selection, to a set
 * directory: shared by which, prefix and exec.
 */
#ifndef CUDNNV_SET_LOOKUP_H
#define CUDNNV_SET_LOOKUP_H

#include "cudnnv_select.h"
#include "set_info.h"

struct found_set {
    cudnnv_name name;
    char set_dir[PATH_MAX];
    struct set_info info;
};

int set_lookup_named(const char *requested, struct found_set *set);
int set_lookup_selected(int major, struct found_set *set);
int set_lookup_library(const struct found_set *set, const char *library, char *out, size_t size);

#endif
