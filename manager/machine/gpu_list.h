/*
 * The GPUs a choice of cuDNN must run on: this machine's, through the CUDA
 * driver library (the only thing a container is sure to be given), or the
 * compute capabilities a user names with --gpu for another machine.
 */
#ifndef CUDNNV_GPU_LIST_H
#define CUDNNV_GPU_LIST_H

#include "catalog.h"

#include <stddef.h>

#define GPU_LIST_MAX 16

struct gpu {
    char name[128];
    char capability[24];   /* "8.6" */
};

struct gpu_list {
    struct gpu gpus[GPU_LIST_MAX];
    int count;
    int given;              /* from --gpu, not from this machine */
};

int gpu_list_detect(struct gpu_list *list, char *why, size_t size);
int gpu_list_from_option(struct gpu_list *list, const char *option);
int gpu_list_for_choice(struct gpu_list *list, const char *option, int this_machine);
/* A --gpu value that names no compute capabilities, as the command's usage error (usage_problem); EXIT_USAGE. */
int gpu_option_refused(const char *option);
int gpu_list_unfit(const struct gpu_list *list, const struct catalog_build *build, char *why, size_t size);
int gpu_list_release_unfit(const struct gpu_list *list, const struct catalog_release *release, int platform,
                           char *why, size_t size);
void gpu_list_describe(const struct gpu_list *list, char *out, size_t size);

#endif
