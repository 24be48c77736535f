/*
 * The platforms of the catalog (the rows of shim/build_platform.h's table:
 * NVIDIA's names, the INI key prefixes) and the platform this cudnnv runs
 * on (an Arm machine is a Jetson when /etc/nv_tegra_release says so, else
 * an Arm server: NVIDIA builds cuDNN separately for each).
 */
#include "catalog.h"
#include "platform.h"
#include "messages.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

const char *catalog_platform_name(enum catalog_platform platform)
{
    return cudnnv_build_platform((enum cudnnv_build)platform)->name;
}

const char *catalog_platform_key(enum catalog_platform platform)
{
    return cudnnv_build_platform((enum cudnnv_build)platform)->ini_key;
}

/* The platform NVIDIA calls name, or -1. */
int catalog_platform_from_name(const char *name)
{
    for (int i = 0; i < CATALOG_PLATFORMS; i++) {
        if (strcmp(name, catalog_platform_name(i)) == 0)
            return i;
    }
    return -1;
}

/* The platforms' names for a message: "linux-x86_64, linux-sbsa, linux-aarch64 or windows-x86_64". */
const char *catalog_platform_list(void)
{
    static char list[128];
    if (list[0] == '\0') {
        for (int i = 0; i < CATALOG_PLATFORMS; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     i == 0 ? "" : (i == CATALOG_PLATFORMS - 1 ? " or " : ", "), catalog_platform_name(i));
    }
    return list;
}

int catalog_platform_refused(const char *name)
{
    return usage_problem("unknown platform '%s': %s", name, catalog_platform_list());
}

enum catalog_platform catalog_host_platform(void)
{
    if (cudnnv_build_platform(CUDNNV_BUILD_SBSA)->runs_here)   /* an Arm build: a Jetson, else an Arm server */
        return access("/etc/nv_tegra_release", F_OK) == 0 ? CATALOG_AARCH64 : CATALOG_SBSA;
    return cudnnv_build_platform(CUDNNV_BUILD_WINDOWS)->runs_here ? CATALOG_WINDOWS : CATALOG_LINUX;
}

/* The minimum driver of a build on this machine's system (Windows drivers are numbered apart). */
const char *catalog_build_min_driver(const struct catalog_build *build)
{
    return PLATFORM_IS_WINDOWS ? build->min_driver_windows : build->min_driver_linux;
}
