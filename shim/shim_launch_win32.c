/*
 * What the shim captures when Windows loads it (DllMain, process attach):
 * CUDNNV_VERSION, CUDNNV_ROOT, CUDNNV_DEBUG and the current directory. Under
 * the loader lock only these reads happen; no library is loaded until the
 * first cuDNN call. The default store is %USERPROFILE%\.cudnnv.
 */
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <windows.h>

static struct cudnnv_launch launch;
static char env_version[32768];   /* the longest value Windows allows */

static int copy_variable(const char *name, char *out, DWORD size)
{
    DWORD length = GetEnvironmentVariableA(name, out, size);
    if (length == 0 || length >= size) {
        out[0] = '\0';
        return 0;
    }
    return 1;
}

static void capture_launch(void)
{
    char debug[16], profile[MAX_PATH];
    DWORD length = GetCurrentDirectoryA(sizeof launch.cwd, launch.cwd);
    if (length == 0 || length >= sizeof launch.cwd) {
        launch.cwd_too_long = length >= sizeof launch.cwd;
        launch.cwd[0] = '\0';
    }
    if (copy_variable("CUDNNV_VERSION", env_version, sizeof env_version))
        launch.env_version = env_version;
    launch.debug = copy_variable("CUDNNV_DEBUG", debug, sizeof debug) && strcmp(debug, "0") != 0;
    copy_variable("CUDNNV_SYSTEM_ROOT", launch.system_root, sizeof launch.system_root);
    if (!copy_variable("CUDNNV_ROOT", launch.root, sizeof launch.root) &&
        copy_variable("USERPROFILE", profile, sizeof profile))
        snprintf(launch.root, sizeof launch.root, "%s\\.cudnnv", profile);
}

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    (void)instance;
    (void)reserved;
    if (reason == DLL_PROCESS_ATTACH)
        capture_launch();
    return TRUE;
}

const struct cudnnv_launch *cudnnv_launch_state(void)
{
    return &launch;
}

void cudnnv_launch_root(char *out, size_t size)
{
    snprintf(out, size, "%s", launch.root);
}
