/*
 * SHA-256 of an archive (OpenSSL libcrypto), compared with a published sum
 * before anything is extracted.
 */
#include "install_archive.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <unistd.h>

int archive_sha256(const char *path, char hex[65])
{
    static unsigned char buffer[1 << 20];
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int ok = context != NULL && EVP_DigestInit_ex(context, EVP_sha256(), NULL) == 1;
    ssize_t got;
    while (ok && (got = read(fd, buffer, sizeof buffer)) > 0)
        ok = EVP_DigestUpdate(context, buffer, (size_t)got) == 1;
    ok = ok && got == 0 && EVP_DigestFinal_ex(context, digest, &length) == 1;
    EVP_MD_CTX_free(context);
    close(fd);
    if (!ok)
        return -1;
    for (unsigned int i = 0; i < length; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return 0;
}
