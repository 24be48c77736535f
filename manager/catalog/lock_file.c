/*
 * lock_file.h: reading and writing cudnn.lock. What is read is outside
 * input: every pin is checked as a version name, and every release as the
 * catalog checks its own (catalog_release_problem: archive names, addresses,
 * sums); a lock that fails is refused whole, with the reason.
 */
#include "lock_file.h"
#include "option_names.h"

#include "fsutil.h"

#include "ini_read.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reading {
    struct lock_file *lock;
    char why[256];
};

static struct lock_pin *pin_named(struct reading *reading, const char *pin)
{
    struct lock_file *lock = reading->lock;
    for (int i = 0; i < lock->count; i++) {
        if (strcmp(lock->entries[i].pin, pin) == 0)
            return &lock->entries[i];
    }
    if (lock->count == CUDNNV_MAX_LINES || !cudnnv_name_is_valid(pin)) {
        snprintf(reading->why, sizeof reading->why, "a pin that is not a version name, or too many pins");
        return NULL;
    }
    struct lock_pin *entry = &lock->entries[lock->count++];
    snprintf(entry->pin, sizeof entry->pin, "%s", pin);
    entry->release.build_count = 1;
    return entry;
}

/* "linux-x86_64.url" -> the archive of that platform and the field "url"; NULL when no platform. */
static struct catalog_archive *platform_archive(struct catalog_build *build, const char *key, const char **field)
{
    const char *dot = strchr(key, '.');
    char platform[32];
    if (dot == NULL || (size_t)(dot - key) >= sizeof platform)
        return NULL;
    snprintf(platform, sizeof platform, "%.*s", (int)(dot - key), key);
    int index = catalog_platform_from_name(platform);
    *field = dot + 1;
    return index < 0 ? NULL : &build->archive[index];
}

static void take_text(char *field, size_t size, const char *value, struct reading *reading, const char *key)
{
    if (snprintf(field, size, "%s", value) >= (int)size)
        snprintf(reading->why, sizeof reading->why, "a %s too long to be real", key);
}

static void take_archive_key(struct catalog_archive *archive, const char *field, const char *value,
                             struct reading *reading)
{
    if (strcmp(field, "archive") == 0)
        take_text(archive->name, sizeof archive->name, value, reading, "archive name");
    else if (strcmp(field, "url") == 0)
        take_text(archive->url, sizeof archive->url, value, reading, "URL");
    else if (strcmp(field, "sha256") == 0)
        take_text(archive->sha256, sizeof archive->sha256, value, reading, "SHA-256");
    else if (strcmp(field, "size") == 0)
        archive->size = atoll(value);
}

static struct lock_cuda *cuda_named(struct reading *reading, const char *label)
{
    struct lock_file *lock = reading->lock;
    for (int i = 0; i < lock->cuda_count; i++) {
        if (strcmp(lock->cuda[i].label, label) == 0)
            return &lock->cuda[i];
    }
    if (lock->cuda_count == CUDNNV_MAX_LINES || !cudnnv_name_is_valid(label)) {
        snprintf(reading->why, sizeof reading->why, "a CUDA section that is not a version name, or too many");
        return NULL;
    }
    struct lock_cuda *cuda = &lock->cuda[lock->cuda_count++];
    snprintf(cuda->label, sizeof cuda->label, "%s", label);
    return cuda;
}

static int take_key(void *user, const char *section, const char *key, const char *value)
{
    struct reading *reading = user;
    const char *field = NULL;
    if (strcmp(section, "lock") == 0 && strcmp(key, "pins") == 0)
        take_text(reading->lock->pins, sizeof reading->lock->pins, value, reading, "pin list");
    if (strncmp(section, "runtime ", 8) == 0) {
        struct lock_cuda_runtime *runtime = &reading->lock->cuda_runtime;
        if (runtime->release[0] != '\0' && strcmp(runtime->release, section + 8) != 0) {
            snprintf(reading->why, sizeof reading->why, "two [runtime] sections (a project pins one CUDA runtime)");
            return 0;
        }
        take_text(runtime->release, sizeof runtime->release, section + 8, reading, "CUDA release");
        return reading->why[0] == '\0' && lock_cuda_runtime_take(runtime, key, value, reading->why, sizeof reading->why) == 0;
    }
    if (strncmp(section, "cuda ", 5) == 0) {
        struct lock_cuda *cuda = cuda_named(reading, section + 5);
        return cuda != NULL && lock_cuda_take(cuda, key, value, reading->why, sizeof reading->why) == 0;
    }
    if (strncmp(section, "pin ", 4) != 0)
        return reading->why[0] == '\0';
    struct lock_pin *entry = pin_named(reading, section + 4);
    if (entry == NULL)
        return 0;
    struct catalog_build *build = &entry->release.builds[0];
    struct catalog_archive *archive = platform_archive(build, key, &field);
    if (strcmp(key, "release") == 0)
        take_text(entry->release.version, sizeof entry->release.version, value, reading, "release");
    else if (strcmp(key, "cuda") == 0)
        take_text(build->cuda, sizeof build->cuda, value, reading, "CUDA version");
    else if (strcmp(key, "cuda_libs") == 0)
        take_text(entry->cuda_libs, sizeof entry->cuda_libs, value, reading, "CUDA section name");
    else if (archive != NULL)
        take_archive_key(archive, field, value, reading);
    return reading->why[0] == '\0';
}

