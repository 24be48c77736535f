/*
 * What the sources share, kept apart from the table that asks them
 * (install_source.c) so that no source calls back into it: the release
 * catalog read at most once per run, and an archive the catalog or a lock
 * lists, fetched and checked.
 */
#include "install_source.h"

#include "archive_fetch.h"

#include <stdio.h>

const struct catalog *catalog_once_get(struct catalog_once *once)
{
    if (once == NULL)
        return NULL;
    if (once->state == 0)
        once->state = catalog_load(&once->catalog) == 0 ? 1 : -1;
    return once->state == 1 ? &once->catalog : NULL;
}

void catalog_once_free(struct catalog_once *once)
{
    if (once->state == 1)
        catalog_free(&once->catalog);
    once->state = 0;
}

/* What the catalog and a lock say of one of their archives, and the archive fetched and checked. */
int source_fetch_listed(const struct source_query *query, const struct catalog_release *release,
                        const struct catalog_build *build, const char *authority, struct resolved_archive *found)
{
    const struct catalog_archive *archive = &build->archive[query->platform];
    snprintf(found->url, sizeof found->url, "%s", archive->url);
    snprintf(found->version, sizeof found->version, "%s", release->version);
    snprintf(found->cuda, sizeof found->cuda, "%s", build->cuda);
    found->size = archive->size;
    return install_fetch_archive(archive, authority, query->request->dry_run, found->path, sizeof found->path,
                                 found->sha256);
}
