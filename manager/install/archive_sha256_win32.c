/*
 * SHA-256 of an archive in cudnnv.exe, from Windows itself (BCrypt), so
 * 'install --sha256' and the catalog's sums are checked as on Linux (which
 * uses OpenSSL, archive_sha256.c) before anything is unpacked.
 */
#include "install_archive.h"

#include <windows.h>
#include <bcrypt.h>

#include <stdio.h>

int archive_sha256(const char *path, char hex[65])
{
    static unsigned char buffer[1 << 20];
    unsigned char digest[32];
    BCRYPT_ALG_HANDLE algorithm = NULL;
    BCRYPT_HASH_HANDLE hash = NULL;
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return -1;
    int ok = BCryptOpenAlgorithmProvider(&algorithm, BCRYPT_SHA256_ALGORITHM, NULL, 0) == 0 &&
             BCryptCreateHash(algorithm, &hash, NULL, 0, NULL, 0, 0) == 0;
    size_t got;
    while (ok && (got = fread(buffer, 1, sizeof buffer, file)) > 0)
        ok = BCryptHashData(hash, buffer, (ULONG)got, 0) == 0;
    ok = ok && !ferror(file) && BCryptFinishHash(hash, digest, sizeof digest, 0) == 0;
    if (hash != NULL)
        BCryptDestroyHash(hash);
    if (algorithm != NULL)
        BCryptCloseAlgorithmProvider(algorithm, 0);
    fclose(file);
    if (!ok)
        return -1;
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return 0;
}
