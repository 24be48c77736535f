/*
 * The files and links under a directory, as sorted relative paths: what a
 * MANIFEST records and what verify compares against.
 */
#ifndef CUDNNV_TREE_LIST_H
#define CUDNNV_TREE_LIST_H

#include <stddef.h>

struct tree_entry {
    char *path;     /* relative to the listed directory */
    int is_link;
};

struct tree_list {
    struct tree_entry *entries;
    size_t count;
    size_t capacity;
};

int tree_list_build(const char *dir, struct tree_list *list);
void tree_list_free(struct tree_list *list);

#endif
