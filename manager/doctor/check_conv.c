/*
 * What 'cudnnv check' does inside its child process. The shim is opened by
 * path after CUDNNV_VERSION names the set, so it is the same path every
 * program takes. With a GPU (CUDA driver API through libcuda.so.1, the
 * primary context, which cuDNN shares), it runs a forward convolution: input
 * 64x32x56x56, 64 filters 3x3, padding 1, float, NCHW; 10 runs to warm up,
 * then the mean of 100. cuDNN's types are declared here by their documented
 * values, so no cuDNN header is needed to build cudnnv.
 */
#define _GNU_SOURCE
#include "check_conv.h"
#include "platform.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { DATA_FLOAT = 0, TENSOR_NCHW = 0, CROSS_CORRELATION = 1 };

struct algorithm_performance {   /* cudnnConvolutionFwdAlgoPerf_t */
    int algorithm;
    int status;
    float time;
    size_t memory;
    int determinism;
    int math_type;
    int reserved[3];
};

struct cuda_driver {
    int (*init)(unsigned);
    int (*device_get)(int *, int);
    int (*primary_context)(void **, int);
    int (*set_current)(void *);
    int (*allocate)(unsigned long long *, size_t);
    int (*fill)(unsigned long long, unsigned, size_t);
    int (*synchronize)(void);
};

struct cudnn_api {
    size_t (*get_version)(void);
    size_t (*get_cudart_version)(void);
    int (*create)(void **);
    const char *(*error_string)(int);
    int (*create_tensor)(void **);
    int (*set_tensor)(void *, int, int, int, int, int, int);
    int (*create_filter)(void **);
    int (*set_filter)(void *, int, int, int, int, int, int);
    int (*create_convolution)(void **);
    int (*set_convolution)(void *, int, int, int, int, int, int, int, int);
    int (*pick_algorithm)(void *, void *, void *, void *, void *, int, int *, struct algorithm_performance *);
    int (*workspace_size)(void *, void *, void *, void *, void *, int, size_t *);
    int (*forward)(void *, const void *, void *, const void *, void *, const void *, void *, int, void *,
                   size_t, const void *, void *, void *);
};

/* A function to find: its name, and where to store it (dlsym returns it as data, as POSIX allows). */
struct wanted {
    const char *name;
    void **slot;
};

static int look_up_all(void *library, const struct wanted *wanted, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        *wanted[i].slot = dlsym(library, wanted[i].name);
        if (*wanted[i].slot == NULL)
            return 0;
    }
    return 1;
}

static int load_cudnn(void *shim, struct cudnn_api *api)
{
    const struct wanted wanted[] = {
        {"cudnnGetVersion", (void **)&api->get_version},
        {"cudnnGetCudartVersion", (void **)&api->get_cudart_version},
        {"cudnnCreate", (void **)&api->create},
        {"cudnnGetErrorString", (void **)&api->error_string},
        {"cudnnCreateTensorDescriptor", (void **)&api->create_tensor},
        {"cudnnSetTensor4dDescriptor", (void **)&api->set_tensor},
        {"cudnnCreateFilterDescriptor", (void **)&api->create_filter},
        {"cudnnSetFilter4dDescriptor", (void **)&api->set_filter},
        {"cudnnCreateConvolutionDescriptor", (void **)&api->create_convolution},
        {"cudnnSetConvolution2dDescriptor", (void **)&api->set_convolution},
        {"cudnnGetConvolutionForwardAlgorithm_v7", (void **)&api->pick_algorithm},
        {"cudnnGetConvolutionForwardWorkspaceSize", (void **)&api->workspace_size},
        {"cudnnConvolutionForward", (void **)&api->forward},
    };
    return look_up_all(shim, wanted, sizeof wanted / sizeof wanted[0]);
}

