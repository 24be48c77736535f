/*
 * Loads the chosen set on Windows: every other cuDNN DLL of the set's bin\
 * (cudnn_ops_infer64_8.dll, cudnn_graph64_9.dll, ...) by full path first,
 * then cudnn64_N.dll by full path. Windows reuses a loaded DLL of the same
 * module name when cuDNN later asks for its sublibraries by name, so no DLL
 * of another cuDNN (one on PATH, say) can slip in. LOAD_WITH_ALTERED_SEARCH_PATH
 * lets each DLL find its own dependencies beside it; the set's CUDA libraries
 * (cuBLAS, NVRTC) are loaded by full path before it. Nothing is loaded
 * from a set that others could have written (set_trust_win32.c). In a trial
 * (shim_resolve.c) a set whose DLL fails to load is freed again and passed over.
 */
#include "shim_internal.h"
#include "shim_symbols.h"
#include "store_layout.h"

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
    if (code == ERROR_MOD_NOT_FOUND)
        snprintf(out, size, "Windows error %lu: it, or a DLL it imports, is not found", (unsigned long)code);
    else
        snprintf(out, size, "Windows error %lu", (unsigned long)code);
}

/* What a trial loaded (a set of the default order with another after it), to free again when it fails. */
#define MAX_SUBLIBRARIES 32
struct trial {
    HMODULE handles[MAX_SUBLIBRARIES];
    int count;
};

static __attribute__((noreturn)) void die_sublibrary(const struct cudnnv_choice *choice, const char *name)
{
    char origin[PATH_MAX + 64], why[96];
    describe_error(why, sizeof why);
    cudnnv_describe_origin(choice, origin, sizeof origin);
    cudnnv_die("cannot load %s of set '%s' (%s): %s; see what the set needs with 'cudnnv doctor' (CUDA libraries it lacks: 'cudnnv install --with-cuda-libs %s')",
               name, choice->name, origin, why, choice->name);
}

/* Loads bin\cudnn_*64_N.dll, the sublibraries, before the main DLL; in a trial, -1 when one fails. */
static int load_sublibraries(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded, struct trial *trial)
{
    char pattern[PATH_MAX + 32], path[PATH_MAX + MAX_PATH], name[3 * MAX_PATH];
    wchar_t wide_pattern[PATH_MAX + 32];
    WIN32_FIND_DATAW found;
    snprintf(pattern, sizeof pattern, "%s\\cudnn_*64_%d.dll", loaded->lib_dir, cudnnv_shim_major);
    HANDLE search = cudnnv_utf8_to_wide(pattern, wide_pattern, PATH_MAX + 32) == 0
                        ? FindFirstFileW(wide_pattern, &found)
                        : INVALID_HANDLE_VALUE;
    if (search == INVALID_HANDLE_VALUE)
        return 0;
    int status = 0;
    do {
        if (cudnnv_wide_to_utf8(found.cFileName, name, sizeof name) != 0)
            continue;
        snprintf(path, sizeof path, "%s\\%s", loaded->lib_dir, name);
        HMODULE handle = load(path);
        if (handle == NULL && trial == NULL)
            die_sublibrary(choice, name);
        if (handle == NULL || (trial != NULL && trial->count == MAX_SUBLIBRARIES)) {
            status = -1;
            break;
        }
        if (trial != NULL)
            trial->handles[trial->count++] = handle;
        loaded->libraries++;
    } while (FindNextFileW(search, &found));
    FindClose(search);
    return status;
}

static void backslashes(char *path)
{
    for (char *c = path; *c; c++) {
        if (*c == '/')
            *c = '\\';
    }
}

/* A CUDA library's name as cuda\sets\NAME lists it: a plain DLL file name. */
static int is_cuda_lib_name(const char *name)
{
    size_t length = strlen(name);
    return length > 4 && length <= CUDNNV_NAME_MAX && _stricmp(name + length - 4, ".dll") == 0 &&
           strpbrk(name, "/\\:") == NULL && !cudnnv_text_has_controls(name);
}

/*
 * The set's CUDA libraries (install --with-cuda-libs: cuBLAS, NVRTC of its CUDA
 * major), each loaded by full path before the set, so that when a set's DLL
 * imports or loads cublasLt64_11.dll by name Windows reuses the module
 * already loaded. A DLL of that name the process loaded already (a
 * framework's own cuBLAS) is kept.
 */
