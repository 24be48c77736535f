/*
 * File-system helpers the manager needs in several places: paths, trees,
 * copies, and writes that never leave a half-written file behind.
 */
#ifndef CUDNNV_FSUTIL_H
#define CUDNNV_FSUTIL_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

int path_join(char *out, size_t size, const char *left, const char *right);
int is_directory(const char *path);
int is_regular_file(const char *path);
int make_dirs(const char *path, mode_t mode);
int remove_tree(const char *path);
int copy_file(const char *from, const char *to, mode_t mode);
int copy_from_descriptor(int in, const char *to, mode_t mode);
int write_file_atomic(const char *path, const char *content);
int write_file_atomic_mode(const char *path, const char *content, mode_t mode);
FILE *safe_file_begin(const char *path, char *temporary, size_t size);
int safe_file_commit(FILE *out, const char *temporary, const char *path, int ok);
int sync_tree_directories(const char *path);
char *read_small_file(const char *path, size_t limit);
const char *base_name(const char *path);
int name_has_affixes(const char *name, const char *prefix, const char *suffix);
/* 1 when some entry of dir satisfies match (called with its name and data, until one does); 0 otherwise. */
int dir_has_entry(const char *dir, int (*match)(const char *name, void *data), void *data);

#endif
