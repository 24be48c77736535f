/*
 * A store file that remembers paths outside the store, one absolute path
 * per line, newest last (path_list.c): the version files 'cudnnv use' wrote
 * (pinned-projects) and the CDI specs 'cudnnv cdi' wrote (cdi-specs).
 */
#ifndef CUDNNV_PATH_LIST_H
#define CUDNNV_PATH_LIST_H

/* Adds path to the list file (kept once, last); paths that no longer exist are dropped, and only the newest
 * max are kept. A failure changes nothing: the list is a note for later. */
void path_list_add(const char *list_file, const char *path, int max);
/* Calls visit with each listed path (absolute, no control bytes) until it returns non-zero; returns that value,
 * or 0. */
int path_list_each(const char *list_file, int (*visit)(const char *path, void *context), void *context);

#endif