static void load_cuda_libs(const char *root, const struct cudnnv_choice *choice, const struct cudnnv_trust *trust)
{
    char set_dir[PATH_MAX + 32], dir[PATH_MAX], load_list[CUDNNV_COMPANIONS_MAX], path[PATH_MAX + MAX_PATH];
    char why[2048];
    wchar_t wide_name[MAX_PATH];
    cudnnv_store_path(set_dir, sizeof set_dir, root, CUDNNV_STORE_SET, choice->name);
    if (!cudnnv_set_cuda_libs(set_dir, dir, sizeof dir, load_list, sizeof load_list))
        return;
    backslashes(dir);
    if (!cudnnv_trusted_path(trust, dir, why, sizeof why))
        cudnnv_die("refusing the CUDA libraries of set '%s': %s; %s", choice->name, why, cudnnv_trust_rule());
    for (char *name = strtok(load_list, ":"); name != NULL; name = strtok(NULL, ":")) {
        if (!is_cuda_lib_name(name) || cudnnv_utf8_to_wide(name, wide_name, MAX_PATH) != 0)
            continue;
        if (GetModuleHandleW(wide_name) != NULL) {
            cudnnv_debug("set '%s': %s is already loaded in this process: kept, its CUDA library is not loaded",
                         choice->name, name);
            continue;
        }
        if (!cudnnv_trusted_entry(trust, dir, name, why, sizeof why))
            cudnnv_die("refusing the CUDA libraries of set '%s': %s; %s", choice->name, why, cudnnv_trust_rule());
        snprintf(path, sizeof path, "%s\\%s", dir, name);
        if (load(path) == NULL) {
            describe_error(why, sizeof why);
            cudnnv_die("cannot load %s for set '%s': %s; bring it again with 'cudnnv install --with-cuda-libs %s'",
                       name, choice->name, why, choice->name);
        }
        cudnnv_debug("set '%s': loaded its CUDA library %s", choice->name, path);
    }
}

/* The set's folder, bin\ and DLLs by the trust rule (set_trust_win32.c), before anything of it is loaded. */
static void refuse_untrusted(const char *root, const struct cudnnv_choice *choice, struct cudnnv_trust *trust)
{
    char set_dir[PATH_MAX + 32], why[2048];
    snprintf(set_dir, sizeof set_dir, "%s\\versions\\%s", root, choice->name);
    cudnnv_trust_init(trust, root, cudnnv_launch_state()->system_root);
    if (!cudnnv_set_trusted(trust, set_dir, why, sizeof why))
        cudnnv_die("refusing set '%s': %s; %s", choice->name, why, cudnnv_trust_rule());
}

/* A trial that failed: what it loaded of the set is freed again, and the next set of the default order is tried. */
static int pass_over(const struct cudnnv_choice *choice, struct trial *trial)
{
    char origin[PATH_MAX + 64], why[96];
    describe_error(why, sizeof why);
    while (trial->count > 0)
        FreeLibrary(trial->handles[--trial->count]);
    cudnnv_describe_origin(choice, origin, sizeof origin);
    cudnnv_debug("set '%s' (%s) cannot load here: %s; the next set is tried", choice->name, origin, why);
    return 0;
}

int cudnnv_load_set(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded, int trial)
{
    char path[PATH_MAX + 32], why[96];
    static char lib_dir[PATH_MAX];
    static struct trial tried;
    memset(loaded, 0, sizeof *loaded);
    loaded->lib_dir = lib_dir;
    snprintf(lib_dir, sizeof lib_dir, "%s\\versions\\%s\\bin", root, choice->name);
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
    static struct cudnnv_trust trust;
    refuse_untrusted(root, choice, &trust);
    load_cuda_libs(root, choice, &trust);
    tried.count = 0;
    if (load_sublibraries(choice, loaded, trial ? &tried : NULL) != 0)
        return pass_over(choice, &tried);
    cudnnv_main_library(loaded->lib_dir, 1, cudnnv_shim_major, path, sizeof path);
    backslashes(path);   /* LoadLibraryEx's altered search wants them */
    loaded->main_library = load(path);
    if (loaded->main_library == NULL && trial)
        return pass_over(choice, &tried);
    if (loaded->main_library == NULL) {
        char origin[PATH_MAX + 64];
        describe_error(why, sizeof why);
        cudnnv_describe_origin(choice, origin, sizeof origin);
        cudnnv_die("cannot load cuDNN '%s' (%s): %s; check it with 'cudnnv verify %s'", choice->name, origin, why,
                   choice->name);
    }
    loaded->libraries++;
    return 1;
}
