/*
 * A project's CUDA runtime in a lock (lock_file.h): a [runtime RELEASE]
 * section names, for one platform, each package the runtime was unpacked
 * from (a conda channel's cudatoolkit, or NVIDIA's apt .debs), with its
 * address, SHA-256 and size. The same section is the record the store keeps
 * in cuda/runtime/RELEASE/cudnnv.ini, so 'cudnnv lock' copies it and
 * 'install --locked' brings exactly those bits. A runtime brought from a
 * folder records no package: it cannot be locked, and is said so.
 */
#include "lock_file.h"

#include "url_mask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int copy_value(char *field, size_t size, const char *value, char *why, size_t why_size)
{
    if (snprintf(field, size, "%s", value) < (int)size)
        return 0;
    snprintf(why, why_size, "a value too long to be real");
    return -1;
}

/* "2.url": package 2 (1 to LOCK_RUNTIME_PACKAGES), its field "url"; NULL for any other key, and with *beyond set
 * for a package numbered past what a runtime may hold (brought whole or refused, never cut). */
static struct catalog_archive *package_of(struct lock_cuda_runtime *runtime, const char *key, const char **field,
                                          int *beyond)
{
    char *end;
    long number = strtol(key, &end, 10);
    if (end == key || *end != '.' || key[0] < '0' || key[0] > '9')
        return NULL;
    *beyond = number < 1 || number > LOCK_RUNTIME_PACKAGES;
    if (*beyond)
        return NULL;
    if (number > runtime->count)
        runtime->count = (int)number;
    *field = end + 1;
    return &runtime->package[number - 1];
}

int lock_cuda_runtime_take(struct lock_cuda_runtime *runtime, const char *key, const char *value, char *why, size_t why_size)
{
    const char *field = NULL;
    if (strcmp(key, "platform") == 0)
        return copy_value(runtime->platform, sizeof runtime->platform, value, why, why_size);
    if (strcmp(key, "from") == 0)
        return copy_value(runtime->from, sizeof runtime->from, value, why, why_size);
    int beyond = 0;
    struct catalog_archive *package = package_of(runtime, key, &field, &beyond);
    if (beyond) {
        snprintf(why, why_size, "'%s': a runtime holds packages 1 to %d", key, LOCK_RUNTIME_PACKAGES);
        return -1;
    }
    if (package == NULL)
        return 0;   /* the store's own notes (installed = ...) */
    if (strcmp(field, "archive") == 0)
        return copy_value(package->name, sizeof package->name, value, why, why_size);
    if (strcmp(field, "url") == 0)
        return copy_value(package->url, sizeof package->url, value, why, why_size);
    if (strcmp(field, "sha256") == 0)
        return copy_value(package->sha256, sizeof package->sha256, value, why, why_size);
    if (strcmp(field, "size") == 0)
        package->size = atoll(value);
    return 0;
}

const char *lock_cuda_runtime_problem(const struct lock_cuda_runtime *runtime)
{
    if (!cudnnv_cuda_release_is_valid(runtime->release) || runtime->count == 0)
        return "a runtime section without a CUDA release or packages";
    for (int i = 0; i < runtime->count; i++) {
        const struct catalog_archive *package = &runtime->package[i];
        const char *problem = catalog_archive_problem(package, "");
        if (problem != NULL)
            return problem;
        if (package->name[0] == '\0' || package->url[0] == '\0' || !catalog_is_sha256(package->sha256))
            return "a runtime package without its archive, address or SHA-256";
    }
    return NULL;
}

/* An address as a lock and a record keep it: a password in it as "****" (a lock is shared, a record read by all). */
static const char *masked(const char *address, char *out, size_t size)
{
    snprintf(out, size, "%s", address);
    url_mask_passwords(out);
    return out;
}

void lock_cuda_runtime_write(FILE *out, const struct lock_cuda_runtime *runtime)
{
    char shown[sizeof runtime->package[0].url + sizeof runtime->from];
    fprintf(out, "\n[runtime %s]\nplatform = %s\n", runtime->release, runtime->platform);
    if (runtime->from[0] != '\0')
        fprintf(out, "from = %s\n", masked(runtime->from, shown, sizeof shown));
    for (int i = 0; i < runtime->count; i++) {
        const struct catalog_archive *package = &runtime->package[i];
        fprintf(out, "%d.archive = %s\n%d.url = %s\n%d.sha256 = %s\n", i + 1, package->name, i + 1,
                masked(package->url, shown, sizeof shown), i + 1, package->sha256);
        if (package->size > 0)
            fprintf(out, "%d.size = %lld\n", i + 1, package->size);
    }
}

static int take_runtime_key(void *target, const char *key, const char *value, char *why, size_t size)
{
    return lock_cuda_runtime_take(target, key, value, why, size);
}

int lock_cuda_runtime_read_record(const char *path, struct lock_cuda_runtime *runtime)
{
    memset(runtime, 0, sizeof *runtime);
    struct lock_record record = {"runtime ", runtime->release, sizeof runtime->release, take_runtime_key, runtime, ""};
    return lock_record_read(path, &record);
}
