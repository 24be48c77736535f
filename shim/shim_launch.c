/*
 * What the shim captures when it is loaded (at process start when preloaded,
 * at dlopen otherwise): CUDNNV_VERSION, CUDNNV_ROOT, CUDNNV_DEBUG,
 * CUDNNV_STRICT and the working directory, so that a program that changes directory later still
 * gets its launch directory's set. It costs a getcwd and three getenv; no
 * file is opened and no cuDNN library is loaded until the first cuDNN call.
 * In a setuid process (AT_SECURE) the CUDNNV_* variables are ignored: the
 * store is the one in the real user's home directory, and the system store
 * the build's default.
 */
#define _GNU_SOURCE
#include "shim_internal.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

static struct cudnnv_launch launch;

static void copy_variable(const char *name, char *out, size_t size, int *present)
{
    const char *value = getenv(name);
    if (value == NULL || value[0] == '\0' || strlen(value) >= size)
        return;
    strcpy(out, value);
    if (present != NULL)
        *present = 1;
}

__attribute__((constructor)) static void cudnnv_capture_launch(void)
{
    launch.secure = getauxval(AT_SECURE) != 0;
    snprintf(launch.system_root, sizeof launch.system_root, "%s", CUDNNV_DEFAULT_SYSTEM_ROOT);
    if (getcwd(launch.cwd, sizeof launch.cwd) == NULL) {
        launch.cwd_too_long = errno == ENAMETOOLONG || errno == ERANGE;
        launch.cwd[0] = '\0';
    }
    if (launch.secure)
        return;
    const char *version = getenv("CUDNNV_VERSION");
    if (version != NULL && version[0] != '\0')
        launch.env_version = strdup(version);   /* whole, however long: read as the manager reads it */
    copy_variable("CUDNNV_ROOT", launch.root, sizeof launch.root, NULL);
    const char *system_root = getenv("CUDNNV_SYSTEM_ROOT");
    if (system_root != NULL && strlen(system_root) < sizeof launch.system_root)
        strcpy(launch.system_root, system_root);
    const char *debug = getenv("CUDNNV_DEBUG");
    launch.debug = debug != NULL && debug[0] != '\0' && strcmp(debug, "0") != 0;
    const char *strict = getenv("CUDNNV_STRICT");
    launch.strict = strict != NULL && strict[0] != '\0' && strcmp(strict, "0") != 0;
    if (launch.root[0] == '\0') {
        const char *home = getenv("HOME");
        if (home != NULL && home[0] == '/' && strlen(home) + 9 < sizeof launch.root)
            snprintf(launch.root, sizeof launch.root, "%s/.cudnnv", home);
    }
}

const struct cudnnv_launch *cudnnv_launch_state(void)
{
    return &launch;
}

/* The store: captured at load, or (AT_SECURE, no HOME) the real user's ~/.cudnnv. */
void cudnnv_launch_root(char *out, size_t size)
{
    if (launch.root[0] != '\0') {
        snprintf(out, size, "%s", launch.root);
        return;
    }
    struct passwd *entry = getpwuid(getuid());
    snprintf(out, size, "%s/.cudnnv", entry != NULL && entry->pw_dir ? entry->pw_dir : "");
}
