/*
 * The name a new set gets: --name, else its version. The same version for
 * another CUDA major gets a -cudaN suffix so both can stay; anything else
 * already installed under the name is replaced only with --force.
 */
#include "install_steps.h"

#include "cli.h"
#include "store.h"

#include <stdio.h>
#include <string.h>

static int taken(const char *root, const char *name, const struct install_request *request,
                 struct install_result *result)
{
    char set_dir[PATH_MAX];
    if (!cudnnv_set_exists(root, name))
        return 0;
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (!request->force)
        return fail("'%s' is already installed (%s); add --force to replace it, or --name NAME to keep both",
                    name, set_dir);
    result->replace = 1;
    return 0;
}

static int other_cuda_major(const char *root, const char *name, const char *cuda)
{
    char set_dir[PATH_MAX];
    struct set_info existing;
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &existing) != 0)
        return 0;
    int mine = cuda_major_of(cuda), theirs = cuda_major_of(existing.cuda);
    return mine >= 0 && theirs >= 0 && mine != theirs;
}

int install_choose_name(const struct install_request *request, const char *root,
                        const char *version_name, const char *cuda, struct install_result *result)
{
    if (request->name != NULL) {
        if (!cudnnv_name_is_valid(request->name))
            return usage_fail("install", "invalid --name '%s': no '/', '\\', '..', spaces or control characters, at most %d bytes",
                              request->name, CUDNNV_NAME_MAX);
        snprintf(result->name, sizeof result->name, "%s", request->name);
        return taken(root, result->name, request, result);
    }
    snprintf(result->name, sizeof result->name, "%s", version_name);
    if (cudnnv_set_exists(root, version_name) && other_cuda_major(root, version_name, cuda))
        snprintf(result->name, sizeof result->name, "%s-cuda%d", version_name, cuda_major_of(cuda));
    return taken(root, result->name, request, result);
}
