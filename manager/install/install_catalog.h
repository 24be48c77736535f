/*
 * Installing by catalog name: find the release and its archive, and bring
 * the archive to a local file with its checksum checked.
 */
#ifndef CUDNNV_INSTALL_CATALOG_H
#define CUDNNV_INSTALL_CATALOG_H

#include <stddef.h>

/* What 'install RELEASE' was asked: the release prefix, --cuda, --gpu, and the platform. */
struct release_request {
    const char *requested;
    const char *cuda;     /* NULL: the newest build the driver runs */
    const char *gpu;      /* NULL: this machine's GPUs, when the platform is this machine's */
    int platform;
    int allow_advised;    /* --allow-advised: a release advised against is taken like any other */
    char url[400];        /* answered: the address of the archive chosen */
};

/* install_catalog_archive and install_fetch_archive's answer under install_plan_only(): described, not fetched. */
#define INSTALL_PLANNED 3

void install_plan_only(void);
int install_catalog_archive(struct release_request *request, char *archive_path, size_t size, char sha256[65]);
struct catalog_archive;
int install_fetch_archive(const struct catalog_archive *archive, const char *authority, char *archive_path,
                          size_t size, char sha256[65]);

#endif
