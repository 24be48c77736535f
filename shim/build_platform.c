/*
 * The table of build platforms (build_platform.h) and the lookups on it.
 * Whether a platform runs here is decided when this file is compiled: an
 * AArch64 build runs both Arm platforms, as NVIDIA's linux-sbsa and
 * linux-aarch64 (Jetson) libraries both load on an Arm machine's glibc.
 */
#include "build_platform.h"

#include <string.h>

#if defined(_WIN32)
#define RUNS_ON_X86_64_LINUX 0
#define RUNS_ON_WINDOWS 1
#define RUNS_ON_ARM_LINUX 0
#elif defined(__aarch64__)
#define RUNS_ON_X86_64_LINUX 0
#define RUNS_ON_WINDOWS 0
#define RUNS_ON_ARM_LINUX 1
#else
#define RUNS_ON_X86_64_LINUX 1
#define RUNS_ON_WINDOWS 0
#define RUNS_ON_ARM_LINUX 0
#endif

static const struct cudnnv_build_platform builds[CUDNNV_BUILDS] = {
    [CUDNNV_BUILD_LINUX] = {"linux-x86_64", "linux", "linux_", "linux-64", "_x86_64.whl", 1, "linux", 62,
                            RUNS_ON_X86_64_LINUX},
    [CUDNNV_BUILD_WINDOWS] = {"windows-x86_64", "windows", "windows_", "win-64", "-win_amd64.whl", 0, "windows", 0,
                              RUNS_ON_WINDOWS},
    [CUDNNV_BUILD_SBSA] = {"linux-sbsa", "", "sbsa_", "linux-aarch64", "_aarch64.whl", 1, "sbsa", 183,
                           RUNS_ON_ARM_LINUX},
    [CUDNNV_BUILD_AARCH64] = {"linux-aarch64", "", "aarch64_", "linux-aarch64", "_aarch64.whl", 1, "aarch64", 183,
                              RUNS_ON_ARM_LINUX},
};

const struct cudnnv_build_platform *cudnnv_build_platform(enum cudnnv_build build)
{
    return &builds[build];
}

/* The row named name (NVIDIA's name, or an older store's), or -1. */
int cudnnv_build_find(const char *name)
{
    for (int i = 0; i < CUDNNV_BUILDS; i++) {
        if (strcmp(name, builds[i].name) == 0 || (builds[i].older_name[0] != '\0' && strcmp(name, builds[i].older_name) == 0))
            return i;
    }
    return -1;
}

/* True when a set recorded as built for platform runs where this code runs. */
int cudnnv_platform_runs_here(const char *platform)
{
    int build = cudnnv_build_find(platform);
    return build >= 0 && builds[build].runs_here;
}

/* True when platform (NVIDIA's name or an older store's) is a Windows build: DLLs, not ELF libraries. */
int cudnnv_platform_is_windows(const char *platform)
{
    int build = cudnnv_build_find(platform);
    return build >= 0 && builds[build].elf_machine == 0;
}
