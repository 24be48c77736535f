/*
 * The shim's own parts, shared by the files that make it: what it captured
 * at load (shim_launch.c, shim_launch_win32.c), loading the chosen set
 * (shim_load.c, shim_load_win32.c), the one-time resolution behind the
 * trampolines (shim_resolve.c), its messages (shim_report.c) and the soname
 * of a loaded object (loaded_soname.c, for CUDNNV_STRICT).
 */
#ifndef CUDNNV_SHIM_INTERNAL_H
#define CUDNNV_SHIM_INTERNAL_H

#include "cudnnv_select.h"

#include <stddef.h>

/* The strings are never NULL but env_version, which is NULL when CUDNNV_VERSION is unset; each platform file keeps
 * them where it likes (POSIX: packed in one static buffer, CUDNNV_VERSION whole on the heap). */
struct cudnnv_launch {
    const char *root;             /* "" until known: AT_SECURE defers it to the passwd entry */
    const char *system_root;      /* CUDNNV_SYSTEM_ROOT, else the build's default (always in AT_SECURE) */
    const char *env_version;      /* CUDNNV_VERSION as a whole (read by the same code as the manager), or NULL */
    const char *cwd;              /* "" when unknown */
    int cwd_too_long;             /* getcwd said ENAMETOOLONG: the pin cannot be read */
    int debug;
    int strict;                   /* CUDNNV_STRICT: refuse to run beside a foreign cuDNN copy */
    int secure;                   /* AT_SECURE: CUDNNV_* ignored */
};

const struct cudnnv_launch *cudnnv_launch_state(void);
const char *cudnnv_launch_root(void);

struct cudnnv_loaded {
    void *main_library;
    int libraries;                /* how many cuDNN libraries were loaded */
    char *lib_dir;                /* the set's resolved library folder, PATH_MAX bytes kept by the platform file */
};

/* Loads the chosen set: 1, or, in a trial (a set of the default order with another after it), 0 when it cannot
 * load here and nothing of it stays loaded; any other failure stops the process with why. */
int cudnnv_load_set(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded, int trial);

#ifndef _WIN32
struct dl_phdr_info;
/* loaded_soname.c: the DT_SONAME of a loaded object, from its dynamic section in memory; 0 when it has none. */
int cudnnv_loaded_soname(const struct dl_phdr_info *info, char *out, size_t size);
#endif

__attribute__((noreturn, format(printf, 1, 2))) void cudnnv_die(const char *format, ...);
void cudnnv_debug(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
