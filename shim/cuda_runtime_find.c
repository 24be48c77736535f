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

#include <string.h>
#include <sys/stat.h>

struct best_runtime {
    const char *version;
    char name[CUDNNV_NAME_MAX + 1];   /* "" until one answers */
};

/* The pin itself wins; else the newest name that continues it. */
static int consider_runtime(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    struct best_runtime *best = context;
    (void)kind;   /* lib/ under it is checked for the winner */
    if (!cudnnv_runtime_name_is_valid(name) || strlen(name) >= sizeof best->name ||
        !cudnnv_name_has_prefix(name, best->version))
        return 0;
    if (strcmp(name, best->version) == 0 || best->name[0] == '\0' ||
        (strcmp(best->name, best->version) != 0 && cudnnv_name_compare(name, best->name) > 0))
        memcpy(best->name, name, strlen(name) + 1);   /* shorter than best->name: checked above */
    return 0;
}

int cudnnv_cuda_runtime_find(const char *root, const char *version, char *lib, size_t size)
{
    char area[4096];
    struct best_runtime best = {version, ""};
    struct stat info;
    if (cudnnv_store_path(area, sizeof area, root, CUDNNV_STORE_RUNTIMES, NULL) == 0)
        cudnnv_each_entry(area, consider_runtime, &best);
    return best.name[0] != '\0' && cudnnv_store_path(lib, size, root, CUDNNV_STORE_RUNTIME_LIB, best.name) == 0 &&
           stat(lib, &info) == 0 && S_ISDIR(info.st_mode);
}
