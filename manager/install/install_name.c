/*
 * The name a new set gets: --name, else its version. The same version for
 * another CUDA major gets a -cudaN suffix, for another platform a -windows or
 * -linux suffix, so both can stay; anything else already installed under
 * the name is replaced only with --force.
 */
#include "build_platform.h"
#include "option_names.h"
#include "install_steps.h"

#include "messages.h"
#include "store.h"

#include <stdio.h>
#include <string.h>

/* True when this store itself holds the name (a system set of that name is only shadowed). */
static int own_set_exists(const char *root, const char *name)
{
    return cudnnv_set_exists(root, name) && !cudnnv_set_in_system(root, name);
}

static int taken(const char *root, const char *name, const struct install_request *request,
                 struct install_result *result)
{
    char set_dir[PATH_MAX];
    if (!own_set_exists(root, name))
        return 0;
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (!request->force)
        return fail("'%s' is already installed (%s); add " OPTION_FORCE " to replace it, or " OPTION_NAME " NAME to keep both",
                    name, set_dir);
    result->replace = 1;
    return 0;
}

/*
 * "linux-x86_64" -> "linux", "windows-x86_64" -> "windows", "linux-sbsa" ->
 * "sbsa", "linux-aarch64" -> "aarch64" (and the older "linux" and "windows"
 * stay what they were): the suffix, and what compares two sets' platforms.
 * A name the table lacks is its own suffix.
 */
static const char *platform_suffix(const char *platform)
{
    int build = cudnnv_build_find(platform);
    return build >= 0 ? cudnnv_build_platform((enum cudnnv_build)build)->set_suffix : platform;
}

/* The suffix that tells the new set from the one installed under its version, or "". */
static void distinguishing_suffix(const char *root, const char *name, const struct set_info *mine,
                                  char *suffix, size_t size)
{
    char set_dir[PATH_MAX];
    struct set_info theirs;
    suffix[0] = '\0';
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &theirs) != 0)
        return;
    int my_cuda = cuda_major_of(mine->cuda), their_cuda = cuda_major_of(theirs.cuda);
    if (strcmp(platform_suffix(mine->platform), platform_suffix(theirs.platform)) != 0)
        snprintf(suffix, size, "-%s", platform_suffix(mine->platform));
    else if (my_cuda >= 0 && their_cuda >= 0 && my_cuda != their_cuda)
        snprintf(suffix, size, "-cuda%d", my_cuda);
}

int install_choose_name(const struct install_request *request, const char *source, const char *root,
                        const char *version_name, struct install_result *result)
{
    char suffix[24] = "";
    if (request->name != NULL) {
        if (store_name_problem(request->name) != NULL)
            return fail(OPTION_NAME " '%s': the name %s; choose another name", request->name,
                        store_name_problem(request->name));
        snprintf(result->name, sizeof result->name, "%s", request->name);
        return taken(root, result->name, request, result);
    }
    if (own_set_exists(root, version_name))
        distinguishing_suffix(root, version_name, &result->info, suffix, sizeof suffix);
    snprintf(result->name, sizeof result->name, "%.40s%s", version_name, suffix);
    if (!cudnnv_name_is_valid(result->name))
        return fail("the version found in %s ('%s') is not a name a set can have; give one with " OPTION_NAME " NAME",
                    source, result->name);
    return taken(root, result->name, request, result);
}

int install_name_already_has(const struct install_request *request, const char *root, const struct set_info *mine,
                             cudnnv_name found)
{
    char suffix[24] = "", set_dir[PATH_MAX];
    struct set_info theirs;
    if (request->force || request->name != NULL)
        return 0;
    if (own_set_exists(root, mine->version))
        distinguishing_suffix(root, mine->version, mine, suffix, sizeof suffix);
    snprintf(found, sizeof(cudnnv_name), "%.40s%s", mine->version, suffix);
    if (!own_set_exists(root, found) || store_set_dir(root, found, set_dir, sizeof set_dir) != 0 ||
        set_info_read(set_dir, &theirs) != 0)
        return 0;
    return strcmp(theirs.version, mine->version) == 0 && cuda_major_of(theirs.cuda) == cuda_major_of(mine->cuda) &&
           strcmp(platform_suffix(theirs.platform), platform_suffix(mine->platform)) == 0 &&
           !set_info_is_linked(&theirs);
}
