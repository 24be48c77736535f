/*
 * cuda_components.h: the table. The rows are what TensorFlow, PyTorch, JAX
 * and ONNX Runtime open of CUDA by soname (cudart, cuBLAS and cuBLASLt,
 * cuFFT, cuRAND, cuSOLVER, cuSPARSE, NVRTC), what cuDNN opens (cuBLASLt,
 * NVRTC), and the CUDA libraries those need by DT_NEEDED or dlopen
 * (NVRTC's builtins, nvJitLink for CUDA 12's cuSOLVER and cuSPARSE,
 * cuSOLVER's multi-GPU half), and what PyTorch links besides (CUPTI, NVTX,
 * cuFile). Names per source are NVIDIA's and conda-forge's own spellings.
 * The CUDA libraries of a set are the rows cuDNN opens itself (cudart, cuBLAS
 * and cuBLASLt, NVRTC and its builtins), by their redist packages.
 */
#include "cuda_components.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct cuda_component components[] = {
    {.name = "cudart", .linux_stem = "libcudart", .windows_stem = "cudart64_", .redist = "cuda_cudart",
     .wheel = "nvidia-cuda-runtime", .conda = "cuda-cudart", .apt = "cuda-cudart", .runtime_required = 1, .set_loads = 1},
    {.name = "cublas", .linux_stem = "libcublas", .windows_stem = "cublas64_", .redist = "libcublas",
     .wheel = "nvidia-cublas", .conda = "libcublas", .apt = "libcublas", .runtime_required = 1, .set_loads = 1},
    {.name = "cublasLt", .linux_stem = "libcublasLt", .windows_stem = "cublasLt64_", .redist = "libcublas",
     .wheel = "nvidia-cublas", .conda = "libcublas", .apt = "libcublas", .runtime_required = 1, .set_loads = 1},
    {.name = "cufft", .linux_stem = "libcufft", .windows_stem = "cufft64_", .redist = "libcufft",
     .wheel = "nvidia-cufft", .conda = "libcufft", .apt = "libcufft", .runtime_required = 1},
    {.name = "curand", .linux_stem = "libcurand", .windows_stem = "curand64_", .redist = "libcurand",
     .wheel = "nvidia-curand", .conda = "libcurand", .apt = "libcurand", .runtime_required = 1},
    {.name = "cusolver", .linux_stem = "libcusolver", .windows_stem = "cusolver64_", .redist = "libcusolver",
     .wheel = "nvidia-cusolver", .conda = "libcusolver", .apt = "libcusolver", .runtime_required = 1},
    {.name = "cusolverMg", .linux_stem = "libcusolverMg", .windows_stem = "cusolverMg64_", .redist = "libcusolver",
     .wheel = "nvidia-cusolver", .conda = "libcusolver", .apt = "libcusolver", .runtime_required = 0},
    {.name = "cusparse", .linux_stem = "libcusparse", .windows_stem = "cusparse64_", .redist = "libcusparse",
     .wheel = "nvidia-cusparse", .conda = "libcusparse", .apt = "libcusparse", .runtime_required = 1},
    {.name = "nvrtc", .linux_stem = "libnvrtc", .windows_stem = "nvrtc64_", .redist = "cuda_nvrtc",
     .wheel = "nvidia-cuda-nvrtc", .conda = "cuda-nvrtc", .apt = "cuda-nvrtc", .runtime_required = 0, .set_loads = 1},
    {.name = "nvrtc-builtins", .linux_stem = "libnvrtc-builtins", .windows_stem = "nvrtc-builtins64_",
     .redist = "cuda_nvrtc", .wheel = "nvidia-cuda-nvrtc", .conda = "cuda-nvrtc", .apt = "cuda-nvrtc",
     .runtime_required = 0, .set_loads = 1},
    {.name = "nvJitLink", .linux_stem = "libnvJitLink", .windows_stem = "nvJitLink_", .redist = "libnvjitlink",
     .wheel = "nvidia-nvjitlink", .conda = "libnvjitlink", .apt = "libnvjitlink", .runtime_required = 0},
    {.name = "cupti", .linux_stem = "libcupti", .windows_stem = "cupti64_", .redist = "cuda_cupti",
     .wheel = "nvidia-cuda-cupti", .conda = "cuda-cupti", .apt = "cuda-cupti", .runtime_required = 0},
    {.name = "nvToolsExt", .linux_stem = "libnvToolsExt", .windows_stem = "nvToolsExt64_", .redist = "cuda_nvtx",
     .wheel = "nvidia-nvtx", .conda = "cuda-nvtx", .apt = "cuda-nvtx", .runtime_required = 0},
    {.name = "cufile", .linux_stem = "libcufile", .windows_stem = "cufile64_", .redist = "libcufile",
     .wheel = "nvidia-cufile", .conda = "libcufile", .apt = "libcufile", .runtime_required = 0},
};

const struct cuda_component *cuda_components(size_t *count)
{
    *count = sizeof components / sizeof components[0];
    return components;
}

/* Whether text is nothing, or ".N" parts of digits only (".12", ".12.2.140"): what may follow a library's ".so". */
static int version_tail(const char *text)
{
    while (*text == '.') {
        size_t digits = strspn(text + 1, "0123456789");
        if (digits == 0)
            return 0;
        text += 1 + digits;
    }
    return *text == '\0';
}

