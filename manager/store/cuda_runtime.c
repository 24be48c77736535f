/*
 * cuda_runtime.h: reading a project's CUDA runtime pin (through the
 * selection's own version-file reader) and finding the runtime in the store
 * (through the selection's own finder, shim/cuda_runtime_find.c: the same
 * prefix rule as set names, "11.0" is 11.0, else the newest 11.0.x).
 */
#include "cuda_runtime.h"
#include "option_names.h"

#include "cuda_components.h"
#include "fsutil.h"
#include "store_layout.h"

#include <dirent.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

int cuda_runtime_pinned(const struct cudnnv_where *where, struct cuda_runtime_pin *pin, char *why, size_t size)
{
    memset(pin, 0, sizeof *pin);
    if (where->cwd == NULL || !cudnnv_find_local_file(where->cwd, pin->origin, sizeof pin->origin))
        return 0;
    int status = cudnnv_version_file_cuda(pin->origin, pin->version, sizeof pin->version);
    if (status == CUDNNV_READ_BAD_NAME) {
        snprintf(why, size, "'%s %s' in %s is not a CUDA release (write it as 'cuda 11.0')", CUDNNV_CUDA_KEYWORD,
                 pin->version, pin->origin);
        return -1;
    }
    if (status == CUDNNV_READ_HAS_NUL || status == CUDNNV_READ_TOO_LONG) {
        snprintf(why, size, "%s %s; no CUDA runtime is served from it (write it again with 'cudnnv use')", pin->origin,
                 cudnnv_read_problem(status));
        return -1;
    }
    return status == 1;
}

int cuda_runtime_find(const char *root, const char *version, char *lib, size_t size)
{
    return cudnnv_cuda_runtime_find(root, version, lib, size);
}

int cuda_runtime_for_project(const struct cudnnv_where *where, char *lib, size_t size, char *why, size_t why_size)
{
    struct cuda_runtime_pin pin;
    int pinned = cuda_runtime_pinned(where, &pin, why, why_size);
    if (pinned <= 0)
        return pinned;
    int served = cudnnv_cuda_runtime_serve(where->root, pin.version, lib, size, why, why_size);
    if (served > 0)
        return 1;
    if (served < 0) {
        char reason[PATH_MAX + 128];
        snprintf(reason, sizeof reason, "%s", why);
        snprintf(why, why_size,
                 "refusing the CUDA %s runtime pinned in %s: %s; only you, root or the store's owner may write it (fix: 'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %s', then 'cudnnv install' there)",
                 pin.version, pin.origin, reason, pin.version);
        return -1;
    }
    snprintf(why, why_size,
             "the CUDA %s runtime pinned in %s is not installed; run 'cudnnv install' there (offline: 'cudnnv install " OPTION_CUDA_LIBS_FROM " DIR', DIR holding that CUDA's libraries)",
             pin.version, pin.origin);
    return -1;
}

static int by_release(const void *a, const void *b)
{
    return cudnnv_name_compare((const char *)a, (const char *)b);
}

int cuda_runtime_list(const char *root, cudnnv_name *names, int max)
{
    char area[PATH_MAX], lib[2 * PATH_MAX];
    DIR *dir = cudnnv_store_path(area, sizeof area, root, CUDNNV_STORE_RUNTIMES, NULL) == 0 ? opendir(area) : NULL;
    struct dirent *entry;
    int count = 0;
    while (dir != NULL && count < max && (entry = readdir(dir)) != NULL) {
        if (!cudnnv_runtime_name_is_valid(entry->d_name) ||
            cudnnv_store_path(lib, sizeof lib, root, CUDNNV_STORE_RUNTIME_LIB, entry->d_name) != 0 || !is_directory(lib))
            continue;
        snprintf(names[count++], sizeof names[0], "%.32s", entry->d_name);
    }
    if (dir != NULL)
        closedir(dir);
    qsort(names, (size_t)count, sizeof names[0], by_release);
    return count;
}

int cuda_runtime_lib_is(const char *lib, const char *runtime)
{
    char name[CUDNNV_NAME_MAX + 1];
    return cudnnv_store_split(lib, CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name, sizeof name) == 0 &&
           strcmp(name, runtime) == 0;
}

int cuda_runtime_record_of(const char *lib, char *out, size_t size)
{
    char root[PATH_MAX], name[CUDNNV_NAME_MAX + 1];
    if (cudnnv_store_split(lib, CUDNNV_STORE_RUNTIME_LIB, root, sizeof root, name, sizeof name) != 0)
        return -1;
    return cudnnv_store_path(out, size, root, CUDNNV_STORE_RUNTIME_RECORD, name);
}

int cuda_runtime_foreign(const char *lib, char *first, size_t size)
{
    DIR *dir = opendir(lib);
    struct dirent *entry;
    int count = 0;
    first[0] = '\0';
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0 ||
            cuda_component_of_library(entry->d_name) != NULL)
            continue;
        if (count++ == 0)
            cudnnv_escape_text(entry->d_name, first, size);
    }
    if (dir != NULL)
        closedir(dir);
    return count;
}

int cuda_runtime_problem(const char *root, const char *runtime, char *why, size_t size)
{
    char lib[PATH_MAX], first[256], reason[PATH_MAX + 128];
    int served = cudnnv_cuda_runtime_serve(root, runtime, lib, sizeof lib, reason, sizeof reason);
    if (served < 0) {
        char shown[4 * sizeof reason];
        cudnnv_escape_text(reason, shown, sizeof shown);
        snprintf(why, size, "refused by the trust rule: %s", shown);
        return 1;
    }
    int foreign = served > 0 ? cuda_runtime_foreign(lib, first, sizeof first) : 0;
    if (foreign > 0) {
        snprintf(why, size, "holds %d %s that %s not CUDA's (%s%s): programs in its projects would load them", foreign,
                 foreign == 1 ? "file" : "files", foreign == 1 ? "is" : "are", first, foreign > 1 ? ", ..." : "");
        return 1;
    }
    return 0;
}
