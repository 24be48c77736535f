/*
 * Doctor checks of the machine: the NVIDIA driver (machine/driver.c) against
 * what the selected set's CUDA needs, and every GPU's compute capability
 * (machine/gpu_list.c) against the range the set's build has code for.
 */
#include "doctor.h"
#include "option_names.h"

#include "catalog.h"
#include "driver.h"
#include "fsutil.h"
#include "gpu_list.h"
#include "platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
 * No driver version to read (no /proc/driver, no NVML): the CUDA driver
 * library alone still says the newest CUDA it runs, which the set's CUDA
 * build must not exceed.
 */
static enum doctor_verdict judge_by_libcuda(const char *name, const char *cuda, const char *where, char *out,
                                            size_t size, const char **fix)
{
    char ceiling[32];
    *fix = NULL;
    if (!driver_cuda_from_libcuda(ceiling, sizeof ceiling)) {
        snprintf(out, size, "no NVIDIA driver found (no %s%sNVML, no " PLATFORM_CUDA_DRIVER "): cannot check it against %s",
                 where, where[0] ? ", no " : "", name);
        return DOCTOR_SKIP;
    }
    if (cuda[0] == '\0') {
        snprintf(out, size, PLATFORM_CUDA_DRIVER " runs CUDA up to %s; the catalog does not say which CUDA %s was built for",
                 ceiling, name);
        return DOCTOR_SKIP;
    }
    if (doctor_compare_versions(ceiling, cuda) >= 0) {
        snprintf(out, size, PLATFORM_CUDA_DRIVER " runs CUDA up to %s; %s needs CUDA %s", ceiling, name, cuda);
        return DOCTOR_OK;
    }
    *fix = "install a newer NVIDIA driver, or a cuDNN built for an older CUDA ('cudnnv known')";
    snprintf(out, size, PLATFORM_CUDA_DRIVER " runs CUDA up to %s, but %s needs CUDA %s", ceiling, name, cuda);
    return DOCTOR_FAIL;
}

/*
 * The driver, the one need no set can bring (libcuda.so.1, nvcuda.dll),
 * judged for set name: its version against the driver the set's CUDA needs
 * (the catalog's minimum), else the CUDA the driver library says it runs.
 * One wording for doctor's driver check and check's needs.
 */
enum doctor_verdict doctor_driver_verdict(const char *name, char *out, size_t size, const char **fix)
{
    char ceiling[64] = "", driver[32], cuda[64], min_driver[64], min_cc[64];
    const char *where;
    int driver_known = driver_version_read(driver, sizeof driver, &where) == 0;
    int facts = doctor_build_facts(name, cuda, min_driver, min_cc, sizeof cuda);
    *fix = NULL;
    if (!driver_known)
        return judge_by_libcuda(name, facts < 0 ? "" : cuda, where, out, size, fix);
    describe_driver_ceiling(driver, ceiling, sizeof ceiling);
    if (facts < 0 || min_driver[0] == '\0') {
        snprintf(out, size, "driver %s; the catalog does not say which driver %s needs", driver, name);
        return DOCTOR_SKIP;
    }
    const char *assumed = facts == 1 ? " (its CUDA build is not recorded; its least demanding build)" : "";
    if (doctor_compare_versions(driver, min_driver) >= 0) {
        snprintf(out, size, "driver %s (from %s)%s %s needs CUDA %s (driver %s or newer)%s", driver, where, ceiling,
                 name, cuda, min_driver, assumed);
        return DOCTOR_OK;
    }
    *fix = "install an NVIDIA driver at least that new, or a cuDNN built for an older CUDA ('cudnnv known')";
    snprintf(out, size, "driver %s (from %s)%s %s needs CUDA %s, which needs driver %s or newer%s", driver, where,
             ceiling, name, cuda, min_driver, assumed);
    return DOCTOR_FAIL;
}

void doctor_check_driver(struct doctor *doctor)
{
    char sentence[512];
    const char *fix;
    for (int major = 7; major <= 9; major++) {
        if (!doctor->selected[major])
            continue;
        enum doctor_verdict verdict = doctor_driver_verdict(doctor->choice[major].name, sentence, sizeof sentence, &fix);
        doctor_add(doctor, verdict, "driver", fix, "%s", sentence);
    }
}

/* One GPU against one selected set's build, as one finding. */
static void judge_gpu(struct doctor *doctor, const char *label, const char *capability, const char *name,
                      const struct catalog_build *build, int known)
{
    const char *min = build->min_compute_capability, *max = build->max_compute_capability;
    enum catalog_gpu_fit fit = known < 0 ? CATALOG_GPU_RUNS : catalog_build_fit(build, capability, NULL);
    if (fit == CATALOG_GPU_TOO_OLD)
        doctor_add(doctor, DOCTOR_FAIL, "GPU", "use an older cuDNN release that still supports this GPU ('cudnnv known " OPTION_GPU "')",
                   "%s (compute capability %s) is too old for %s, which needs at least %s", label, capability,
                   name, min);
    else if (fit == CATALOG_GPU_TOO_NEW)
        doctor_add(doctor, DOCTOR_WARN, "GPU", "use a newer cuDNN release that lists this GPU ('cudnnv known " OPTION_GPU "')",
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
