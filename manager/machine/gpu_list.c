/*
 * gpu_list.h: every GPU the CUDA driver API lists (libcuda is loaded with
 * dlopen, so cudnnv runs where there is none), or the compute capabilities
 * of --gpu; and whether a catalog build has code for all of them.
 */
#include "gpu_list.h"
#include "option_names.h"

#include "platform.h"

#include "cudnnv_select.h"
#include "messages.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*cu_init_fn)(unsigned);
typedef int (*cu_count_fn)(int *);
typedef int (*cu_get_fn)(int *, int);
typedef int (*cu_attribute_fn)(int *, int, int);
typedef int (*cu_name_fn)(char *, int, int);

#define CU_ATTRIBUTE_CC_MAJOR 75
#define CU_ATTRIBUTE_CC_MINOR 76

struct cuda_api {
    cu_init_fn init;
    cu_count_fn count;
    cu_get_fn get;
    cu_attribute_fn attribute;
    cu_name_fn name;
};

static int load_api(struct cuda_api *api, char *why, size_t size)
{
    void *cuda = dlopen(PLATFORM_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
    if (cuda == NULL) {
        snprintf(why, size, "no CUDA driver library (" PLATFORM_CUDA_DRIVER ")");
        return -1;
    }
    api->init = (cu_init_fn)dlsym(cuda, "cuInit");
    api->count = (cu_count_fn)dlsym(cuda, "cuDeviceGetCount");
    api->get = (cu_get_fn)dlsym(cuda, "cuDeviceGet");
    api->attribute = (cu_attribute_fn)dlsym(cuda, "cuDeviceGetAttribute");
    api->name = (cu_name_fn)dlsym(cuda, "cuDeviceGetName");
    if (!api->init || !api->count || !api->get || !api->attribute || !api->name) {
        snprintf(why, size, PLATFORM_CUDA_DRIVER " lacks the device functions");
        return -1;
    }
    return 0;
}

static int describe_device(const struct cuda_api *api, int ordinal, struct gpu *gpu)
{
    int device = 0, major = 0, minor = 0;
    if (api->get(&device, ordinal) != 0 || api->attribute(&major, CU_ATTRIBUTE_CC_MAJOR, device) != 0 ||
        api->attribute(&minor, CU_ATTRIBUTE_CC_MINOR, device) != 0 ||
        api->name(gpu->name, sizeof gpu->name, device) != 0 || major <= 0 || minor < 0)
        return -1;
    gpu->name[sizeof gpu->name - 1] = '\0';
    snprintf(gpu->capability, sizeof gpu->capability, "%d.%d", major, minor);
    return 0;
}

/* This machine's GPUs: their count, or -1 with the reason in why. */
int gpu_list_detect(struct gpu_list *list, char *why, size_t size)
{
    struct cuda_api api;
    int devices = 0, status;
    memset(list, 0, sizeof *list);
    if (load_api(&api, why, size) != 0)
        return -1;
    if ((status = api.init(0)) != 0 || (status = api.count(&devices)) != 0 || devices <= 0) {
        snprintf(why, size, "the CUDA driver sees no GPU (cuInit/cuDeviceGetCount: %d, %d devices)", status, devices);
        return -1;
    }
    for (int i = 0; i < devices && list->count < GPU_LIST_MAX; i++) {
        if (describe_device(&api, i, &list->gpus[list->count]) != 0) {
            snprintf(why, size, "the CUDA driver did not describe GPU %d", i);
            return -1;
        }
        list->count++;
    }
    return list->count;
}

/* --gpu 6.1 or --gpu 6.1,8.0 (--gpu any: no GPU to choose for): the count, or -1 when a value is no compute capability. */
int gpu_list_from_option(struct gpu_list *list, const char *option)
{
    char copy[256];
    memset(list, 0, sizeof *list);
    list->given = 1;
    if (strcmp(option, "any") == 0)
        return 0;
    if (snprintf(copy, sizeof copy, "%s", option) >= (int)sizeof copy)
        return -1;
    for (char *next, *item = copy; item != NULL; item = next) {
        next = strchr(item, ',');
        if (next != NULL)
            *next++ = '\0';
        int major = 0, minor = 0, used = 0;
        if (list->count == GPU_LIST_MAX || sscanf(item, "%2d.%2d%n", &major, &minor, &used) != 2 ||
            item[used] != '\0' || major <= 0 || minor < 0 || item[0] == '+' || strchr(item, ' '))
            return -1;
        struct gpu *gpu = &list->gpus[list->count++];
        snprintf(gpu->name, sizeof gpu->name, OPTION_GPU);
        snprintf(gpu->capability, sizeof gpu->capability, "%d.%d", major, minor);
    }
    return list->count;
}

/* The GPUs a choice is for: --gpu's, else this machine's when the choice is for it; 0 when none. */
int gpu_list_for_choice(struct gpu_list *list, const char *option, int this_machine)
{
    char why[256];
    if (option != NULL)
        return gpu_list_from_option(list, option);
    if (!this_machine || gpu_list_detect(list, why, sizeof why) < 0) {
        memset(list, 0, sizeof *list);
        return 0;
    }
    return list->count;
}

/* 0 when the build has code for every GPU (or cannot be said not to); 1 with why ("has no code for ..."). */
int gpu_list_unfit(const struct gpu_list *list, const struct catalog_build *build, char *why, size_t size)
{
    for (int i = 0; i < list->count; i++) {
        const struct gpu *gpu = &list->gpus[i];
        enum catalog_gpu_fit fit = catalog_build_fit(build, gpu->capability, NULL);
        if (fit == CATALOG_GPU_TOO_OLD) {
            snprintf(why, size, "has no code for compute capability %s: it needs %s or newer", gpu->capability,
                     build->min_compute_capability);
            return 1;
        }
        if (fit == CATALOG_GPU_TOO_NEW) {
            snprintf(why, size, "does not list compute capability %s: it lists up to %s", gpu->capability,
                     build->max_compute_capability);
            return 1;
        }
    }
    return 0;
}

/* 1 when no build of the release for the platform has code for every GPU, with the first build's reason in why. */
int gpu_list_release_unfit(const struct gpu_list *list, const struct catalog_release *release, int platform,
                           char *why, size_t size)
{
    int builds = 0;
    char reason[160];
    for (int b = 0; b < release->build_count; b++) {
        if (release->builds[b].archive[platform].name[0] == '\0')
            continue;
        if (!gpu_list_unfit(list, &release->builds[b], reason, sizeof reason))
            return 0;
        if (builds++ == 0)
            snprintf(why, size, "%s", reason);
    }
    return builds > 0;
}

/* "compute capability 6.1" or "compute capabilities 6.1, 8.0", for messages. */
void gpu_list_describe(const struct gpu_list *list, char *out, size_t size)
{
    snprintf(out, size, "compute capabilit%s ", list->count == 1 ? "y" : "ies");
    for (int i = 0; i < list->count; i++) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", i ? ", " : "", list->gpus[i].capability);
    }
}

int gpu_option_refused(const char *option)
{
    return usage_problem(OPTION_GPU " takes compute capabilities such as 8.6 or 6.1,8.0, not '%s'", option);
}
