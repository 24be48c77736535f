/*
 * Whether the CUDA runtime a project pins may be served: the set's trust
 * rule (set_trust.c, set_trust_win32.c) applied to ROOT/cuda/runtime/NAME.
 * Its folder, every folder above it and every library in it must belong to
 * this user, root or the store's owner and be writable by no one else; the
 * store makes NAME and NAME/lib real folders, so a link there is refused
 * too. exec, env, the hook, CDI and the Slurm plugin ask this before a
 * runtime goes on a library path; libc only.
 */
#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef _WIN32
/* NAME and NAME/lib as the store makes them: folders, not links. */
static int store_made(const char *lib, char *why, size_t size)
{
    char runtime[PATH_MAX];
    struct stat info;
    const char *slash = strrchr(lib, '/');
    if (slash == NULL || (size_t)(slash - lib) >= sizeof runtime)
        return 1;
    snprintf(runtime, sizeof runtime, "%.*s", (int)(slash - lib), lib);
    const char *paths[] = {runtime, lib};
    for (int i = 0; i < 2; i++) {
        if (lstat(paths[i], &info) == 0 && !S_ISDIR(info.st_mode)) {
            if (why != NULL)
                snprintf(why, size, "%s is a link, not a folder the store made", paths[i]);
            return 0;
        }
    }
    return 1;
}
#endif

struct runtime_listing {
    const struct cudnnv_trust *trust;
    const char *real;
    char *why;
    size_t size;
};

static int entry_untrusted(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    const struct runtime_listing *listing = context;
    (void)kind;
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return 0;
    return !cudnnv_trusted_entry(listing->trust, listing->real, name, listing->why, listing->size);
}

/* Every entry of the runtime's folder (real: resolved), judged as a set's libraries are. */
static int entries_trusted(const struct cudnnv_trust *trust, const char *real, char *why, size_t size)
{
    struct runtime_listing listing = {trust, real, why, size};
    int answer = cudnnv_each_entry(real, entry_untrusted, &listing);
    if (answer < 0 && why != NULL)
        snprintf(why, size, "%s cannot be read", real);
    return answer == 0;
}

int cudnnv_cuda_runtime_trusted(const struct cudnnv_trust *trust, const char *lib, char *why, size_t size)
{
#ifdef _WIN32
    return cudnnv_trusted_path(trust, lib, why, size) && entries_trusted(trust, lib, why, size);
#else
    char real[PATH_MAX];
    if (!store_made(lib, why, size) || !cudnnv_trusted_path(trust, lib, why, size))
        return 0;
    if (realpath(lib, real) == NULL) {
        if (why != NULL)
            snprintf(why, size, "%s cannot be resolved", lib);
        return 0;
    }
    return entries_trusted(trust, real, why, size);
#endif
}

int cudnnv_cuda_runtime_serve(const char *root, const char *version, char *lib, size_t size, char *why,
                              size_t why_size)
{
    struct cudnnv_trust trust;
    if (!cudnnv_cuda_runtime_find(root, version, lib, size))
        return 0;
    cudnnv_trust_init(&trust, root, NULL);
    return cudnnv_cuda_runtime_trusted(&trust, lib, why, why_size) ? 1 : -1;
}
