/*
 * Loads the chosen set on Windows: every other cuDNN DLL of the set's bin\
 * (cudnn_ops_infer64_8.dll, cudnn_graph64_9.dll, ...) by full path first,
 * then cudnn64_N.dll by full path. Windows reuses a loaded DLL of the same
 * module name when cuDNN later asks for its sublibraries by name, so no DLL
 * of another cuDNN (one on PATH, say) can slip in. LOAD_WITH_ALTERED_SEARCH_PATH
 * lets each DLL find its own dependencies beside it. Nothing is loaded
 * from a set that others could have written (set_trust_win32.c).
 */
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <windows.h>

/* Loads a DLL by its UTF-8 path (the wide function: any script). */
static HMODULE load(const char *path)
{
    wchar_t wide[PATH_MAX + MAX_PATH];
    if (cudnnv_utf8_to_wide(path, wide, PATH_MAX + MAX_PATH) != 0) {
        SetLastError(ERROR_INVALID_NAME);
        return NULL;
    }
    return LoadLibraryExW(wide, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
}

static void describe_error(char *out, size_t size)
{
    DWORD code = GetLastError();
    snprintf(out, size, "Windows error %lu", (unsigned long)code);
}

/* Loads bin\cudnn_*64_N.dll, the sublibraries, before the main DLL. */
static void load_sublibraries(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded)
{
    char pattern[PATH_MAX + 32], path[PATH_MAX + MAX_PATH], name[3 * MAX_PATH], why[64];
    wchar_t wide_pattern[PATH_MAX + 32];
    WIN32_FIND_DATAW found;
    snprintf(pattern, sizeof pattern, "%s\\cudnn_*64_%d.dll", loaded->lib_dir, cudnnv_shim_major_number());
    HANDLE search = cudnnv_utf8_to_wide(pattern, wide_pattern, PATH_MAX + 32) == 0
                        ? FindFirstFileW(wide_pattern, &found)
                        : INVALID_HANDLE_VALUE;
    if (search == INVALID_HANDLE_VALUE)
        return;
    do {
        if (cudnnv_wide_to_utf8(found.cFileName, name, sizeof name) != 0)
            continue;
        snprintf(path, sizeof path, "%s\\%s", loaded->lib_dir, name);
        if (load(path) == NULL) {
            describe_error(why, sizeof why);
            cudnnv_die("cannot load %s of set '%s' (%s): %s; check the set with 'cudnnv verify %s'",
                       name, choice->name, choice->origin_path, why, choice->name);
        }
        loaded->libraries++;
    } while (FindNextFileW(search, &found));
    FindClose(search);
}

/* The set's folder, bin\ and DLLs by the trust rule (set_trust_win32.c), before anything of it is loaded. */
static void refuse_untrusted(const char *root, const struct cudnnv_choice *choice)
{
    char set_dir[PATH_MAX + 32], why[2048];
    struct cudnnv_trust trust;
    snprintf(set_dir, sizeof set_dir, "%s\\versions\\%s", root, choice->name);
    cudnnv_trust_init(&trust, root, cudnnv_launch_state()->system_root);
    if (!cudnnv_set_trusted(&trust, set_dir, why, sizeof why))
        cudnnv_die("refusing set '%s': %s; %s", choice->name, why, cudnnv_trust_rule());
}

void cudnnv_load_set(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded)
{
    char path[PATH_MAX + 32], why[64];
    memset(loaded, 0, sizeof *loaded);
    snprintf(loaded->lib_dir, sizeof loaded->lib_dir, "%s\\versions\\%s\\bin", root, choice->name);
    for (char *c = loaded->lib_dir; *c; c++) {
        if (*c == '/')
            *c = '\\';
    }
    wchar_t wide_dir[PATH_MAX];
    DWORD attributes = cudnnv_utf8_to_wide(loaded->lib_dir, wide_dir, PATH_MAX) == 0
                           ? GetFileAttributesW(wide_dir)
                           : INVALID_FILE_ATTRIBUTES;
    if (attributes == INVALID_FILE_ATTRIBUTES || !(attributes & FILE_ATTRIBUTE_DIRECTORY))
        cudnnv_die("set '%s' has no bin directory (%s): it is not a Windows set; install NVIDIA's Windows zip",
                   choice->name, loaded->lib_dir);
    refuse_untrusted(root, choice);
    load_sublibraries(choice, loaded);
    snprintf(path, sizeof path, "%s\\cudnn64_%d.dll", loaded->lib_dir, cudnnv_shim_major_number());
    loaded->main_library = load(path);
    if (loaded->main_library == NULL) {
        describe_error(why, sizeof why);
        cudnnv_die("cannot load cuDNN '%s' (%s): %s; check it with 'cudnnv verify %s'", choice->name,
                   choice->origin_path, why, choice->name);
    }
    loaded->libraries++;
}
