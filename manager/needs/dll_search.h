/*
 * Where Windows finds a DLL a set's DLL imports by name (dll_search_win32.c):
 * the set's bin\, its CUDA libraries (install --with-cuda-libs, loaded by the
 * shim before the set), System32, the Windows folder, then PATH. One search
 * for the doctor's import check and the needs judgement of cudnnv.exe.
 */
#ifndef CUDNNV_DLL_SEARCH_H
#define CUDNNV_DLL_SEARCH_H

#include <limits.h>
#include <stddef.h>

#define DLL_SEARCH_PATH_MAX 128

struct dll_search {
    char set_bin[PATH_MAX];
    char cuda_libs[PATH_MAX];                      /* "" when the set has none */
    char dirs[DLL_SEARCH_PATH_MAX][PATH_MAX];       /* System32, the Windows folder, then PATH's folders */
    int count;
};

/* The folders for the set whose folder is set_dir, in Windows's order. */
void dll_search_begin(struct dll_search *search, const char *set_dir);
/* PATH's folders alone, in order ('/' separated, no trailing separator); their count. */
int dll_search_path_dirs(char dirs[][PATH_MAX], int max);
/* True when dir/name is a regular file. */
int dll_search_file_in(const char *dir, const char *name);
/* System32 (system = 1) or the Windows folder, '/' separated; "" when unknown. */
void dll_search_windows_dir(char *out, size_t size, int system);
/* Where name is found: "the set's bin", "the set's CUDA libraries", "System32", "the Windows folder", "PATH"
 * (path set to the file, "" for API sets); NULL when nowhere. */
const char *dll_search_find(const struct dll_search *search, const char *name, char *path, size_t size);

#endif
