/*
 * Doctor checks of the machine: the NVIDIA driver's version (from
 * /proc/driver/nvidia/version, else NVML's nvmlSystemGetDriverVersion, which
 * also works in containers without /proc/driver) against what the selected
 * set's CUDA needs, and every GPU's compute capability (gpu_list.c) against
 * the range the set's build has code for.
 * CUDNNV_NVIDIA_VERSION_FILE names another file to read the driver version
 * from (the tests use it; so can a container without /proc/driver).
 */
#define _GNU_SOURCE
#include "doctor.h"

#include "catalog.h"
#include "fsutil.h"
#include "gpu_list.h"
#include "platform.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
static int read_driver_version(char *out, size_t size, const char **where)
{
    const char *path = getenv("CUDNNV_NVIDIA_VERSION_FILE");
    *where = path && path[0] ? path : "/proc/driver/nvidia/version";
    char *text = read_small_file(*where, 4096);
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
static int driver_cuda_from_libcuda(char *out, size_t size)
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
static int driver_ceiling(const char *driver, char *cuda, size_t size)
{
    return driver_cuda_from_libcuda(cuda, size) || doctor_newest_cuda_for_driver(driver, cuda, size);
}

/* "supports CUDA up to 13.0;" for the driver line. */
static void describe_driver_ceiling(const char *driver, char *out, size_t size)
{
    char cuda[32];
    if (driver_ceiling(driver, cuda, sizeof cuda))
        snprintf(out, size, " supports CUDA up to %s;", cuda);
    else
        out[0] = '\0';
}

/*
 * This machine's driver version and the newest CUDA it runs (install RELEASE
 * asks); 0 when unknown. Without /proc/driver and NVML (a container given
 * only libcuda.so.1), the CUDA driver library alone still says the CUDA.
 */
int doctor_driver_cuda(char *driver, size_t driver_size, char *cuda, size_t cuda_size)
{
    const char *where;
    if (read_driver_version(driver, driver_size, &where) == 0)
        return driver_ceiling(driver, cuda, cuda_size);
    snprintf(driver, driver_size, "%s", "in " PLATFORM_CUDA_DRIVER);
    return driver_cuda_from_libcuda(cuda, cuda_size);
}

/*
 * No driver version to read (no /proc/driver, no NVML): the CUDA driver
 * library alone still says the newest CUDA it runs, which the set's CUDA
 * build must not exceed.
 */
static void check_cuda_by_libcuda(struct doctor *doctor, const char *name, const char *cuda, const char *where)
{
    char ceiling[32];
    if (!driver_cuda_from_libcuda(ceiling, sizeof ceiling))
        doctor_add(doctor, DOCTOR_SKIP, "driver", NULL,
                   "no NVIDIA driver found (no %s, no NVML, no " PLATFORM_CUDA_DRIVER "): cannot check it against %s",
                   where, name);
    else if (cuda[0] == '\0')
        doctor_add(doctor, DOCTOR_SKIP, "driver", NULL,
                   PLATFORM_CUDA_DRIVER " runs CUDA up to %s; the catalog does not say which CUDA %s was built for",
                   ceiling, name);
    else if (doctor_compare_versions(ceiling, cuda) >= 0)
        doctor_add(doctor, DOCTOR_OK, "driver", NULL, PLATFORM_CUDA_DRIVER " runs CUDA up to %s; %s needs CUDA %s",
                   ceiling, name, cuda);
    else
        doctor_add(doctor, DOCTOR_FAIL, "driver",
                   "install a newer NVIDIA driver, or a cuDNN built for an older CUDA ('cudnnv known')",
                   PLATFORM_CUDA_DRIVER " runs CUDA up to %s, but %s needs CUDA %s", ceiling, name, cuda);
}

void doctor_check_driver(struct doctor *doctor)
{
    char ceiling[64];
    char driver[32], cuda[64], min_driver[64], min_cc[64];
    const char *where;
    int driver_known = read_driver_version(driver, sizeof driver, &where) == 0;
    if (driver_known)
        describe_driver_ceiling(driver, ceiling, sizeof ceiling);
    for (int major = 7; major <= 9; major++) {
        if (!doctor->selected[major])
            continue;
        const char *name = doctor->choice[major].name;
        int facts = doctor_build_facts(name, cuda, min_driver, min_cc, sizeof cuda);
        if (!driver_known) {
            check_cuda_by_libcuda(doctor, name, facts < 0 ? "" : cuda, where);
            continue;
        }
        if (facts < 0 || min_driver[0] == '\0') {
            doctor_add(doctor, DOCTOR_SKIP, "driver", NULL,
                       "driver %s; the catalog does not say which driver %s needs", driver, name);
            continue;
        }
        const char *assumed = facts == 1 ? " (its CUDA build is not recorded; its least demanding build)" : "";
        if (doctor_compare_versions(driver, min_driver) >= 0)
            doctor_add(doctor, DOCTOR_OK, "driver", NULL, "driver %s (from %s)%s %s needs CUDA %s (driver %s or newer)%s",
                       driver, where, ceiling, name, cuda, min_driver, assumed);
        else
            doctor_add(doctor, DOCTOR_FAIL, "driver",
                       "install an NVIDIA driver at least that new, or a cuDNN built for an older CUDA ('cudnnv known')",
                       "driver %s (from %s)%s %s needs CUDA %s, which needs driver %s or newer%s", driver, where,
                       ceiling, name, cuda, min_driver, assumed);
    }
}

/* One GPU against one selected set's build, as one finding. */
static void judge_gpu(struct doctor *doctor, const char *label, const char *capability, const char *name,
                      const struct catalog_build *build, int known)
{
    const char *min = build->min_compute_capability, *max = build->max_compute_capability;
    enum catalog_gpu_fit fit = known < 0 ? CATALOG_GPU_RUNS : catalog_build_fit(build, capability, NULL);
    if (fit == CATALOG_GPU_TOO_OLD)
        doctor_add(doctor, DOCTOR_FAIL, "GPU", "use an older cuDNN release that still supports this GPU ('cudnnv known --gpu')",
                   "%s (compute capability %s) is too old for %s, which needs at least %s", label, capability,
                   name, min);
    else if (fit == CATALOG_GPU_TOO_NEW)
        doctor_add(doctor, DOCTOR_WARN, "GPU", "use a newer cuDNN release that lists this GPU ('cudnnv known --gpu')",
                   "%s (compute capability %s) is newer than any GPU %s lists (up to %s): it may have no code for it",
                   label, capability, name, max);
    else if (known < 0 || min[0] == '\0')
        doctor_add(doctor, DOCTOR_SKIP, "GPU", NULL,
                   "%s (compute capability %s); the catalog does not say which GPUs %s supports", label, capability,
                   name);
    else
        doctor_add(doctor, DOCTOR_OK, "GPU", NULL, "%s (compute capability %s) is supported by %s (at least %s%s%s)",
                   label, capability, name, min, max[0] ? ", up to " : "", max);
}

/* Every GPU of this machine (each compute capability once) against each selected set. */
void doctor_check_gpu(struct doctor *doctor)
{
    struct gpu_list list;
    char why[256], label[160];
    if (gpu_list_detect(&list, why, sizeof why) < 0) {
        doctor_add(doctor, DOCTOR_SKIP, "GPU", NULL, "%s: cannot check the compute capability", why);
        return;
    }
    for (int major = 7; major <= 9; major++) {
        if (!doctor->selected[major])
            continue;
        const char *name = doctor->choice[major].name;
        struct catalog_build build;
        int known = doctor_set_build(name, &build);
        for (int i = 0; i < list.count; i++) {
            int seen = 0;
            for (int j = 0; j < i; j++)
                seen |= strcmp(list.gpus[j].capability, list.gpus[i].capability) == 0;
            if (seen)
                continue;
            if (list.count > 1)
                snprintf(label, sizeof label, "GPU %d, %s", i, list.gpus[i].name);
            else
                snprintf(label, sizeof label, "%s", list.gpus[i].name);
            judge_gpu(doctor, label, list.gpus[i].capability, name, &build, known);
        }
    }
}
