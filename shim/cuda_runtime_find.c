/*
 * Where a store keeps the CUDA runtime a project pins ("cuda 11.0" in its
 * .cudnn-version): ROOT/cuda/runtime/NAME/lib, NAME the pin itself, else the
 * newest name that continues it on a dot boundary (11.0.3 for 11.0), the
 * rule of set names. Here, in the selection's own code (libc only), so that
 * the manager (exec, env, the hook, doctor) and the Slurm plugin find the
 * same folder.
 */
#include "cudnnv_select.h"
#include "store_layout.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int cudnnv_cuda_runtime_find(const char *root, const char *version, char *lib, size_t size)
{
    char area[4096], best[CUDNNV_NAME_MAX + 1] = "";
    struct stat info;
    struct dirent *entry;
    DIR *dir = cudnnv_store_path(area, sizeof area, root, CUDNNV_STORE_RUNTIMES, NULL) == 0 ? opendir(area) : NULL;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        const char *name = entry->d_name;
        if (!cudnnv_runtime_name_is_valid(name) || strlen(name) >= sizeof best || !cudnnv_name_has_prefix(name, version))
            continue;
        if (strcmp(name, version) == 0 || best[0] == '\0' ||
            (strcmp(best, version) != 0 && cudnnv_name_compare(name, best) > 0))
            memcpy(best, name, strlen(name) + 1);   /* shorter than best: checked above */
    }
    if (dir != NULL)
        closedir(dir);
    return best[0] != '\0' && cudnnv_store_path(lib, size, root, CUDNNV_STORE_RUNTIME_LIB, best) == 0 &&
           stat(lib, &info) == 0 && S_ISDIR(info.st_mode);
}
