/*
 * A project's lock: install --locked. The archive cudnn.lock names for the
 * pin and the platform, fetched (archive_fetch.c) and checked against the
 * lock's SHA-256; a lock without one is refused. install_locked.c decides
 * which pins need it. Also the CUDA libraries its [cuda LABEL] names and the
 * runtime its [runtime X.Y] names, exactly those archives.
 */
#include "install_source.h"
#include "option_names.h"

#include "catalog.h"
#include "cuda_components.h"
#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"
#include "lock_file.h"
#include "messages.h"

#include <stdio.h>
#include <string.h>

static int takes(const struct source_query *query)
{
    return query->pin != NULL;
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    const struct catalog_release *release = &query->pin->release;
    const struct catalog_archive *archive = &release->builds[0].archive[query->platform];
    note("%s: cuDNN %s for CUDA %s: %s (locked)", query->pin->pin, release->version, release->builds[0].cuda,
         archive->name);
    if (archive->sha256[0] == '\0')
        return fail("cudnn.lock gives no SHA-256 for %s; run 'cudnnv lock' again", archive->name);
    found->release_vouched = "cudnn.lock";
    return source_fetch_listed(query, release, &release->builds[0], "cudnn.lock", found);
}

static int given(const struct source_origin *origin)
{
    return origin->locked;
}

/* The lock's [cuda LABEL]: each component it names that cudnnv brings, with its archive and version. */
int cuda_libs_from_lock(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                         struct cuda_libs_choice *chosen)
{
    const struct lock_cuda *cuda = request->locked;
    (void)root;
    *all = *request;
    all->count = 0;
    snprintf(chosen->label, sizeof chosen->label, "%s", cuda->label);
    snprintf(chosen->source, sizeof chosen->source, "cudnn.lock");
    for (int i = 0; i < cuda->count && all->count < CUDA_LIBS_MAX_COMPONENTS; i++) {
        const char *component = cuda_libs_named(cuda->part[i].component);
        if (component == NULL)
            continue;
        snprintf(chosen->component[all->count].version, sizeof chosen->component[0].version, "%s",
                 cuda->part[i].version);
        chosen->component[all->count].archive = cuda->part[i].archive;
        all->component[all->count++] = component;
    }
    return 0;
}

int cuda_runtime_from_lock(const char *root, const struct cuda_runtime_request *request)
{
    const char *here = catalog_platform_name((enum catalog_platform)request->platform);
    if (request->locked->platform[0] != '\0' && strcmp(request->locked->platform, here) != 0)
        return fail("the lock's CUDA %s runtime is for %s, not for this machine (%s); write the lock here with 'cudnnv lock', or install without " OPTION_LOCKED,
                    request->locked->release, request->locked->platform, here);
    if (cuda_runtime_announce(request, "the packages cudnn.lock names"))
        return 0;
    return cuda_runtime_install(root, request->locked->release, NULL, request->locked, "the lock");
}

const struct install_source source_lock = {.name = "lock", .checks_given_sum = 1, .takes = takes,
                                           .resolve = resolve, .given = given,
                                           .cuda_libs = cuda_libs_from_lock, .cuda_runtime = cuda_runtime_from_lock};
