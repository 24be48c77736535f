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

#include "manifest.h"
#include "url_mask.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* Whether text is 32 hexadecimal digits, an XXH3-128 as MANIFEST writes it. */
static int is_xxh3(const char *text)
{
    return strlen(text) == 32 && strspn(text, "0123456789abcdef") == 32;
}

/* "file.NAME = XXH3": a file of a runtime brought from a folder; its name a plain file name, its hash 32 hex
 * digits, at most LOCK_RUNTIME_FILES of them (more is refused, never cut). */
static int take_file(struct lock_cuda_runtime *runtime, const char *name, const char *value, char *why, size_t why_size)
{
    if (runtime->file_count == LOCK_RUNTIME_FILES) {
        snprintf(why, why_size, "a runtime from a folder holds at most %d files", LOCK_RUNTIME_FILES);
        return -1;
    }
    if (name[0] == '\0' || strlen(name) >= sizeof runtime->file[0].name || strchr(name, '/') != NULL ||
        strchr(name, '\\') != NULL || strcmp(name, "..") == 0 || cudnnv_text_has_controls(name) || !is_xxh3(value)) {
        snprintf(why, why_size, "'file.%.60s': a runtime file is a plain name and its XXH3-128", name);
        return -1;
    }
    struct lock_runtime_file *file = &runtime->file[runtime->file_count++];
    snprintf(file->name, sizeof file->name, "%s", name);
    snprintf(file->xxh3, sizeof file->xxh3, "%s", value);
    return 0;
}

int lock_cuda_runtime_take(struct lock_cuda_runtime *runtime, const char *key, const char *value, char *why, size_t why_size)
{
    const char *field = NULL;
    if (strcmp(key, "platform") == 0)
        return copy_value(runtime->platform, sizeof runtime->platform, value, why, why_size);
    if (strcmp(key, "from") == 0)
        return copy_value(runtime->from, sizeof runtime->from, value, why, why_size);
    if (strcmp(key, "local") == 0) {
        runtime->local = strcmp(value, "yes") == 0;
        return 0;
    }
    if (strncmp(key, "file.", 5) == 0)
        return take_file(runtime, key + 5, value, why, why_size);
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
    if (cudnnv_cuda_release_is_valid(runtime->release) && runtime->local && runtime->file_count > 0 && runtime->count == 0)
        return NULL;   /* a folder's files, each checked by take_file */
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
    if (runtime->local)
        fprintf(out, "local = yes\n");
    for (int i = 0; i < runtime->file_count; i++)
        fprintf(out, "file.%s = %s\n", runtime->file[i].name, runtime->file[i].xxh3);
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

/* One regular file of a runtime's lib/ into the runtime's file list with its hash; -1 when it cannot be. */
static int add_file_hash(const char *lib, const char *name, struct lock_cuda_runtime *runtime)
{
    char path[PATH_MAX];
    struct stat info;
    unsigned long long size;
    if (snprintf(path, sizeof path, "%s/%s", lib, name) >= (int)sizeof path || lstat(path, &info) != 0 ||
        !S_ISREG(info.st_mode))
        return 0;   /* links are the files' other names: the files are what is checked */
    if (runtime->file_count == LOCK_RUNTIME_FILES || strlen(name) >= sizeof runtime->file[0].name)
        return -1;
    struct lock_runtime_file *file = &runtime->file[runtime->file_count];
    if (hash_file_xxh3(path, file->xxh3, &size) != 0)
        return -1;
    snprintf(file->name, sizeof file->name, "%s", name);
    runtime->file_count++;
    return 0;
}

int lock_cuda_runtime_files_sum(const char *lib, struct lock_cuda_runtime *runtime)
{
    DIR *dir = opendir(lib);
    struct dirent *entry;
    int status = dir != NULL ? 0 : -1;
    runtime->file_count = 0;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] != '.')
            status = add_file_hash(lib, entry->d_name, runtime);
    }
    if (dir != NULL)
        closedir(dir);
    /* by name, so that a lock written twice reads the same */
    for (int i = 1; i < runtime->file_count; i++) {
        struct lock_runtime_file file = runtime->file[i];
        int at = i;
        for (; at > 0 && strcmp(runtime->file[at - 1].name, file.name) > 0; at--)
            runtime->file[at] = runtime->file[at - 1];
        runtime->file[at] = file;
    }
    runtime->local = status == 0;
    return status;
}

int lock_cuda_runtime_files_match(const char *lib, const struct lock_cuda_runtime *locked, char *why, size_t size)
{
    static struct lock_cuda_runtime have;
    memset(&have, 0, sizeof have);
    if (lock_cuda_runtime_files_sum(lib, &have) != 0)
        return snprintf(why, size, "its files cannot be read"), 0;
    for (int i = 0; i < locked->file_count; i++) {
        int k = 0;
        while (k < have.file_count && strcmp(have.file[k].name, locked->file[i].name) != 0)
            k++;
        if (k == have.file_count)
            return snprintf(why, size, "it lacks %s", locked->file[i].name), 0;
        if (strcmp(have.file[k].xxh3, locked->file[i].xxh3) != 0)
            return snprintf(why, size, "its %s is not the lock's (XXH3-128 %s, the lock says %s)", locked->file[i].name,
                            have.file[k].xxh3, locked->file[i].xxh3), 0;
    }
    if (have.file_count != locked->file_count)
        return snprintf(why, size, "it holds %d files, the lock names %d", have.file_count, locked->file_count), 0;
    return 1;
}
