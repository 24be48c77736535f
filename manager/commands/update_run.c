/*
 * The work of cudnnv update (its table and help are in cmd_update.c): by
 * default, reads NVIDIA's redist manifests (every cuDNN release from 8.3
 * on, with each archive's SHA-256 per platform and CUDA build) into
 * $CUDNNV_ROOT/catalog-redist (catalog_redist.c). With a git
 * remote configured (or --remote), fetches the release catalog repository
 * with libgit2 into $CUDNNV_ROOT/catalog instead, fast-forward only. Runs in
 * the helper lib/cudnnv/cudnnv-update, the only program that links libgit2,
 * libcurl for the manifests, and jansson.
 */
#include "catalog_git.h"
#include "catalog_redist.h"
#include "args.h"
#include "commands.h"
#include "config.h"
#include "fsutil.h"
#include "store.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NVIDIA's address, or the configured one, ending in '/'. */
static void redist_address(const struct config *config, char *out, size_t size)
{
    const char *configured = getenv("CUDNNV_REDIST_URL");
    if (configured == NULL || configured[0] == '\0')
        configured = config->catalog_redist[0] ? config->catalog_redist : CATALOG_REDIST_DEFAULT;
    size_t length = strlen(configured);
    snprintf(out, size, "%s%s", configured, length > 0 && configured[length - 1] == '/' ? "" : "/");
}

/* What the helper cudnnv-update does, once its arguments are parsed. */
int update_run(struct args *args)
{
    struct config config;
    char target[PATH_MAX];
    const char *remote = args->value[UPDATE_REMOTE];
    const char *root = store_root();
    config_read(root, &config);
    if (remote == NULL)
        remote = config.catalog_remote[0] ? config.catalog_remote : NULL;
    cudnnv_store_path(target, sizeof target, root, CUDNNV_STORE_CATALOG, NULL);
    /* the catalog has a lock of its own: a slow server never holds up the store */
    if (store_prepare(root) != 0)
        return 1;
    int lock = store_lock_named(root, "catalog.lock", "updating the catalog");
    if (lock < 0)
        return 1;
    store_clear_stale_area(root, CUDNNV_STORE_CATALOG_STAGING);
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
