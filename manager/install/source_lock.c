/*
 * A project's lock: install --locked. The archive cudnn.lock names for the
 * pin and the platform, fetched (archive_fetch.c) and checked against the
 * lock's SHA-256; a lock without one is refused. install_locked.c decides
 * which pins need it.
 */
#include "install_source.h"

#include "lock_file.h"
#include "messages.h"


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

const struct install_source source_lock = {"lock", takes, resolve};
