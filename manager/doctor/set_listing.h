/*
 * The sets as 'cudnnv versions' lists them (set_listing.c).
 */
#ifndef CUDNNV_SET_LISTING_H
#define CUDNNV_SET_LISTING_H

#include "set_info.h"

#include "cudnnv_select.h"

#include <limits.h>

struct listed_set {
    cudnnv_name name;
    struct set_info info;
    char set_dir[4096];
    int selected;
    char origin[PATH_MAX + 16];
    char refused[2 * PATH_MAX];   /* why the shim would refuse it; "" when trusted */
    char unloadable[256];         /* what it needs at load time and a program here would not find */
    char unmet[512];              /* every need a program here would not find (JSON) */
};

/* Every set of root, oldest first, with what it needs judged when judge is set; the count into count; NULL when
 * out of memory. free() it. */
struct listed_set *set_listing_read(const char *root, int judge, int *count);

#endif
