/*
 * XXH3-128 of a file, streamed: the digest behind MANIFEST, verify and the
 * store's de-duplication.
 */
#include "manifest.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <xxhash.h>

int hash_file_xxh3(const char *path, char hex[33], unsigned long long *size)
{
    static char buffer[1 << 20];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    XXH3_state_t *state = XXH3_createState();
    XXH3_128bits_reset(state);
    unsigned long long total = 0;
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0) {
        XXH3_128bits_update(state, buffer, (size_t)got);
        total += (unsigned long long)got;
    }
    close(fd);
    XXH128_hash_t digest = XXH3_128bits_digest(state);
    XXH3_freeState(state);
    if (got < 0)
        return -1;
    snprintf(hex, 33, "%016llx%016llx", (unsigned long long)digest.high64,
             (unsigned long long)digest.low64);
    *size = total;
    return 0;
}
