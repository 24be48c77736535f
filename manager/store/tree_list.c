/*
 * Lists a directory tree without following links: regular files and symbolic
 * links, with paths relative to the top, sorted so that output is stable.
 */
#include "tree_list.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int add_entry(struct tree_list *list, const char *path, int is_link)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        struct tree_entry *grown = realloc(list->entries, capacity * sizeof *grown);
        if (grown == NULL)
            return -1;
        list->entries = grown;
        list->capacity = capacity;
    }
    list->entries[list->count].path = strdup(path);
    list->entries[list->count].is_link = is_link;
    return list->entries[list->count++].path ? 0 : -1;
}

static int walk(const char *top, const char *relative, struct tree_list *list)
{
    char dir_path[PATH_MAX], full[PATH_MAX], child[PATH_MAX];
    snprintf(dir_path, sizeof dir_path, "%s%s%s", top, relative[0] ? "/" : "", relative);
    DIR *dir = opendir(dir_path);
    if (dir == NULL)
        return -1;
    int status = 0;
    struct dirent *entry;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        struct stat info;
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        int n = snprintf(child, sizeof child, "%s%s%s", relative, relative[0] ? "/" : "", entry->d_name);
        int m = snprintf(full, sizeof full, "%s/%s", top, child);
        if (n >= (int)sizeof child || m >= (int)sizeof full || lstat(full, &info) != 0)
            status = -1;
        else if (S_ISDIR(info.st_mode))
            status = walk(top, child, list);
        else if (S_ISREG(info.st_mode) || S_ISLNK(info.st_mode))
            status = add_entry(list, child, S_ISLNK(info.st_mode));
    }
    closedir(dir);
    return status;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const struct tree_entry *)a)->path, ((const struct tree_entry *)b)->path);
}

int tree_list_build(const char *dir, struct tree_list *list)
{
    memset(list, 0, sizeof *list);
    if (walk(dir, "", list) != 0) {
        tree_list_free(list);
        return -1;
    }
    qsort(list->entries, list->count, sizeof *list->entries, by_path);
    return 0;
}

void tree_list_free(struct tree_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->entries[i].path);
    free(list->entries);
    memset(list, 0, sizeof *list);
}
