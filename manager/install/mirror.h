/*
 * Keeping archives in a mirror folder (mirror.c): what 'cudnnv mirror'
 * does once its options are read, in the install helper.
 */
#ifndef CUDNNV_MIRROR_H
#define CUDNNV_MIRROR_H

struct mirror_request {
    const char *dir;                 /* the mirror folder */
    const char *lock;                /* the lock whose archives to keep (NULL: cudnn.lock here) */
    const char *platforms;           /* --platform's list, or NULL: this machine's alone */
    const char *const *releases;     /* releases named instead of a lock */
    int release_count;
};

/* The archives fetched, checked and kept in NVIDIA's layout with manifests; 0, or 1 (2: bad usage) after a message. */
int mirror_fill(const struct mirror_request *request);

#endif
