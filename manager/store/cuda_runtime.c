/*
 * cuda_runtime.h: reading a project's CUDA runtime pin (through the
 * selection's own version-file reader) and finding the runtime in the store
 * (through the selection's own finder, shim/cuda_runtime_find.c: the same
 * prefix rule as set names, "11.0" is 11.0, else the newest 11.0.x).
 */
#include "cuda_runtime.h"

#include "fsutil.h"

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
    if (cuda_runtime_find(where->root, pin.version, lib, size))
        return 1;
    snprintf(why, why_size,
             "the CUDA %s runtime pinned in %s is not installed; run 'cudnnv install' there (offline: 'cudnnv install --cuda-libs-from DIR', DIR holding that CUDA's libraries)",
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
    DIR *dir = path_join(area, sizeof area, root, CUDA_RUNTIME_AREA) == 0 ? opendir(area) : NULL;
    struct dirent *entry;
    int count = 0;
    while (dir != NULL && count < max && (entry = readdir(dir)) != NULL) {
        if (!cudnnv_name_is_valid(entry->d_name) || strlen(entry->d_name) > CUDNNV_NAME_MAX ||
            snprintf(lib, sizeof lib, "%s/%s/lib", area, entry->d_name) >= (int)sizeof lib || !is_directory(lib))
            continue;
        snprintf(names[count++], sizeof names[0], "%s", entry->d_name);
    }
    if (dir != NULL)
        closedir(dir);
    qsort(names, (size_t)count, sizeof names[0], by_release);
    return count;
}

int cuda_runtime_lib_is(const char *lib, const char *runtime)
{
    size_t length = strlen(lib), name = strlen(runtime);
    /* ROOT/cuda/runtime/RUNTIME/lib */
    return length > name + 5 && strcmp(lib + length - 4, "/lib") == 0 &&
           strncmp(lib + length - 4 - name, runtime, name) == 0 && lib[length - 5 - name] == '/';
}
