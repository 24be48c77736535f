/*
 * Installing from a Python package index (install_index.c): which wheel,
 * fetched and checked.
 */
#ifndef CUDNNV_INSTALL_INDEX_H
#define CUDNNV_INSTALL_INDEX_H

#include <limits.h>
#include <stddef.h>

struct index_request {
    const char *requested;   /* the version prefix: 9.1 */
    const char *cuda;        /* --cuda, or NULL */
    int platform;
    int no_verify;           /* --no-verify: a wheel without a SHA-256 is taken */
    int runtime;             /* --runtime: no package of headers is fetched */
    int found_cuda;          /* answered: the CUDA major of the package chosen */
    char headers_path[PATH_MAX]; /* answered: NVIDIA's libcudnn-dev package beside libcudnn, fetched; "" for none */
    char url[400];               /* answered: the address the package was fetched from */
};

int install_index_default(char *out, size_t size);
int install_channel_archive(const char *channel_url, struct index_request *request, char *archive_path,
                            size_t size, char sha256[65]);
int install_index_archive(const char *index_url, struct index_request *request, char *archive_path,
                          size_t size, char sha256[65]);

#endif
