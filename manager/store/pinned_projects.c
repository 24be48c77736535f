/*
 * $CUDNNV_ROOT/pinned-projects: one version file per line, the ones 'cudnnv
 * use' wrote, newest last (pinned_projects.h). A file that no longer exists
 * is dropped when the list is next written; one that another user owns is
 * not obeyed by the selection and so names nothing here either.
 */
#include "pinned_projects.h"

#include "cuda_runtime.h"
#include "fsutil.h"
#include "messages.h"
#include "path_list.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void list_path(const char *root, char *out, size_t size)
{
    snprintf(out, size, "%s/pinned-projects", root);
}

void pinned_projects_add(const char *root, const char *version_file)
{
    char path[PATH_MAX + 32];
    list_path(root, path, sizeof path);
    path_list_add(path, version_file, PINNED_PROJECTS_MAX);
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

/* True when the version file's "cuda" line means the installed runtime named runtime (as cuda_runtime_find). */
static int names_runtime(const char *root, const char *version_file, const char *runtime)
{
    char release[24], lib[PATH_MAX];
    return cudnnv_version_file_cuda(version_file, release, sizeof release) == 1 &&
           cuda_runtime_find(root, release, lib, sizeof lib) && cuda_runtime_lib_is(lib, runtime);
}

struct naming {
    const char *root, *what;
    int (*names)(const char *root, const char *version_file, const char *what);
    char *out;
    size_t size;
    int found;
};

static int add_if_naming(const char *file, void *context)
{
    struct naming *naming = context;
    size_t used = strlen(naming->out), length = strlen(file);
    if (naming->names(naming->root, file, naming->what) && used + length + 3 < naming->size) {
        snprintf(naming->out + used, naming->size - used, "%s%s", used ? ", " : "", file);
        naming->found++;
    }
    return 0;
}

static int projects_naming(struct naming *naming)
{
    char path[PATH_MAX + 32];
    const char *root = naming->root, *set = naming->what;
    char *out = naming->out;
    struct path_list list;
    out[0] = '\0';
    list_path(root, path, sizeof path);
    if (path_list_read(path, &list) != 0) {
        note("warning: %s cannot be read: projects pinning %s may not be named", path, set);
        return 0;
    }
    for (int i = 0; i < list.count; i++)
        add_if_naming(list.paths[i], naming);
    if (list.skipped > 0)
        note("warning: %d line%s of %s %s not the path of a version file and %s passed over", list.skipped,
             list.skipped == 1 ? "" : "s", path, list.skipped == 1 ? "is" : "are", list.skipped == 1 ? "was" : "were");
    path_list_free(&list);
    return naming->found;
}

int pinned_projects_naming(const char *root, const char *set, char *out, size_t size)
{
    struct naming naming = {root, set, names_set, out, size, 0};
    return projects_naming(&naming);
}

int pinned_projects_naming_runtime(const char *root, const char *runtime, char *out, size_t size)
{
    struct naming naming = {root, runtime, names_runtime, out, size, 0};
    return projects_naming(&naming);
}

/* $CUDNNV_ROOT/project-frameworks */
static void frameworks_path(const char *root, char *out, size_t size)
{
    snprintf(out, size, "%s/project-frameworks", root);
}

#define PROJECT_FRAMEWORKS_FILE_MAX (256 << 10)

/* Whether a line of the record is version_file's ("PATH\t..."). */
static int line_is_for(const char *line, size_t length, const char *version_file)
{
    size_t path_length = strlen(version_file);
    return length > path_length && strncmp(line, version_file, path_length) == 0 && line[path_length] == '\t';
}

int project_frameworks_get(const char *root, const char *version_file, char items[][PROJECT_FRAMEWORK_TEXT], int max)
{
    char path[PATH_MAX + 32];
    frameworks_path(root, path, sizeof path);
    char *text = read_small_file(path, PROJECT_FRAMEWORKS_FILE_MAX);
    int count = 0;
    for (const char *line = text ? text : ""; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        size_t length = strcspn(line, "\n");
        if (!line_is_for(line, length, version_file))
            continue;
        const char *item = line + strlen(version_file) + 1;
        while (item < line + length && count < max) {
            size_t span = strcspn(item, "\t\n");
            if (span > 0 && span < PROJECT_FRAMEWORK_TEXT) {
                snprintf(items[count], PROJECT_FRAMEWORK_TEXT, "%.*s", (int)span, item);
                count += !cudnnv_text_has_controls(items[count]);
            }
            item += span + (item[span] == '\t');
        }
    }
    free(text);
    return count;
}

int project_frameworks_set(const char *root, const char *version_file, char items[][PROJECT_FRAMEWORK_TEXT], int count)
{
    char path[PATH_MAX + 32];
    frameworks_path(root, path, sizeof path);
    if (strchr(version_file, '\n') != NULL || strchr(version_file, '\t') != NULL)
        return 0;   /* such a path cannot be one line of the record: nothing is kept for it */
    char *text = read_small_file(path, PROJECT_FRAMEWORKS_FILE_MAX);
    size_t size = (text ? strlen(text) : 0) + strlen(version_file) + (size_t)count * (PROJECT_FRAMEWORK_TEXT + 1) + 2;
    char *out = malloc(size);
    size_t used = 0;
    if (out == NULL) {
        free(text);
        return fail("out of memory");
    }
    out[0] = '\0';
    for (const char *line = text ? text : ""; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        size_t length = strcspn(line, "\n");
        if (!line_is_for(line, length, version_file))
            used += (size_t)snprintf(out + used, size - used, "%.*s\n", (int)length, line);
    }
    if (count > 0) {
        used += (size_t)snprintf(out + used, size - used, "%s", version_file);
        for (int i = 0; i < count; i++)
            used += (size_t)snprintf(out + used, size - used, "\t%s", items[i]);
        snprintf(out + used, size - used, "\n");
    }
    int status = make_dirs(root, 0755) == 0 && write_file_atomic(path, out) == 0 ? 0 : fail("cannot write %s", path);
    free(out);
    free(text);
    return status;
}

void project_framework_spec(const char *item, char *out, size_t size)
{
    snprintf(out, size, "%.*s", (int)strcspn(item, ":"), item);
}