/* The CUDA driver and its primary context on GPU 0; 0 when ready. */
static int start_gpu(struct cuda_driver *cuda, char *why, size_t size)
{
    void *library = dlopen(PLATFORM_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
    void *context = NULL;
    int device = 0;
    if (library == NULL) {
        snprintf(why, size, "no CUDA driver (" PLATFORM_CUDA_DRIVER ")");
        return -1;
    }
    const struct wanted wanted[] = {
        {"cuInit", (void **)&cuda->init},
        {"cuDeviceGet", (void **)&cuda->device_get},
        {"cuDevicePrimaryCtxRetain", (void **)&cuda->primary_context},
        {"cuCtxSetCurrent", (void **)&cuda->set_current},
        {"cuMemAlloc_v2", (void **)&cuda->allocate},
        {"cuMemsetD32_v2", (void **)&cuda->fill},
        {"cuCtxSynchronize", (void **)&cuda->synchronize},
    };
    if (!look_up_all(library, wanted, sizeof wanted / sizeof wanted[0])) {
        snprintf(why, size, PLATFORM_CUDA_DRIVER " lacks the functions the check needs");
        return -1;
    }
    int status = cuda->init(0);
    if (status == 0)
        status = cuda->device_get(&device, 0);
    if (status == 0)
        status = cuda->primary_context(&context, device);
    if (status == 0)
        status = cuda->set_current(context);
    if (status != 0)
        snprintf(why, size, "no usable GPU (CUDA driver error %d)", status);
    return status == 0 ? 0 : -1;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Describes the problem, picks cuDNN's preferred algorithm, and times it. */
static int time_convolution(const struct cudnn_api *api, const struct cuda_driver *cuda, void *handle)
{
    void *x, *w, *convolution, *y;
    struct algorithm_performance best;
    int returned = 0, status = 0;
    size_t workspace_size = 0;
    unsigned long long x_data, w_data, y_data, workspace = 0;
    const float one = 1.0f, zero = 0.0f;
    status |= api->create_tensor(&x) | api->set_tensor(x, TENSOR_NCHW, DATA_FLOAT, 64, 32, 56, 56);
    status |= api->create_filter(&w) | api->set_filter(w, DATA_FLOAT, TENSOR_NCHW, 64, 32, 3, 3);
    status |= api->create_convolution(&convolution) |
              api->set_convolution(convolution, 1, 1, 1, 1, 1, 1, CROSS_CORRELATION, DATA_FLOAT);
    status |= api->create_tensor(&y) | api->set_tensor(y, TENSOR_NCHW, DATA_FLOAT, 64, 64, 56, 56);
    status |= api->pick_algorithm(handle, x, w, convolution, y, 1, &returned, &best);
    status |= api->workspace_size(handle, x, w, convolution, y, best.algorithm, &workspace_size);
    if (status != 0 || returned < 1)
        return printf("convolution: cuDNN refused the problem description (status %d)\n", status), 1;
    if (cuda->allocate(&x_data, 64UL * 32 * 56 * 56 * 4) || cuda->allocate(&w_data, 64UL * 32 * 9 * 4) ||
        cuda->allocate(&y_data, 64UL * 64 * 56 * 56 * 4) ||
        (workspace_size && cuda->allocate(&workspace, workspace_size)))
        return printf("convolution: cannot allocate GPU memory\n"), 1;
    cuda->fill(x_data, 0x3f800000u, 64UL * 32 * 56 * 56);
    cuda->fill(w_data, 0x3c23d70au, 64UL * 32 * 9);
    double start = 0;
    for (int run = 0; run < 110 && status == 0; run++) {
        if (run == 10) {
            cuda->synchronize();
            start = now();
        }
        status = api->forward(handle, &one, x, (void *)x_data, w, (void *)w_data, convolution, best.algorithm,
                              (void *)workspace, workspace_size, &zero, y, (void *)y_data);
    }
    cuda->synchronize();
    if (status != 0)
        return printf("convolution: failed: %s\n", api->error_string(status)), 1;
    printf("convolution 64x32x56x56 * 64x32x3x3, padding 1 (algorithm %d, workspace %zu bytes): mean %.3f ms over 100 runs\n",
           best.algorithm, workspace_size, (now() - start) * 1000 / 100);
    return 0;
}

int check_through_shim(const char *shim_path, int json)
{
    struct cudnn_api api;
    struct cuda_driver cuda;
    char why[128];
    void *handle = NULL;
    (void)json;
    void *shim = dlopen(shim_path, RTLD_NOW | RTLD_LOCAL);
    if (shim == NULL || !load_cudnn(shim, &api))
        return printf("cannot open the shim %s: %s\n", shim_path, dlerror()), 1;
    size_t version = api.get_version();
    printf("cudnnGetVersion() = %zu\ncudnnGetCudartVersion() = %zu\n", version, api.get_cudart_version());
    int gpu = start_gpu(&cuda, why, sizeof why) == 0;
    int status = api.create(&handle);
    printf("cudnnCreate() = %d (%s)\n", status, api.error_string(status));
    if (!gpu || status != 0) {
        printf("convolution: skipped: %s\n", gpu ? "cudnnCreate failed" : why);
        return 0;
    }
    return time_convolution(&api, &cuda, handle);
}
