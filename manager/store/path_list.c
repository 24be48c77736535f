/*
 * Lists of paths kept in the store (path_list.h). The file is read whole
 * (at most PATH_LIST_MAX_LINES lines) and rewritten atomically; a line that
 * is not an absolute path without control bytes is passed over, never
 * obeyed.
 */
#include "path_list.h"

#include "fsutil.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PATH_LIST_MAX_LINES 1000
#define LIST_LIMIT (PATH_LIST_MAX_LINES * (PATH_MAX + 1))

/* Copies line (length bytes) into path when it is a path a list may hold; 0 otherwise. */
static int take_line(const char *line, size_t length, char path[PATH_MAX])
{
    if (length == 0 || length >= PATH_MAX)
        return 0;
    memcpy(path, line, length);
    path[length] = '\0';
    return path[0] == '/' && !cudnnv_text_has_controls(path);
}

int path_list_each(const char *list_file, int (*visit)(const char *path, void *context), void *context)
{
    char path[PATH_MAX];
    char *text = read_small_file(list_file, LIST_LIMIT);
    int result = 0;
    for (const char *line = text ? text : ""; *line != '\0' && result == 0;) {
        size_t length = strcspn(line, "\n");
        if (take_line(line, length, path))
            result = visit(path, context);
        line += length + (line[length] == '\n');
    }
    free(text);
    return result;
}

struct kept {
    char *text;        /* NULL while counting */
    const char *added;
    int seen, skip;    /* older lines worth keeping seen so far; how many of the oldest to drop */
};

/* An older line still exists and is not the one being added: counted, then kept unless among the oldest. */
static int keep_older(const char *path, void *context)
{
    struct kept *kept = context;
    if (strcmp(path, kept->added) == 0 || access(path, F_OK) != 0)
        return 0;
    if (kept->text != NULL && kept->seen >= kept->skip)
        strcat(strcat(kept->text, path), "\n");
    kept->seen++;
    return 0;
}

void path_list_add(const char *list_file, const char *path, int max)
{
    if (path[0] != '/' || strlen(path) >= PATH_MAX || cudnnv_text_has_controls(path) || max < 1 ||
        max > PATH_LIST_MAX_LINES)
        return;
    struct kept kept = {NULL, path, 0, 0};
    path_list_each(list_file, keep_older, &kept);
    kept.skip = kept.seen > max - 1 ? kept.seen - (max - 1) : 0;
    kept.seen = 0;
    kept.text = calloc(1, LIST_LIMIT + PATH_MAX + 2);
    if (kept.text == NULL)
        return;
    path_list_each(list_file, keep_older, &kept);
    strcat(strcat(kept.text, path), "\n");
    write_file_atomic(list_file, kept.text);   /* a note for later: its failure changes nothing now */
    free(kept.text);
}
