/*
 * A set's metadata, versions/<name>/cudnnv.ini: what version it holds, for
 * which CUDA, where it came from, and whether it is a copy or a link.
 */
#ifndef CUDNNV_SET_INFO_H
#define CUDNNV_SET_INFO_H

#include <limits.h>

/* An address recorded whole in cudnnv.ini (a longer one is not recorded: a lock then names the catalog's). */
#define SET_INFO_URL_MAX 190

struct set_info {
    char version[72];     /* 8.1.0.77 (with the build number when known) */
    char cuda[24];        /* 11.2, 12, or "" */
    char platform[16];    /* linux or windows */
    char kind[16];        /* installed or linked */
    char source[PATH_MAX];/* the archive or directory it came from */
    char url[SET_INFO_URL_MAX]; /* the address that archive was fetched from (catalog, index, channel), or "" */
    char path[PATH_MAX];  /* for a linked set: the directory it refers to */
    char sha256[72];      /* of the archive, when checked */
    char installed[32];   /* UTC time of install */
    char content[16];     /* "runtime" when only what programs load was kept (no headers, no static libraries) */
};

int set_info_read(const char *set_dir, struct set_info *info);
typedef int (*set_ini_handler)(void *user, const char *section, const char *key, const char *value);
int set_ini_read(const char *set_dir, set_ini_handler handler, void *user);
int set_info_write(const char *set_dir, const struct set_info *info);
int set_info_is_linked(const struct set_info *info);
int set_info_is_libraries_only(const struct set_info *info);
int cuda_major_of(const char *cuda);
int set_name_disagrees(const char *name, const char *version);

#endif
