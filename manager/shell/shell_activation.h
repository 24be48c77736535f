/*
 * What a process needs in its environment to get the selected sets through
 * the shims: the shim directory first on LD_LIBRARY_PATH, and each selected
 * major's shim in LD_PRELOAD (programs with an RPATH to another cuDNN, like
 * PyTorch wheels, bypass LD_LIBRARY_PATH but not a preloaded shim).
 * Shared by exec and env.
 */
#ifndef CUDNNV_ACTIVATION_H
#define CUDNNV_ACTIVATION_H

#include "cudnnv_select.h"

#include <limits.h>

#define ACTIVATION_VARIABLES 2

/*
 * What a process started now needs: on Linux LD_LIBRARY_PATH (the shim
 * directory first) and LD_PRELOAD (the shims of the majors a source chose);
 * on Windows PATH (the shims' bin folder first). Each value keeps the
 * variable's current one after cudnnv's entry.
 */
struct activation {
    char shim_dir[PATH_MAX];
    int preloaded[CUDNNV_LAST_MAJOR + 1];   /* the majors whose shims LD_PRELOAD names */
    char preload[4 * PATH_MAX];        /* the selected majors' shims, ':'-separated (Linux) */
    int count;
    const char *names[ACTIVATION_VARIABLES];
    char values[ACTIVATION_VARIABLES][8 * PATH_MAX];
};

int activation_plan(struct activation *plan);
int activation_plan_with(const char *version, struct activation *plan);
/* The same plan for an image whose store is image_root (Linux): only cudnnv's entries, at the image's paths. */
void activation_for_image(struct activation *plan, const char *image_root);

/* For a command that loads cuDNN in this process as a program started here would (check): the runtime folder
 * (the project's pinned one, "" for none) put first on the library path. 1 when the loader reads that path only at
 * a process's start (Linux): the command must start again for it to count; else 0. */
int activation_runtime_first(const char *runtime);
/* The shims, then the project's pinned CUDA runtime: what leads the library path; -1 with why when the pin
 * cannot be served (out then holds the shims alone). */
struct cudnnv_where;
int activation_library_path_first(const struct cudnnv_where *where, const char *shim_dir, char *out, size_t size,
                                  char *why, size_t why_size);

#endif
