/*
 * What the shim captures when Windows loads it (DllMain, process attach):
 * CUDNNV_VERSION, CUDNNV_ROOT, CUDNNV_DEBUG and the current directory. Under
 * the loader lock only these reads happen; no library is loaded until the
 * first cuDNN call. The default store is %USERPROFILE%\.cudnnv. Values are
 * read with the wide functions and kept in UTF-8, whatever the program's
 * code page (the shim's file calls take UTF-8: shim_files_win32.c).
 */
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <windows.h>

static struct cudnnv_launch launch;
static char env_version[32768];   /* the longest value Windows allows */
static char root[PATH_MAX], system_root[PATH_MAX], cwd[PATH_MAX];

static wchar_t wide_value[32768];

/* The variable's value in UTF-8 into out; 0 when unset, empty or too long. */
static int copy_variable(const char *name, char *out, DWORD size)
{
    wchar_t wide_name[64];
    DWORD length = MultiByteToWideChar(CP_UTF8, 0, name, -1, wide_name, 64) > 0
                       ? GetEnvironmentVariableW(wide_name, wide_value, 32768)
                       : 0;
    if (length == 0 || length >= 32768 || cudnnv_wide_to_utf8(wide_value, out, (int)size) != 0) {
        out[0] = '\0';
        return 0;
    }
    return out[0] != '\0';
}

static void capture_launch(void)
{
    char debug[16], profile[MAX_PATH];
    launch.root = root;
    launch.system_root = system_root;
    launch.cwd = cwd;
    DWORD length = GetCurrentDirectoryW(32768, wide_value);
    if (length == 0 || length >= 32768 || cudnnv_wide_to_utf8(wide_value, cwd, sizeof cwd) != 0) {
        launch.cwd_too_long = length > 0;
        cwd[0] = '\0';
    }
    if (copy_variable("CUDNNV_VERSION", env_version, sizeof env_version))
        launch.env_version = env_version;
    launch.debug = copy_variable("CUDNNV_DEBUG", debug, sizeof debug) && strcmp(debug, "0") != 0;
    copy_variable("CUDNNV_SYSTEM_ROOT", system_root, sizeof system_root);
    if (!copy_variable("CUDNNV_ROOT", root, sizeof root) &&
        copy_variable("USERPROFILE", profile, sizeof profile))
        snprintf(root, sizeof root, "%s\\.cudnnv", profile);
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

const char *cudnnv_launch_root(void)
{
    return launch.root;
}
