/*
 * The doctor's path checks in cudnnv.exe: the classic Windows failures.
 * Windows finds a DLL by name along PATH (after the program's folder and
 * System32), so the questions are: is cudnn64_N.dll found at all (the
 * shims' folder on PATH), which copy is found first (one copied into a CUDA
 * folder, as the old instructions said, shadows the shims), is a copy
 * sitting in System32 or a CUDA toolkit folder, and can every DLL a set's
 * DLLs import be found (the CUDA runtime, zlibwapi.dll for several 8.x
 * releases, the Visual C++ runtime), read from their import tables.
 */
#include "doctor.h"
#include "option_names.h"

#include "fsutil.h"
#include "dll_search.h"
#include "pe_imports.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <windows.h>

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH_DIRS_MAX DLL_SEARCH_PATH_MAX

static int same_dir(const char *a, const char *b)
{
    return _stricmp(a, b) == 0;
}

/* What to do when an imported DLL is missing, by its name. */
static const char *import_fix(const char *name, const char *set_name)
{
    static char fix[256];
    if (_strnicmp(name, "cublas", 6) == 0 || _strnicmp(name, "nvrtc", 5) == 0 || _strnicmp(name, "cudart", 6) == 0) {
        snprintf(fix, sizeof fix, "bring NVIDIA's DLLs for the set's CUDA with 'cudnnv install " OPTION_WITH_CUDA_LIBS " %s', or put the bin of the CUDA toolkit it was built for on PATH",
                 set_name);
        return fix;
    }
    if (_strnicmp(name, "zlibwapi", 8) == 0)
        return "cuDNN 8.3 to 8.9 on Windows need zlib's zlibwapi.dll (x64): put it in a folder on PATH, e.g. beside the shims";
    if (_strnicmp(name, "vcruntime", 9) == 0 || _strnicmp(name, "msvcp", 5) == 0)
        return "install the Microsoft Visual C++ Redistributable for Visual Studio 2015-2022 (x64)";
    if (_strnicmp(name, "cu", 2) == 0 || _strnicmp(name, "nvrtc", 5) == 0)
        return "install the CUDA toolkit (or runtime) this set was built for and put its bin on PATH";
    return "put the folder that holds it on PATH";
}

/* Each import of each DLL in the set's bin/ that Windows would not find, once. */
static int check_set_imports(struct doctor *doctor, const char *set_name, const struct dll_search *search)
{
    const char *set_bin = search->set_bin;
    char where[PATH_MAX + 80];
    static pe_name imports[PE_MAX_IMPORTS], reported[PE_MAX_IMPORTS];
    char path[PATH_MAX + 300];
    int missing = 0;
    DIR *handle = opendir(set_bin);
    struct dirent *entry;
    while (handle != NULL && (entry = readdir(handle)) != NULL) {
        size_t length = strlen(entry->d_name);
        if (length < 5 || _stricmp(entry->d_name + length - 4, ".dll") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", set_bin, entry->d_name);
        int found = pe_imports(path, imports, PE_MAX_IMPORTS);
        for (int i = 0; i < found; i++) {
            int seen = 0;
            for (int r = 0; r < missing && !seen; r++)
                seen = _stricmp(reported[r], imports[i]) == 0;
            if (seen || dll_search_find(search, imports[i], where, sizeof where) != NULL || missing == PE_MAX_IMPORTS)
                continue;
            strcpy(reported[missing++], imports[i]);
            doctor_add(doctor, DOCTOR_FAIL, "dependencies", import_fix(imports[i], set_name),
                       "%s (set %s) needs %s, which Windows does not find: loading it fails", entry->d_name,
                       set_name, imports[i]);
        }
    }
    if (handle != NULL)
        closedir(handle);
    return missing;
}

/* The selected Windows sets' imports (part of the path check: PATH decides what is found). */
static void check_dependencies(struct doctor *doctor)
{
    static struct dll_search search;
    char set_dir[PATH_MAX];
    int checked = 0, missing = 0;
    for (int major = 7; major <= 9; major++) {
        if (!doctor->selected[major])
            continue;
        const char *name = doctor->choice[major].name;
        if (!cudnnv_set_dir(doctor->where.root, name, set_dir, sizeof set_dir))
            continue;
        dll_search_begin(&search, set_dir);
        checked++;
        missing += check_set_imports(doctor, name, &search);
    }
    if (checked > 0 && missing == 0)
        doctor_add(doctor, DOCTOR_OK, "dependencies", NULL,
                   "every DLL the selected sets import is found (CUDA runtime, zlibwapi, Visual C++ runtime)");
}

/* cudnn64_N.dll for each major a Windows set is installed for: found first in the shims' folder? */
void doctor_check_library_path(struct doctor *doctor)
{
    static char dirs[PATH_DIRS_MAX][PATH_MAX];
    char shims[PATH_MAX], dll[32];
    int count = dll_search_path_dirs(dirs, PATH_DIRS_MAX), checked = 0;
    cudnnv_store_path(shims, sizeof shims, doctor->where.root, CUDNNV_STORE_SHIMS_BIN, NULL);
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        if (!shim_major_is_installed(doctor->where.root, major, "windows"))
            continue;
        cudnnv_main_library(NULL, 1, major, dll, sizeof dll);
        checked++;
        int first = -1;
        for (int i = 0; i < count && first < 0; i++)
            first = dll_search_file_in(dirs[i], dll) ? i : -1;
        if (first < 0)
            doctor_add(doctor, DOCTOR_FAIL, "library path",
                       "add the shims' folder to PATH: 'cudnnv init pwsh " OPTION_PERSIST "', or run programs with 'cudnnv exec'",
                       "%s is not found on PATH: programs fail with 'Could not load library cudnn64_%d.dll' (the shims are in %s)",
                       dll, major, shims);
        else if (!same_dir(dirs[first], shims))
            doctor_add(doctor, DOCTOR_FAIL, "library path",
                       "move that copy into the store with 'cudnnv adopt' on its CUDA folder, or take the folder off PATH",
                       "%s on PATH holds %s and comes before the shims (%s): programs load that copy, whatever is pinned",
                       dirs[first], dll, shims);
        else
            doctor_add(doctor, DOCTOR_OK, "library path", NULL, "%s is found first in the shims' folder %s", dll,
                       shims);
    }
    if (checked == 0)
        doctor_add(doctor, DOCTOR_SKIP, "library path", NULL, "no Windows set is installed: nothing for PATH to find");
    check_dependencies(doctor);
}

