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
    [CUDNNV_BUILD_LINUX] = {.name = "linux-x86_64", .older_name = "linux", .ini_key = "linux_",
                            .conda_subdir = "linux-64", .wheel_end = "_x86_64.whl", .wheel_manylinux = 1,
                            .set_suffix = "linux", .elf_machine = 62 /* EM_X86_64 */, .debian_arch = "amd64",
                            .runs_here = RUNS_ON_X86_64_LINUX},
    [CUDNNV_BUILD_WINDOWS] = {.name = "windows-x86_64", .older_name = "windows", .ini_key = "windows_",
                              .conda_subdir = "win-64", .wheel_end = "-win_amd64.whl", .set_suffix = "windows",
                              .is_windows = 1, .runs_here = RUNS_ON_WINDOWS},
    [CUDNNV_BUILD_SBSA] = {.name = "linux-sbsa", .ini_key = "sbsa_", .conda_subdir = "linux-aarch64",
                           .wheel_end = "_aarch64.whl", .wheel_manylinux = 1, .set_suffix = "sbsa",
                           .elf_machine = 183 /* EM_AARCH64 */, .debian_arch = "arm64", .runs_here = RUNS_ON_ARM_LINUX},
    /* no debian_arch: cudnnv reads NVIDIA's CUDA apt repositories for x86_64 and Arm servers only */
    [CUDNNV_BUILD_AARCH64] = {.name = "linux-aarch64", .ini_key = "aarch64_", .conda_subdir = "linux-aarch64",
                              .wheel_end = "_aarch64.whl", .wheel_manylinux = 1, .set_suffix = "aarch64",
                              .elf_machine = 183 /* EM_AARCH64 */, .runs_here = RUNS_ON_ARM_LINUX},
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
    return build >= 0 && builds[build].is_windows;
}
