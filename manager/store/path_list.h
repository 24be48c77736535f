/*
 * A store file that remembers paths outside the store, one absolute path
 * per line, newest last (path_list.c): the version files 'cudnnv use' wrote
 * (pinned-projects) and the CDI specs 'cudnnv cdi' wrote (cdi-specs).
 */
#ifndef CUDNNV_PATH_LIST_H
#define CUDNNV_PATH_LIST_H

/* At most this many paths are read from a list, and at most this many bytes. */
#define PATH_LIST_MAX_LINES 1000
#define PATH_LIST_MAX_BYTES (16 << 20)

/* A list as read: each path once (absolute, no new line, shorter than PATH_MAX), in the file's order. */
struct path_list {
    char **paths;
    int count;
    int skipped;   /* lines passed over: not a path, longer than PATH_MAX, holding a NUL, or past a bound */
};

/* 0 with the list (empty when there is no file), or -1 when it cannot be read. */
int path_list_read(const char *list_file, struct path_list *list);
void path_list_free(struct path_list *list);
/* Adds path to the list file (kept once, last); paths that no longer exist are dropped, and only the newest
 * max are kept. A failure changes nothing: the list is a note for later. */
void path_list_add(const char *list_file, const char *path, int max);
/* Calls visit with each listed path until it returns non-zero; returns that value, or 0. */
int path_list_each(const char *list_file, int (*visit)(const char *path, void *context), void *context);
#endif
