/*
 * Archives in cudnnv.exe. SHA-256 comes from Windows itself (BCrypt), so
 * 'install --sha256' and the catalog's sums are checked as on Linux; but
 * mingw-w64 has no libarchive, so this build does not unpack archives: it
 * says so, and how to install the unpacked folder instead.
 */
#include "install_archive.h"

#include "messages.h"

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

int archive_extract_safe(const char *archive_path, const char *destination,
                         unsigned long long max_member_size, char *error, size_t error_size)
{
    (void)destination;
    (void)max_member_size;
    snprintf(error, error_size,
             "this cudnnv.exe cannot unpack archives (it has no libarchive): unpack %s (Explorer, or 'tar -xf' on Windows 10 and later), then run 'cudnnv install FOLDER'",
             archive_path);
    return -1;
}
