/*
 * A set's MANIFEST: every file with its size and XXH3-128, every link with its
 * target. Written once at install (where identical files already in the store
 * become hard links), read back by verify.
 */
#ifndef CUDNNV_MANIFEST_H
#define CUDNNV_MANIFEST_H

struct manifest_stats {
    int files;
    int links;
    int shared;                 /* files hard-linked to an identical one in the store */
    unsigned long long bytes;
    unsigned long long shared_bytes;
};

struct verify_result {
    int files;
    int missing;
    int changed;
    int extra;
};

typedef void (*verify_problem_fn)(const char *kind, const char *path, void *user);
typedef void (*verify_progress_fn)(int files_done, unsigned long long bytes_done, void *user);

int hash_file_xxh3(const char *path, char hex[33], unsigned long long *size);
int manifest_build(const char *root, const char *set_dir, struct manifest_stats *stats);
int manifest_verify(const char *set_dir, struct verify_result *result,
                    verify_problem_fn problem, verify_progress_fn progress, void *user);

#endif
