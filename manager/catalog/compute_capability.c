/*
 * Which GPUs a cuDNN build has code for: its lowest and highest compute
 * capability. The catalog's files say it per build, with their sources; a
 * release that only 'cudnnv update' learned from NVIDIA (whose manifests
 * do not say) takes it from the table below, which holds only what NVIDIA's
 * support matrices state for whole release ranges. Anything else stays
 * unknown: unknown is never read as "does not run".
 */
#include "catalog.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

struct capability_rule {
    const char *first, *last;      /* releases, inclusive ("" for last: every later one) */
    int cuda_major;                /* 0: every build */
    const char *min, *max;         /* "" when the sources do not say */
};

static const struct capability_rule rules[] = {
    {"8.0", "8.5.99", 10, "3.0", "7.5"},
    {"8.0", "8.5.99", 11, "3.5", "8.6"},
    {"8.9.1", "8.9.7.99", 0, "5.0", "9.0"},
    {"9.0", "9.10.2.99", 11, "5.0", "9.0"},
    {"9.0", "9.6.99", 12, "5.0", "9.0"},
    {"9.7", "9.10.2.99", 12, "5.0", ""},
    {"9.11", "", 0, "7.5", ""},    /* cuDNN 9.11.0 dropped GPUs older than Turing */
};

static int rule_holds(const struct capability_rule *rule, const char *version, const char *cuda)
{
    return cudnnv_name_compare(version, rule->first) >= 0 &&
           (rule->last[0] == '\0' || cudnnv_name_compare(version, rule->last) <= 0) &&
           (rule->cuda_major == 0 || rule->cuda_major == cudnnv_name_major(cuda));
}

/* Fills the compute capabilities a release's builds do not give from the table. */
void catalog_fill_compute_capability(struct catalog_release *release)
{
    for (int b = 0; b < release->build_count; b++) {
        struct catalog_build *build = &release->builds[b];
        for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
            if (!rule_holds(&rules[r], release->version, build->cuda))
                continue;
            if (build->min_compute_capability[0] == '\0')
                snprintf(build->min_compute_capability, sizeof build->min_compute_capability, "%s", rules[r].min);
            if (build->max_compute_capability[0] == '\0')
                snprintf(build->max_compute_capability, sizeof build->max_compute_capability, "%s", rules[r].max);
            break;
        }
    }
}

/*
 * Whether the build has code for a GPU of this compute capability ("6.1"):
 * CATALOG_GPU_TOO_OLD below its lowest, CATALOG_GPU_TOO_NEW above the
 * highest its sources list, CATALOG_GPU_RUNS otherwise (unknown bounds
 * included; *unknown says whether one was).
 */
enum catalog_gpu_fit catalog_build_fit(const struct catalog_build *build, const char *capability, int *unknown)
{
    const char *min = build->min_compute_capability, *max = build->max_compute_capability;
    if (unknown != NULL)
        *unknown = min[0] == '\0' || max[0] == '\0';
    if (min[0] != '\0' && cudnnv_name_compare(capability, min) < 0)
        return CATALOG_GPU_TOO_OLD;
    if (max[0] != '\0' && cudnnv_name_compare(capability, max) > 0)
        return CATALOG_GPU_TOO_NEW;
    return CATALOG_GPU_RUNS;
}