/* A cuDNN DLL copied into System32 or the Windows folder is found before PATH. */
void doctor_check_loader_cache(struct doctor *doctor)
{
    char dirs[2][PATH_MAX], name[300];
    int found = 0;
    dll_search_windows_dir(dirs[0], PATH_MAX, 1);
    dll_search_windows_dir(dirs[1], PATH_MAX, 0);
    for (int d = 0; d < 2; d++) {
        DIR *handle = dirs[d][0] ? opendir(dirs[d]) : NULL;
        struct dirent *entry;
        while (handle != NULL && (entry = readdir(handle)) != NULL) {
            if (_strnicmp(entry->d_name, "cudnn", 5) != 0 || strstr(entry->d_name, ".dll") == NULL)
                continue;
            snprintf(name, sizeof name, "%s", entry->d_name);
            found++;
            doctor_add(doctor, DOCTOR_FAIL, "system folders", "delete it (it was copied there by hand)",
                       "%s/%s: Windows finds it before anything on PATH, so every program gets that copy", dirs[d],
                       name);
        }
        if (handle != NULL)
            closedir(handle);
    }
    if (found == 0)
        doctor_add(doctor, DOCTOR_OK, "system folders", NULL, "no cuDNN DLL in System32 or the Windows folder");
}

/* CUDA_PATH and CUDA_PATH_V*: a toolkit's bin holding cudnn64_*.dll (the old copy-into-CUDA method). */
void doctor_check_cuda_directories(struct doctor *doctor)
{
    char **environment = _environ, bin[PATH_MAX + 8], dll[32];
    int stray = 0;
    for (int i = 0; environment != NULL && environment[i] != NULL; i++) {
        const char *equals = strchr(environment[i], '=');
        if (_strnicmp(environment[i], "CUDA_PATH", 9) != 0 || equals == NULL)
            continue;
        snprintf(bin, sizeof bin, "%s/bin", equals + 1);
        for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
            cudnnv_main_library(NULL, 1, major, dll, sizeof dll);
            if (!dll_search_file_in(bin, dll))
                continue;
            stray++;
            doctor_add(doctor, DOCTOR_WARN, "CUDA dirs",
                       "make it a set and take it out: cudnnv adopt \"<that CUDA folder>\"",
                       "%s (%.*s) holds %s: cuDNN copied into the CUDA toolkit, found by any program with CUDA on PATH",
                       bin, (int)(equals - environment[i]), environment[i], dll);
        }
    }
    if (stray == 0)
        doctor_add(doctor, DOCTOR_OK, "CUDA dirs", NULL, "no cuDNN inside the CUDA toolkits named by CUDA_PATH*");
}

