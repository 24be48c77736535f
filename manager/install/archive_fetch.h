/*
 * Bringing a chosen archive here (archive_fetch.c): from the cache, a mirror
 * folder or its address, checked against the sum its source gives.
 */
#ifndef CUDNNV_ARCHIVE_FETCH_H
#define CUDNNV_ARCHIVE_FETCH_H

#include <stddef.h>

/* install_fetch_archive's answer when asked only to plan (--dry-run): described, not fetched. */
#define INSTALL_PLANNED 3
/* A source's answer when the release it chose is installed already: nothing was fetched. (An address out of
 * reach answers DOWNLOAD_UNREACHABLE, download.h: install_source.c then tries the index configured.) */
#define INSTALL_ALREADY 4

struct catalog_archive;
int install_fetch_archive(const struct catalog_archive *archive, const char *authority, int plan_only,
                          char *archive_path, size_t size, char sha256[65]);

#endif
