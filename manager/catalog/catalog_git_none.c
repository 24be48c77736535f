/*
 * The git source of 'cudnnv update' for builds without libgit2 (the AArch64
 * build: Debian cannot install libgit2-dev for two architectures at once).
 * It says so in one line; NVIDIA's manifests, the default source, work.
 */
#include "catalog_git.h"

#include "messages.h"

static int no_git(const char *remote)
{
    return fail("this build of cudnnv has no git support, so it cannot fetch %s; remove 'remote' under [catalog] in the config to read NVIDIA's manifests instead",
                remote);
}

int catalog_git_clone(const char *root, const char *target, const char *remote)
{
    (void)root;
    (void)target;
    return no_git(remote);
}

int catalog_git_fast_forward(const char *target, const char *remote)
{
    (void)target;
    return no_git(remote);
}