/* 0 with the lock, or -1 with why: missing, unreadable, or not a lock this cudnnv can trust. */
int lock_file_read(const char *path, struct lock_file *lock, char *why, size_t size)
{
    struct reading reading = {lock, ""};
    memset(lock, 0, sizeof *lock);
    if (!is_regular_file(path)) {
        snprintf(why, size, "there is no %s", path);
        return -1;
    }
    int line = ini_read_project_file(path, take_key, &reading);
    if (line == INI_READ_UNTRUSTED)
        snprintf(reading.why, sizeof reading.why, "it %s", cudnnv_read_problem(CUDNNV_READ_UNTRUSTED));
    for (int i = 0; line == 0 && reading.why[0] == '\0' && i < lock->count; i++) {
        const char *problem = catalog_release_problem(&lock->entries[i].release, "");
        if (problem != NULL || lock->entries[i].release.version[0] == '\0')
            snprintf(reading.why, sizeof reading.why, "pin %s has %s", lock->entries[i].pin,
                     problem ? problem : "no release");
    }
    for (int i = 0; line == 0 && reading.why[0] == '\0' && i < lock->cuda_count; i++) {
        const char *problem = lock_cuda_problem(&lock->cuda[i]);
        if (problem != NULL)
            snprintf(reading.why, sizeof reading.why, "[cuda %s] has %s", lock->cuda[i].label, problem);
    }
    for (int i = 0; line == 0 && reading.why[0] == '\0' && i < lock->count; i++) {
        if (lock->entries[i].cuda_libs[0] && lock_file_find_cuda(lock, lock->entries[i].cuda_libs) == NULL)
            snprintf(reading.why, sizeof reading.why, "pin %s names no [cuda %s] section", lock->entries[i].pin,
                     lock->entries[i].cuda_libs);
    }
    if (line == 0 && reading.why[0] == '\0' && lock->cuda_runtime.release[0] != '\0' &&
        lock_cuda_runtime_problem(&lock->cuda_runtime) != NULL)
        snprintf(reading.why, sizeof reading.why, "[runtime %s] has %s", lock->cuda_runtime.release,
                 lock_cuda_runtime_problem(&lock->cuda_runtime));
    if (line != 0 && reading.why[0] == '\0')
        snprintf(reading.why, sizeof reading.why, line > 0 ? "line %d is not INI, or longer than %d bytes" : "it cannot be read",
                 line, INI_READ_MAX_LINE);
    if (reading.why[0] != '\0') {
        snprintf(why, size, "%s is not a lock cudnnv can use: %s", path, reading.why);
        return -1;
    }
    return 0;
}

const struct lock_cuda *lock_file_find_cuda(const struct lock_file *lock, const char *label)
{
    for (int i = 0; i < lock->cuda_count; i++) {
        if (strcmp(lock->cuda[i].label, label) == 0)
            return &lock->cuda[i];
    }
    return NULL;
}

const struct lock_pin *lock_file_find(const struct lock_file *lock, const char *pin)
{
    for (int i = 0; i < lock->count; i++) {
        if (strcmp(lock->entries[i].pin, pin) == 0)
            return &lock->entries[i];
    }
    return NULL;
}

static void write_pin(FILE *out, const struct lock_pin *entry)
{
    const struct catalog_build *build = &entry->release.builds[0];
    fprintf(out, "\n[pin %s]\nrelease = %s\ncuda = %s\n", entry->pin, entry->release.version, build->cuda);
    for (int p = 0; p < CATALOG_PLATFORMS; p++) {
        const struct catalog_archive *archive = &build->archive[p];
        const char *name = catalog_platform_name((enum catalog_platform)p);
        if (archive->name[0] == '\0')
            continue;
        fprintf(out, "%s.archive = %s\n%s.url = %s\n%s.sha256 = %s\n", name, archive->name, name, archive->url, name,
                archive->sha256);
        if (archive->size > 0)
            fprintf(out, "%s.size = %lld\n", name, archive->size);
    }
    if (entry->cuda_libs[0] != '\0')
        fprintf(out, "cuda_libs = %s\n", entry->cuda_libs);
}

int lock_file_write(const char *path, const struct lock_file *lock)
{
    char temporary[4200];
    FILE *out = safe_file_begin(path, temporary, sizeof temporary);
    if (out == NULL)
        return -1;
    fprintf(out, "# cudnn.lock: the exact cuDNN archives for this project's .cudnn-version, per platform.\n"
                 "# Written by 'cudnnv lock'; 'cudnnv install " OPTION_LOCKED "' installs exactly these.\n"
                 "[lock]\npins = %s\n", lock->pins);
    for (int i = 0; i < lock->count; i++)
        write_pin(out, &lock->entries[i]);
    for (int i = 0; i < lock->cuda_count; i++)
        lock_cuda_write(out, &lock->cuda[i]);
    if (lock->cuda_runtime.release[0] != '\0')
        lock_cuda_runtime_write(out, &lock->cuda_runtime);
    return safe_file_commit(out, temporary, path, !ferror(out));
}

/* The lock's path: beside the version file (its folder, with its own separator, + cudnn.lock). */
int lock_path_beside(const char *version_file, char *out, size_t size)
{
    const char *name = base_name(version_file);
    if (name == version_file)
        return -1;
    int n = snprintf(out, size, "%.*s%s", (int)(name - version_file), version_file, LOCK_FILE_NAME);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* The pins as the lock lists them: the names joined by spaces ("8.1 9"); as many as fit. */
void lock_join_pins(int count, char *const *names, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t length = strlen(names[i]);
        if (used + (i > 0) + length + 1 > size)
            return;
        if (i > 0)
            out[used++] = ' ';
        memcpy(out + used, names[i], length + 1);
        used += length;
    }
}
