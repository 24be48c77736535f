/*
 * Installing by catalog name: find the release and its archive, and bring
 * the archive to a local file with its checksum checked.
 */
#ifndef CUDNNV_INSTALL_CATALOG_H
#define CUDNNV_INSTALL_CATALOG_H

#include <stddef.h>

int install_catalog_archive(const char *requested, const char *cuda, int platform, char *archive_path, size_t size,
                            char sha256[65]);

#endif
