/*
 * $CUDNNV_ROOT/pinned-projects: one version file per line, the ones 'cudnnv
 * use' wrote, newest last (pinned_projects.h). A file that no longer exists
 * is dropped when the list is next written; one that another user owns is
 * not obeyed by the selection and so names nothing here either.
 */
#include "pinned_projects.h"

#include "fsutil.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIST_LIMIT (PINNED_PROJECTS_MAX * (PATH_MAX + 1))

static void list_path(const char *root, char *out, size_t size)
{
    snprintf(out, size, "%s/pinned-projects", root);
}

/* True when line (length bytes) is a path that still exists and is not version_file. */
static int keep_line(const char *line, size_t length, const char *version_file)
{
    char path[PATH_MAX];
    if (length == 0 || length >= sizeof path)
        return 0;
    memcpy(path, line, length);
    path[length] = '\0';
    return path[0] == '/' && !cudnnv_text_has_controls(path) && strcmp(path, version_file) != 0 &&
           access(path, F_OK) == 0;
}

void pinned_projects_add(const char *root, const char *version_file)
{
    char path[PATH_MAX + 32];
    if (version_file[0] != '/' || strchr(version_file, '\n') != NULL || cudnnv_text_has_controls(version_file))
        return;
    list_path(root, path, sizeof path);
    char *old = read_small_file(path, LIST_LIMIT);
    char *text = calloc(1, LIST_LIMIT + PATH_MAX + 2);
    int kept = 0;
    for (const char *line = old ? old : ""; text != NULL && *line != '\0';) {
        size_t length = strcspn(line, "\n");
        if (kept < PINNED_PROJECTS_MAX - 1 && keep_line(line, length, version_file)) {
            strncat(text, line, length);
            strcat(text, "\n");
            kept++;
        }
        line += length + (line[length] == '\n');
    }
    if (text != NULL) {
        strcat(strcat(text, version_file), "\n");
        write_file_atomic(path, text);   /* a note for later messages: its failure changes nothing now */
    }
    free(old);
    free(text);
}

/* True when one of the version file's pins resolves to set. */
static int names_set(const char *root, const char *version_file, const char *set)
{
    cudnnv_name names[CUDNNV_MAX_LINES], bad, resolved;
    int count = cudnnv_read_version_file(version_file, names, CUDNNV_MAX_LINES, bad);
    for (int i = 0; i < count; i++) {
        if (cudnnv_resolve(root, names[i], resolved) && strcmp(resolved, set) == 0)
            return 1;
    }
    return 0;
}

int pinned_projects_naming(const char *root, const char *set, char *out, size_t size)
{
    char path[PATH_MAX + 32], file[PATH_MAX];
    int found = 0;
    out[0] = '\0';
    list_path(root, path, sizeof path);
    char *text = read_small_file(path, LIST_LIMIT);
    for (const char *line = text ? text : ""; *line != '\0';) {
        size_t length = strcspn(line, "\n"), used = strlen(out);
        if (length > 0 && length < sizeof file) {
            memcpy(file, line, length);
            file[length] = '\0';
            if (names_set(root, file, set) && used + length + 3 < size) {
                snprintf(out + used, size - used, "%s%s", used ? ", " : "", file);
                found++;
            }
        }
        line += length + (line[length] == '\n');
    }
    free(text);
    return found;
}