/* libSTEM.so, libSTEM.so.N...: the stem exactly, then ".so", then dotted digits or nothing (never
 * libcudart.so.12.bak, .so.12~ or a trailing blank). */
static int linux_library_of(const char *file_name, const char *stem)
{
    size_t length = strlen(stem);
    const char *rest = file_name + length;
    return strncmp(file_name, stem, length) == 0 && strncmp(rest, ".so", 3) == 0 && version_tail(rest + 3);
}

/* STEMNNN.dll, as Windows spells it (any case): the stem, a version of digits and '_', ".dll". */
static int windows_library_of(const char *file_name, const char *stem)
{
    size_t length = strlen(file_name), stem_length = strlen(stem);
    if (length <= stem_length + 4 || strncasecmp(file_name, stem, stem_length) != 0 ||
        strcasecmp(file_name + length - 4, ".dll") != 0)
        return 0;
    size_t middle = length - 4 - stem_length;
    return strspn(file_name + stem_length, "0123456789_") == middle;
}

const struct cuda_component *cuda_component_of_library_on(const char *file_name, int windows)
{
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        if (windows ? windows_library_of(file_name, components[i].windows_stem)
                    : linux_library_of(file_name, components[i].linux_stem))
            return &components[i];
    }
    return NULL;
}

const struct cuda_component *cuda_component_of_library(const char *file_name)
{
    const struct cuda_component *row = cuda_component_of_library_on(file_name, 0);
    return row != NULL ? row : cuda_component_of_library_on(file_name, 1);
}

const struct cuda_component *cuda_component_named(const char *name)
{
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        if (strcmp(components[i].name, name) == 0)
            return &components[i];
    }
    return NULL;
}

const char *cuda_component_name_in(const struct cuda_component *component, enum cuda_source source)
{
    switch (source) {
    case CUDA_SOURCE_REDIST: return component->redist;
    case CUDA_SOURCE_WHEEL: return component->wheel;
    case CUDA_SOURCE_CONDA: return component->conda;
    default: return component->apt;
    }
}

void cuda_component_wheel(const struct cuda_component *component, int cuda_major, char *project, char *prefix,
                          size_t size)
{
    if (cuda_major >= 13)
        snprintf(project, size, "%s", component->wheel);
    else
        snprintf(project, size, "%s-cu%d", component->wheel, cuda_major);
    snprintf(prefix, size, "%s", project);
    for (char *c = prefix; *c; c++)
        *c = *c == '-' ? '_' : *c;
}

size_t cuda_component_packages(enum cuda_source source, const struct cuda_component **rows, int *required,
                               size_t max)
{
    size_t used = 0;
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        const char *name = cuda_component_name_in(&components[i], source);
        size_t k = 0;
        while (k < used && strcmp(cuda_component_name_in(rows[k], source), name) != 0)
            k++;
        if (k == used && used < max) {
            rows[used] = &components[i];
            required[used++] = 0;
        }
        if (k < used)
            required[k] |= components[i].runtime_required;
    }
    return used;
}

size_t cuda_libs_components(const char **names, size_t max)
{
    size_t used = 0;
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        size_t k = 0;
        while (k < used && strcmp(names[k], components[i].redist) != 0)
            k++;
        if (components[i].set_loads && k == used && used < max)
            names[used++] = components[i].redist;
    }
    return used;
}

const char *cuda_libs_of_library(const char *file_name)
{
    const struct cuda_component *row = cuda_component_of_library(file_name);
    return row != NULL && row->set_loads ? row->redist : NULL;
}

const struct cuda_component *cuda_libs_row(const char *name)
{
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        if (components[i].set_loads && strcmp(components[i].redist, name) == 0)
            return &components[i];
    }
    return NULL;
}

const char *cuda_libs_named(const char *name)
{
    const struct cuda_component *row = cuda_libs_row(name);
    return row != NULL ? row->redist : NULL;
}

int cuda_looks_like_library(const char *file_name)
{
    size_t length = strlen(file_name);
    const char *so = strstr(file_name, ".so");
    if (length > 4 && strcasecmp(file_name + length - 4, ".dll") == 0)
        return 1;
    return strncmp(file_name, "lib", 3) == 0 && so != NULL && version_tail(so + 3);
}

/* Whether file_name starts with name then '-' (or '_', when under_too), the way a source names a package's files. */
static int names_package(const char *file_name, const char *name, int under_too)
{
    size_t length = strlen(name);
    return strncmp(file_name, name, length) == 0 && (file_name[length] == '-' || (under_too && file_name[length] == '_'));
}

int cuda_package_is_required(const char *file_name)
{
    static const enum cuda_source sources[] = {CUDA_SOURCE_REDIST, CUDA_SOURCE_WHEEL, CUDA_SOURCE_CONDA, CUDA_SOURCE_APT};
    char wheel[64];
    for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
        if (!components[i].runtime_required)
            continue;
        for (size_t s = 0; s < sizeof sources / sizeof sources[0]; s++) {
            const char *name = cuda_component_name_in(&components[i], sources[s]);
            snprintf(wheel, sizeof wheel, "%s", name);
            for (char *c = wheel; *c; c++)
                *c = *c == '-' ? '_' : *c;
            if (names_package(file_name, name, 0) || names_package(file_name, wheel, 1))
                return 1;
        }
    }
    return 0;
}
