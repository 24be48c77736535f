/*
 * Writes a new set's MANIFEST. Before a file is recorded it is compared, by
 * size and XXH3-128, with the files the store already holds (read from the
 * other sets' manifests); an identical one is hard-linked instead of kept
 * twice. Sets are immutable once installed, so sharing an inode is safe.
 */
#include "manifest.h"

#include "fsutil.h"
#include "tree_list.h"
#include "store_layout.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct known_file {
    char hash[33];
    unsigned long long size;
    char *path;
};

struct known_files {
    struct known_file *files;
    size_t count, capacity;
};

static void remember(struct known_files *known, const char *hash, unsigned long long size,
                     const char *path)
{
    if (known->count == known->capacity) {
        size_t capacity = known->capacity ? known->capacity * 2 : 128;
        struct known_file *grown = realloc(known->files, capacity * sizeof *grown);
        if (grown == NULL)
            return;
        known->files = grown;
        known->capacity = capacity;
    }
    struct known_file *file = &known->files[known->count];
    snprintf(file->hash, sizeof file->hash, "%s", hash);
    file->size = size;
    file->path = strdup(path);
    if (file->path != NULL)
        known->count++;
}

/* Adds the regular files of one installed set's MANIFEST. */
static void read_set_manifest(const char *set_dir, struct known_files *known)
{
    char path[PATH_MAX], line[PATH_MAX + 128], full[PATH_MAX];
    path_join(path, sizeof path, set_dir, "MANIFEST");
    FILE *file = fopen(path, "r");
    if (file == NULL)
        return;
    while (fgets(line, sizeof line, file) != NULL) {
        char *size_text = strchr(line, '\t');
        char *hash = size_text ? strchr(size_text + 1, '\t') : NULL;
        if (line[0] == '#' || hash == NULL || strncmp(size_text + 1, "link\t", 5) == 0)
            continue;
        *size_text = '\0';
        hash[strcspn(hash, "\r\n")] = '\0';
        if (strlen(hash + 1) == 32 && path_join(full, sizeof full, set_dir, line) == 0)
            remember(known, hash + 1, strtoull(size_text + 1, NULL, 10), full);
    }
    fclose(file);
}

struct store_sets {
    char versions[PATH_MAX];
    struct known_files *known;
};

static int read_one_set(const char *name, void *data)
{
    struct store_sets *sets = data;
    char set_dir[PATH_MAX];
    if (name[0] != '.' && path_join(set_dir, sizeof set_dir, sets->versions, name) == 0)
        read_set_manifest(set_dir, sets->known);
    return 0;   /* every set */
}

static void load_store_files(const char *root, struct known_files *known)
{
    struct store_sets sets = {.known = known};
    if (cudnnv_store_path(sets.versions, sizeof sets.versions, root, CUDNNV_STORE_SETS, NULL) == 0)
        dir_has_entry(sets.versions, read_one_set, &sets);
}

static const struct known_file *find_known(const struct known_files *known, const char *hash,
                                           unsigned long long size)
{
    for (size_t i = 0; i < known->count; i++) {
        if (known->files[i].size == size && strcmp(known->files[i].hash, hash) == 0)
            return &known->files[i];
    }
    return NULL;
}

/* Replaces path by a hard link to an identical stored file; keeps the copy when that fails. */
static int share_file(const struct known_file *same, const char *path)
{
    char temporary[PATH_MAX + 16];
    struct stat mine, theirs;
    if (stat(same->path, &theirs) != 0 || (unsigned long long)theirs.st_size != same->size)
        return 0;
    if (stat(path, &mine) == 0 && mine.st_ino == theirs.st_ino && mine.st_dev == theirs.st_dev)
        return 1;
    snprintf(temporary, sizeof temporary, "%s.cudnnv-link", path);
    if (link(same->path, temporary) != 0)
        return 0;
    if (rename(temporary, path) != 0) {
        unlink(temporary);
        return 0;
    }
    return 1;
}

static int record_entry(FILE *out, const char *set_dir, const struct tree_entry *entry,
                        const struct known_files *known, struct manifest_stats *stats)
{
    char full[PATH_MAX], hex[33], target[PATH_MAX];
    unsigned long long size;
    path_join(full, sizeof full, set_dir, entry->path);
    if (entry->is_link) {
        ssize_t length = readlink(full, target, sizeof target - 1);
        if (length < 0)
            return -1;
        target[length] = '\0';
        stats->links++;
        return fprintf(out, "%s\tlink\t%s\n", entry->path, target) < 0 ? -1 : 0;
    }
    if (hash_file_xxh3(full, hex, &size) != 0)
        return -1;
    const struct known_file *same = find_known(known, hex, size);
    if (same != NULL && share_file(same, full)) {
        stats->shared++;
        stats->shared_bytes += size;
    }
    stats->files++;
    stats->bytes += size;
    return fprintf(out, "%s\t%llu\t%s\n", entry->path, size, hex) < 0 ? -1 : 0;
}

static void forget_all(struct known_files *known)
{
    for (size_t i = 0; i < known->count; i++)
        free(known->files[i].path);
    free(known->files);
}

int manifest_build(const char *root, const char *set_dir, struct manifest_stats *stats)
{
    struct tree_list list;
    struct known_files known = {0};
    char path[PATH_MAX], temporary[PATH_MAX + 16];
    memset(stats, 0, sizeof *stats);
    if (tree_list_build(set_dir, &list) != 0)
        return -1;
    if (root != NULL)
        load_store_files(root, &known);
    path_join(path, sizeof path, set_dir, "MANIFEST");
    FILE *out = safe_file_begin(path, temporary, sizeof temporary);
    int status = out ? 0 : -1;
    if (out != NULL)
        fputs("# cudnnv MANIFEST 1: path, size, XXH3-128 (or: path, link, target)\n", out);
    for (size_t i = 0; status == 0 && i < list.count; i++) {
        if (strcmp(list.entries[i].path, "MANIFEST") != 0)
            status = record_entry(out, set_dir, &list.entries[i], &known, stats);
    }
    if (out != NULL && safe_file_commit(out, temporary, path, status == 0) != 0)
        status = -1;
    tree_list_free(&list);
    forget_all(&known);
    return status;
}
