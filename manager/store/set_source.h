/*
 * Where the cuDNN files are inside a source directory (a CUDA toolkit, a pip
 * nvidia/cudnn folder, an unpacked NVIDIA archive): the layout the store
 * reads (include/, lib/, bin/ and lib/x64/ on Windows). The copy of just
 * those files into a new set is install's (install/set_layout_collect.h).
 */
#ifndef CUDNNV_SET_SOURCE_H
#define CUDNNV_SET_SOURCE_H

#include <limits.h>
#include <stddef.h>

struct set_layout {
    char root[PATH_MAX];        /* the directory holding include/ lib/ ... */
    char include_dir[PATH_MAX]; /* "" when absent */
    char lib_dir[PATH_MAX];     /* libcudnn*.so* */
    char bin_dir[PATH_MAX];     /* cudnn*.dll */
    char import_dir[PATH_MAX];  /* cudnn*.lib */
};

int set_layout_find(const char *dir, struct set_layout *layout);
int set_layout_find_all(const char *dir, struct set_layout *layouts, int max);
int set_layout_at(const char *dir, struct set_layout *layout);
const char *set_layout_platform(const struct set_layout *layout, const char *source);

#endif
