/*
 * The platforms NVIDIA builds cuDNN for, in one table: each row's name in
 * NVIDIA's archives, manifests and a set's cudnnv.ini, the name older stores
 * recorded, the catalog's INI key prefix, a conda channel's folder, how its
 * wheels' file names end, a set name's suffix for it, whether its libraries
 * are Windows DLLs or ELF (and for which machine), the Debian architecture
 * of NVIDIA's apt packages for it, and whether this build of cudnnv runs
 * there. The shim, the store,
 * the catalog and install all read it; a new platform is one row (and a
 * trampoline file for the shims). Libc only, like the rest of shim/.
 */
#ifndef CUDNNV_BUILD_PLATFORM_H
#define CUDNNV_BUILD_PLATFORM_H

enum cudnnv_build {
    CUDNNV_BUILD_LINUX = 0,     /* linux-x86_64 */
    CUDNNV_BUILD_WINDOWS = 1,   /* windows-x86_64 */
    CUDNNV_BUILD_SBSA = 2,      /* linux-sbsa: Arm servers (Grace, Graviton) */
    CUDNNV_BUILD_AARCH64 = 3,   /* linux-aarch64: Jetson */
    CUDNNV_BUILDS = 4
};

/* Text in arrays, not pointers: the shims carry the table without relocations. */
struct cudnnv_build_platform {
    char name[16];              /* NVIDIA's: "linux-x86_64" */
    char older_name[8];         /* what stores before the Arm builds recorded ("linux"), or "" */
    char ini_key[12];           /* the catalog's key prefix: "linux_" */
    char conda_subdir[16];      /* a conda channel's folder: "linux-64" */
    char wheel_end[16];         /* how its wheels' file names end: "_x86_64.whl" */
    int wheel_manylinux;        /* its wheels carry a manylinux tag */
    char set_suffix[8];         /* a set name's suffix for it ("8.1.0.77-windows"): "linux" */
    int is_windows;             /* its libraries are DLLs (cudnn64_8.dll), its folders bin\ */
    int elf_machine;            /* its libraries' ELF e_machine; 0 for Windows */
    char debian_arch[8];        /* the architecture of NVIDIA's apt packages for it ("amd64"), or "": none */
    int runs_here;              /* this build of cudnnv runs there */
};

const struct cudnnv_build_platform *cudnnv_build_platform(enum cudnnv_build build);
int cudnnv_build_find(const char *name);
int cudnnv_platform_runs_here(const char *platform);
int cudnnv_platform_is_windows(const char *platform);

#endif
