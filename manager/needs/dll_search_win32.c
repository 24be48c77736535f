/*
 * Where Windows finds a DLL by name for a set's DLL (dll_search.h). The
 * shim loads the set's DLLs by full path with LOAD_WITH_ALTERED_SEARCH_PATH,
 * so what they import is looked for beside them first; the CUDA libraries are
 * already loaded by then, and Windows reuses a loaded module of that name.
 * API sets (api-ms-*, ext-ms-*) are resolved by Windows itself.
 */
#include "dll_search.h"

#include "fsutil.h"

#include "cudnnv_select.h"

#include <windows.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dll_search_path_dirs(char dirs[][PATH_MAX], int max)
{
    const char *path = getenv("PATH");
    int count = 0;
    for (const char *at = path ? path : ""; *at && count < max;) {
        size_t length = strcspn(at, ";");
        if (length > 0 && length < PATH_MAX) {
            snprintf(dirs[count], PATH_MAX, "%.*s", (int)length, at);
            for (char *c = dirs[count]; *c; c++)
                *c = *c == '\\' ? '/' : *c;
            size_t end = strlen(dirs[count]);
            while (end > 3 && dirs[count][end - 1] == '/')
                dirs[count][--end] = '\0';
            count++;
        }
        at += length + (at[length] == ';');
    }
    return count;
}

int dll_search_file_in(const char *dir, const char *name)
{
    char path[PATH_MAX + 80];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return is_regular_file(path);
}

void dll_search_windows_dir(char *out, size_t size, int system)
{
    UINT length = system ? GetSystemDirectoryA(out, (UINT)size) : GetWindowsDirectoryA(out, (UINT)size);
    if (length == 0 || length >= size)
        out[0] = '\0';
    for (char *c = out; *c; c++)
        *c = *c == '\\' ? '/' : *c;
}

void dll_search_begin(struct dll_search *search, const char *set_dir)
{
    char load[CUDNNV_COMPANIONS_MAX];
    snprintf(search->set_bin, sizeof search->set_bin, "%s/bin", set_dir);
    if (!cudnnv_set_cuda_libs(set_dir, search->cuda_libs, sizeof search->cuda_libs, load, sizeof load))
        search->cuda_libs[0] = '\0';
    dll_search_windows_dir(search->dirs[0], PATH_MAX, 1);
    dll_search_windows_dir(search->dirs[1], PATH_MAX, 0);
    search->count = 2 + dll_search_path_dirs(search->dirs + 2, DLL_SEARCH_PATH_MAX - 2);
}

const char *dll_search_find(const struct dll_search *search, const char *name, char *path, size_t size)
{
    static const char *const hows[] = {"System32", "the Windows folder"};
    const char *dir = NULL, *how = NULL;
    path[0] = '\0';
    if (_strnicmp(name, "api-ms-", 7) == 0 || _strnicmp(name, "ext-ms-", 7) == 0)
        return "Windows's API sets";
    if (search->set_bin[0] != '\0' && dll_search_file_in(search->set_bin, name))
        dir = search->set_bin, how = "the set's bin";
    else if (search->cuda_libs[0] != '\0' && dll_search_file_in(search->cuda_libs, name))
        dir = search->cuda_libs, how = "the set's CUDA libraries";
    for (int i = 0; dir == NULL && i < search->count; i++) {
        if (search->dirs[i][0] != '\0' && dll_search_file_in(search->dirs[i], name))
            dir = search->dirs[i], how = i < 2 ? hows[i] : "PATH";
    }
    if (dir != NULL)
        snprintf(path, size, "%s/%s", dir, name);
    return how;
}
