/*
 * cudnnv update: by default, reads NVIDIA's redist manifests (every cuDNN
 * release from 8.3 on, with each archive's SHA-256 per platform and CUDA
 * build) into $CUDNNV_ROOT/catalog-redist (catalog_redist.c). With a git
 * remote configured (or --remote), fetches the release catalog repository
 * with libgit2 into $CUDNNV_ROOT/catalog instead, fast-forward only. Runs in
 * the helper lib/cudnnv/cudnnv-update, the only program that links libgit2,
 * libcurl for the manifests, and jansson.
 */
#include "catalog_git.h"
#include "catalog_redist.h"
#include "cli.h"
#include "commands.h"
#include "config.h"
#include "fsutil.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_update_help[] =
    "Usage: cudnnv update [--remote URL]\n"
    "\n"
    "Learn the cuDNN releases NVIDIA has published since cudnnv was built:\n"
    "read NVIDIA's redist index and each release manifest not read before\n"
    "(cuDNN 8.3 and later: every archive's path, SHA-256 and size, per\n"
    "platform and CUDA build) into $CUDNNV_ROOT/catalog-redist. 'cudnnv known'\n"
    "and 'cudnnv install RELEASE' then use them beside the catalog shipped\n"
    "with cudnnv. The address is NVIDIA's, or 'redist = URL' under [catalog]\n"
    "in $CUDNNV_ROOT/config, or CUDNNV_REDIST_URL (a mirror of it).\n"
    "\n"
    "With a git remote (--remote URL, or 'remote = URL' under [catalog]),\n"
    "fetch a copy of the catalog repository into $CUDNNV_ROOT/catalog instead\n"
    "(a clone the first time, then fast-forward only); its releases override\n"
    "the shipped ones. Any URL git understands works, file:// included.\n";

/* NVIDIA's address, or the configured one, ending in '/'. */
static void redist_address(const struct config *config, char *out, size_t size)
{
    const char *configured = getenv("CUDNNV_REDIST_URL");
    if (configured == NULL || configured[0] == '\0')
        configured = config->catalog_redist[0] ? config->catalog_redist : CATALOG_REDIST_DEFAULT;
    size_t length = strlen(configured);
    snprintf(out, size, "%s%s", configured, length > 0 && configured[length - 1] == '/' ? "" : "/");
}

int cmd_update(int argc, char **argv)
{
    struct config config;
    char target[PATH_MAX];
    const char *remote = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--remote") == 0 && i + 1 < argc)
            remote = argv[++i];
        else
            return usage_fail("update", "unexpected argument '%s'", argv[i]);
    }
    const char *root = store_root();
    config_read(root, &config);
    if (remote == NULL)
        remote = config.catalog_remote[0] ? config.catalog_remote : NULL;
    path_join(target, sizeof target, root, "catalog");
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status;
    if (remote == NULL) {
        char redist[1100];
        redist_address(&config, redist, sizeof redist);
        status = catalog_redist_update(root, redist);
    } else
        status = is_directory(target) ? catalog_git_fast_forward(target, remote)
                                      : catalog_git_clone(root, target, remote);
    store_unlock(lock);
    return status;
}
