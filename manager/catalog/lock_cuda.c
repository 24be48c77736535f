/*
 * The CUDA libraries of a lock (lock_file.h): a [cuda LABEL] section names, for
 * one platform, the archive of each CUDA component a pinned set loads, with
 * its address, SHA-256 and size; the same section is the record the store
 * keeps in cuda/LABEL/cudnnv.ini, so 'cudnnv lock' copies it and 'install
 * --locked' brings exactly those bits. Every value is checked as the
 * catalog's are.
 */
#include "lock_file.h"
#include "cuda_components.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct lock_cuda_part *part_named(struct lock_cuda *cuda, const char *component, size_t length)
{
    for (int i = 0; i < cuda->count; i++) {
        if (strlen(cuda->part[i].component) == length && strncmp(cuda->part[i].component, component, length) == 0)
            return &cuda->part[i];
    }
    char name[sizeof cuda->part[0].component];
    if (length >= sizeof name || cuda->count >= LOCK_CUDA_PARTS)
        return NULL;
    memcpy(name, component, length);
    name[length] = '\0';
    if (cuda_libs_named(name) == NULL)
        return NULL;
    struct lock_cuda_part *part = &cuda->part[cuda->count++];
    memset(part, 0, sizeof *part);
    snprintf(part->component, sizeof part->component, "%s", name);
    return part;
}

static int copy_value(char *field, size_t size, const char *value, char *why, size_t why_size)
{
    if (snprintf(field, size, "%s", value) < (int)size)
        return 0;
    snprintf(why, why_size, "a value too long to be real");
    return -1;
}

int lock_cuda_take(struct lock_cuda *cuda, const char *key, const char *value, char *why, size_t why_size)
{
    const char *dot = strchr(key, '.');
    if (strcmp(key, "platform") == 0)
        return copy_value(cuda->platform, sizeof cuda->platform, value, why, why_size);
    struct lock_cuda_part *part = dot ? part_named(cuda, key, (size_t)(dot - key)) : NULL;
    if (part == NULL)
        return 0;   /* a key of another kind (the store's own notes) */
    const char *field = dot + 1;
    if (strcmp(field, "version") == 0)
        return copy_value(part->version, sizeof part->version, value, why, why_size);
    if (strcmp(field, "archive") == 0)
        return copy_value(part->archive.name, sizeof part->archive.name, value, why, why_size);
    if (strcmp(field, "url") == 0)
        return copy_value(part->archive.url, sizeof part->archive.url, value, why, why_size);
    if (strcmp(field, "sha256") == 0)
        return copy_value(part->archive.sha256, sizeof part->archive.sha256, value, why, why_size);
    if (strcmp(field, "size") == 0)
        part->archive.size = atoll(value);
    return 0;
}

const char *lock_cuda_problem(const struct lock_cuda *cuda)
{
    if (!cudnnv_name_is_valid(cuda->label) || cuda->count == 0)
        return "a CUDA section without a name or components";
    for (int i = 0; i < cuda->count; i++) {
        const struct catalog_archive *archive = &cuda->part[i].archive;
        const char *problem = catalog_archive_problem(archive, "");
        if (problem != NULL)
            return problem;
        if (archive->name[0] == '\0' || archive->url[0] == '\0' || !catalog_is_sha256(archive->sha256) ||
            !cudnnv_name_is_valid(cuda->part[i].version))
            return "a CUDA component without its archive, address, SHA-256 or version";
    }
    return NULL;
}

void lock_cuda_write(FILE *out, const struct lock_cuda *cuda)
{
    fprintf(out, "\n[cuda %s]\nplatform = %s\n", cuda->label, cuda->platform);
    for (int i = 0; i < cuda->count; i++) {
        const struct lock_cuda_part *part = &cuda->part[i];
        const char *name = part->component;
        fprintf(out, "%s.version = %s\n%s.archive = %s\n%s.url = %s\n%s.sha256 = %s\n", name, part->version, name,
                part->archive.name, name, part->archive.url, name, part->archive.sha256);
        if (part->archive.size > 0)
            fprintf(out, "%s.size = %lld\n", name, part->archive.size);
    }
}

static int take_cuda_key(void *target, const char *key, const char *value, char *why, size_t size)
{
    return lock_cuda_take(target, key, value, why, size);
}

int lock_cuda_read_record(const char *path, struct lock_cuda *cuda)
{
    memset(cuda, 0, sizeof *cuda);
    struct lock_record record = {"cuda ", cuda->label, sizeof cuda->label, take_cuda_key, cuda, ""};
    return lock_record_read(path, &record) == 0 && lock_cuda_problem(cuda) == NULL ? 0 : -1;
}
