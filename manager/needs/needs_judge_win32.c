/*
 * Judges a Windows set's needs in cudnnv.exe: what each DLL of the set's
 * bin\ imports (its PE import table, pe_imports.c) that the set does not
 * hold, looked for where Windows looks when the shim loads the set
 * (dll_search_win32.c: the set's CUDA libraries, System32, the Windows folder,
 * PATH). What cuDNN loads with LoadLibrary at run time is not named by
 * NVIDIA's sources (only cublasLt*.dll and nvrtc*.dll): the judgement says
 * so instead of guessing.
 */
#include "needs_judge.h"

#include "dll_search.h"
#include "pe_imports.h"
#include "set_info.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

const char *needs_search_description(void)
{
    return "the set's CUDA libraries, System32, the Windows folder, PATH";
}

static int is_dll(const char *name)
{
    size_t length = strlen(name);
    return length > 4 && _stricmp(name + length - 4, ".dll") == 0;
}

/* One import of dll: judged once, unless the set holds it or Windows resolves it itself. */
static void judge_import(const struct dll_search *search, const char *dll, const char *import,
                         struct set_judgement *judgement)
{
    char path[PATH_MAX + 80];
    if (dll_search_file_in(search->set_bin, import) || strlen(import) >= SET_NEED_NAME_MAX ||
        judgement->count >= SET_NEEDS_MAX || _strnicmp(import, "api-ms-", 7) == 0 ||
        _strnicmp(import, "ext-ms-", 7) == 0)
        return;
    for (int i = 0; i < judgement->count; i++) {
        if (_stricmp(judgement->finding[i].need.name, import) == 0)
            return;
    }
    struct need_finding *finding = &judgement->finding[judgement->count++];
    memset(finding, 0, sizeof *finding);
    snprintf(finding->need.name, sizeof finding->need.name, "%s", import);
    snprintf(finding->need.needed_by, sizeof finding->need.needed_by, "%.63s", dll);
    finding->need.when = NEED_AT_LOAD;
    finding->how = dll_search_find(search, import, path, sizeof path);
    finding->verdict = finding->how != NULL ? NEED_FOUND : NEED_MISSING;
    snprintf(finding->path, sizeof finding->path, "%s", path);
}

/* A DLL a program loads by name itself: System32, the Windows folder, PATH (no set). */
void needs_judge_library(const char *name, int cuda_major, struct need_finding *finding)
{
    static struct dll_search search;
    char path[PATH_MAX + 80];
    (void)cuda_major;
    memset(&search, 0, sizeof search);
    dll_search_windows_dir(search.dirs[0], PATH_MAX, 1);
    dll_search_windows_dir(search.dirs[1], PATH_MAX, 0);
    search.count = 2 + dll_search_path_dirs(search.dirs + 2, DLL_SEARCH_PATH_MAX - 2);
    memset(finding, 0, sizeof *finding);
    snprintf(finding->need.name, sizeof finding->need.name, "%s", name);
    finding->how = dll_search_find(&search, name, path, sizeof path);
    finding->verdict = finding->how != NULL ? NEED_FOUND : NEED_MISSING;
    snprintf(finding->path, sizeof finding->path, "%s", path);
}

int needs_judge_set(const char *root, const char *name, struct set_judgement *judgement)
{
    static struct dll_search search;
    static pe_name imports[PE_MAX_IMPORTS];
    char set_dir[PATH_MAX], path[PATH_MAX + 300];
    struct set_info info;
    memset(judgement, 0, sizeof *judgement);
    snprintf(judgement->name, sizeof judgement->name, "%s", name);
    if (!cudnnv_set_dir(root, name, set_dir, sizeof set_dir))
        return -1;
    if (set_info_read(set_dir, &info) == 0)
        snprintf(judgement->cuda, sizeof judgement->cuda, "%s", info.cuda);
    snprintf(judgement->runtime_unknown, sizeof judgement->runtime_unknown, "%s",
             "NVIDIA names only cublasLt*.dll and nvrtc*.dll for what cuDNN loads at run time on Windows");
    dll_search_begin(&search, set_dir);
    DIR *handle = opendir(search.set_bin);
    struct dirent *entry;
    while (handle != NULL && (entry = readdir(handle)) != NULL) {
        if (!is_dll(entry->d_name) || snprintf(path, sizeof path, "%s/%s", search.set_bin, entry->d_name) >= (int)sizeof path)
            continue;
        int count = pe_imports(path, imports, PE_MAX_IMPORTS);
        judgement->needs_known |= count >= 0;
        for (int i = 0; i < count; i++)
            judge_import(&search, entry->d_name, imports[i], judgement);
    }
    if (handle != NULL)
        closedir(handle);
    return 0;
}
