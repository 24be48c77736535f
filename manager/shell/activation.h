/*
 * What a process needs in its environment to get the selected sets through
 * the shims: the shim directory first on LD_LIBRARY_PATH, and each selected
 * major's shim in LD_PRELOAD (programs with an RPATH to another cuDNN, like
 * PyTorch wheels, bypass LD_LIBRARY_PATH but not a preloaded shim).
 * Shared by exec and env.
 */
#ifndef CUDNNV_ACTIVATION_H
#define CUDNNV_ACTIVATION_H

#include <limits.h>

struct activation {
    char shim_dir[PATH_MAX];
    char preload[4 * PATH_MAX];        /* the selected majors' shims, ':'-separated */
    char library_path[8 * PATH_MAX];   /* shim_dir, then the current LD_LIBRARY_PATH */
    char full_preload[8 * PATH_MAX];   /* preload, then the current LD_PRELOAD */
};

int activation_plan(struct activation *plan);

#endif
