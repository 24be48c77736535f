/*
 * This machine's NVIDIA driver: its version (from /proc/driver/nvidia/version,
 * else NVML's nvmlSystemGetDriverVersion, which also works in containers
 * without /proc/driver) and the newest CUDA it runs (libcuda's own answer,
 * else the catalog's minimum drivers). The libraries are loaded with
 * dlopen, so cudnnv runs where there are none. CUDNNV_NVIDIA_VERSION_FILE
 * names another file to read the version from (the tests use it; so can a
 * container without /proc/driver). Install chooses by it; doctor judges by it.
 */
#define _GNU_SOURCE
#include "driver.h"

#include "catalog.h"
#include "fsutil.h"
#include "platform.h"

#include "cudnnv_select.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The newest CUDA among the catalog's builds whose minimum driver (for this system) this driver meets. */
int driver_newest_catalog_cuda(const char *driver, char *out, size_t size)
{
    struct catalog catalog;
    int found = 0;
    if (catalog_load(&catalog) != 0)
        return 0;
    for (int i = 0; i < catalog.count; i++) {
        for (int b = 0; b < catalog.releases[i].build_count; b++) {
            const struct catalog_build *build = &catalog.releases[i].builds[b];
            const char *min_driver = catalog_build_min_driver(build);
            if (min_driver[0] == '\0' || cudnnv_name_compare(driver, min_driver) < 0)
                continue;
            if (!found || cudnnv_name_compare(build->cuda, out) > 0) {
                snprintf(out, size, "%s", build->cuda);
                found = 1;
            }
        }
    }
    catalog_free(&catalog);
    return found;
}

/* The driver version from NVML (libnvidia-ml.so.1), when the library and a driver are there. */
static int driver_version_from_nvml(char *out, size_t size)
{
    void *nvml = dlopen(PLATFORM_NVML, RTLD_NOW | RTLD_LOCAL);
    int (*init)(void) = NULL, (*shutdown)(void) = NULL;
    int (*version)(char *, unsigned) = NULL;
    if (nvml == NULL)
        return -1;
    *(void **)&init = dlsym(nvml, "nvmlInit_v2");
    *(void **)&version = dlsym(nvml, "nvmlSystemGetDriverVersion");
    *(void **)&shutdown = dlsym(nvml, "nvmlShutdown");
    int status = init && version && shutdown && init() == 0 ? version(out, (unsigned)size) : -1;
    if (init && shutdown && status == 0)
        shutdown();
    return status == 0 ? 0 : -1;
}

/* "... Kernel Module  580.95.05  ..." -> "580.95.05"; else NVML. */
int driver_version_read(char *out, size_t size, const char **where)
{
    const char *path = getenv("CUDNNV_NVIDIA_VERSION_FILE");
    *where = path && path[0] ? path : PLATFORM_DRIVER_VERSION_FILE;
    char *text = (*where)[0] ? read_small_file(*where, 4096) : NULL;
    const char *module = text ? strstr(text, "Kernel Module") : NULL;
    int found = module != NULL && sscanf(module + 13, " %31[0-9.]", out) == 1;
    free(text);
    if (found)
        return 0;
    if ((path == NULL || path[0] == '\0') && driver_version_from_nvml(out, size) == 0) {
        *where = "NVML";
        return 0;
    }
    return -1;
}

/* The newest CUDA the driver runs: libcuda's own answer (cuDriverGetVersion), else 0. */
int driver_cuda_from_libcuda(char *out, size_t size)
{
    void *cuda = dlopen(PLATFORM_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
    int (*version)(int *) = NULL;
    int value = 0;
    if (cuda == NULL)
        return 0;
    *(void **)&version = dlsym(cuda, "cuDriverGetVersion");
    if (version == NULL || version(&value) != 0 || value <= 0)
        return 0;
    snprintf(out, size, "%d.%d", value / 1000, (value % 1000) / 10);
    return 1;
}

/* The newest CUDA the driver runs: from libcuda, else the newest catalog CUDA build the driver meets. */
int driver_ceiling(const char *driver, char *cuda, size_t size)
{
    return driver_cuda_from_libcuda(cuda, size) || driver_newest_catalog_cuda(driver, cuda, size);
}

/*
 * This machine's driver version and the newest CUDA it runs (install RELEASE
 * asks); 0 when unknown. Without /proc/driver and NVML (a container given
 * only libcuda.so.1), the CUDA driver library alone still says the CUDA.
 */
int driver_machine_cuda(char *driver, size_t driver_size, char *cuda, size_t cuda_size)
{
    const char *where;
    if (driver_version_read(driver, driver_size, &where) == 0)
        return driver_ceiling(driver, cuda, cuda_size);
    snprintf(driver, driver_size, "%s", "in " PLATFORM_CUDA_DRIVER);
    return driver_cuda_from_libcuda(cuda, cuda_size);
}
