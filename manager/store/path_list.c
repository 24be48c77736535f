/*
 * Lists of paths kept in the store (path_list.h). The file is read line by
 * line without blocking (a regular file only), each line bounded by
 * PATH_MAX and the whole by PATH_LIST_MAX_BYTES: a bad line (not absolute,
 * too long, holding a NUL byte) is passed over and counted, never obeyed,
 * and never hides the lines after it. Each path is taken once, at most
 * PATH_LIST_MAX_LINES of them, so a list planted with one path many times
 * costs no more than one. A path is any the system allows but a new line:
 * kept as its bytes, escaped only where it is shown.
 */
#include "path_list.h"

#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens the list for reading: a regular file, never waiting on a FIFO; NULL when there is none. */
static FILE *open_list(const char *list_file)
{
    struct stat info;
    int fd = open(list_file, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return NULL;
    }
    FILE *file = fdopen(fd, "r");
    if (file == NULL)
        close(fd);
    return file;
}

enum line_kind { LINE_END, LINE_EMPTY, LINE_BAD, LINE_PATH };

/* The next line into path (PATH_MAX bytes); budget is what may still be read of the file. */
static enum line_kind next_line(FILE *file, size_t *budget, char *path)
{
    size_t length = 0;
    int c, bad = 0;
    while ((c = getc(file)) != EOF && c != '\n') {
        if (*budget == 0)
            return LINE_END;
        (*budget)--;
        if (c == '\0' || length + 1 >= PATH_MAX)
            bad = 1;
        else
            path[length++] = (char)c;
    }
    path[length] = '\0';
    if (c == EOF && length == 0 && !bad)
        return LINE_END;
    if (bad || (length > 0 && path[0] != '/'))
        return LINE_BAD;
    return length == 0 ? LINE_EMPTY : LINE_PATH;
}

static int already_listed(const struct path_list *list, const char *path)
{
    for (int i = 0; i < list->count; i++) {
        if (strcmp(list->paths[i], path) == 0)
            return 1;
    }
    return 0;
}

int path_list_read(const char *list_file, struct path_list *list)
{
    char path[PATH_MAX];
    size_t budget = PATH_LIST_MAX_BYTES;
    enum line_kind kind;
    memset(list, 0, sizeof *list);
    FILE *file = open_list(list_file);
    if (file == NULL)
        return errno == ENOENT ? 0 : -1;
    list->paths = calloc(PATH_LIST_MAX_LINES, sizeof *list->paths);
    while (list->paths != NULL && (kind = next_line(file, &budget, path)) != LINE_END) {
        if (kind == LINE_BAD || (kind == LINE_PATH && list->count == PATH_LIST_MAX_LINES))
            list->skipped++;
        else if (kind == LINE_PATH && !already_listed(list, path) && (list->paths[list->count] = strdup(path)) != NULL)
            list->count++;
    }
    list->skipped += budget == 0;   /* what is past the bound counts as one line left out */
    fclose(file);
    return list->paths != NULL ? 0 : -1;
}

void path_list_free(struct path_list *list)
{
    for (int i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
    memset(list, 0, sizeof *list);
}

int path_list_each(const char *list_file, int (*visit)(const char *path, void *context), void *context)
{
    struct path_list list;
    int result = 0;
    if (path_list_read(list_file, &list) != 0)
        return 0;
    for (int i = 0; i < list.count && result == 0; i++)
        result = visit(list.paths[i], context);
    path_list_free(&list);
    return result;
}

/* The list's paths that still exist, but the one being added: the newest max - 1 of them, then that one. */
void path_list_add(const char *list_file, const char *path, int max)
{
    struct path_list list;
    int still[PATH_LIST_MAX_LINES], kept = 0;
    if (path[0] != '/' || strlen(path) >= PATH_MAX || strchr(path, '\n') != NULL || max < 1 ||
        max > PATH_LIST_MAX_LINES || path_list_read(list_file, &list) != 0)
        return;
    for (int i = 0; i < list.count; i++) {
        if (strcmp(list.paths[i], path) != 0 && access(list.paths[i], F_OK) == 0)
            still[kept++] = i;
    }
    char *text = malloc((size_t)max * PATH_MAX + 1);
    if (text != NULL) {
        size_t used = 0;
        for (int k = kept > max - 1 ? kept - (max - 1) : 0; k < kept; k++)
            used += (size_t)sprintf(text + used, "%s\n", list.paths[still[k]]);
        sprintf(text + used, "%s\n", path);
        write_file_atomic(list_file, text);   /* a note for later: its failure changes nothing now */
    }
    free(text);
    path_list_free(&list);
}
