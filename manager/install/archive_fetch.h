/*
 * Bringing a chosen archive here (archive_fetch.c): from the cache, a mirror
 * folder or its address, checked against the sum its source gives.
 */
#ifndef CUDNNV_ARCHIVE_FETCH_H
#define CUDNNV_ARCHIVE_FETCH_H

#include <stddef.h>

/* install_fetch_archive's answer under install_plan_only(): described, not fetched. */
#define INSTALL_PLANNED 3
/* A source's answer when the release it chose is installed already: nothing was fetched. */
#define INSTALL_ALREADY 4

void install_plan_only(void);
struct catalog_archive;
int install_fetch_archive(const struct catalog_archive *archive, const char *authority, char *archive_path,
                          size_t size, char sha256[65]);

#endif
