/*
 * Compares a set with its MANIFEST: files missing, files whose size or
 * XXH3-128 changed (or links whose target changed), and files nobody recorded.
 */
#include "manifest.h"

#include "fsutil.h"
#include "tree_list.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Checks one MANIFEST line against the disk. Returns 0 ok, 1 missing, 2 changed. */
static int check_line(const char *set_dir, const char *path, const char *kind, const char *value)
{
    char full[PATH_MAX], hex[33], target[PATH_MAX];
    unsigned long long size;
    struct stat info;
    path_join(full, sizeof full, set_dir, path);
    if (lstat(full, &info) != 0)
        return 1;
    if (strcmp(kind, "link") == 0) {
        ssize_t length = readlink(full, target, sizeof target - 1);
        if (length < 0)
            return 2;
        target[length] = '\0';
        return strcmp(target, value) == 0 ? 0 : 2;
    }
    if (!S_ISREG(info.st_mode) || (unsigned long long)info.st_size != strtoull(kind, NULL, 10))
        return 2;
    if (hash_file_xxh3(full, hex, &size) != 0)
        return 2;
    return strcmp(hex, value) == 0 ? 0 : 2;
}

static int in_list(char **recorded, size_t count, const char *path)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(recorded[i], path) == 0)
            return 1;
    }
    return 0;
}

static void report_extra(const char *set_dir, char **recorded, size_t count,
                         struct verify_result *result, verify_problem_fn problem, void *user)
{
    struct tree_list list;
    if (tree_list_build(set_dir, &list) != 0)
        return;
    for (size_t i = 0; i < list.count; i++) {
        const char *path = list.entries[i].path;
        if (strcmp(path, "MANIFEST") == 0 || in_list(recorded, count, path))
            continue;
        result->extra++;
        problem("extra", path, user);
    }
    tree_list_free(&list);
}

int manifest_verify(const char *set_dir, struct verify_result *result,
                    verify_problem_fn problem, verify_progress_fn progress, void *user)
{
    char path[PATH_MAX], line[2 * PATH_MAX];
    memset(result, 0, sizeof *result);
    path_join(path, sizeof path, set_dir, "MANIFEST");
    /* as every file cudnnv reads: never blocking, a regular file only (errno says why not) */
    struct stat info;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0 && (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode))) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    FILE *file = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (file == NULL) {
        int saved = errno;
        if (fd >= 0)
            close(fd);
        errno = saved;
        return -1;
    }
    char **recorded = NULL;
    size_t count = 0;
    unsigned long long bytes = 0;
    while (fgets(line, sizeof line, file) != NULL) {
        char *kind = strchr(line, '\t');
        char *value = kind ? strchr(kind + 1, '\t') : NULL;
        if (line[0] == '#' || value == NULL)
            continue;
        *kind++ = '\0';
        *value++ = '\0';
        value[strcspn(value, "\r\n")] = '\0';
        char **grown = realloc(recorded, (count + 1) * sizeof *grown);
        if (grown == NULL)
            break;
        recorded = grown;
        recorded[count++] = strdup(line);
        result->files++;
        int outcome = check_line(set_dir, line, kind, value);
        if (outcome == 1)
            result->missing++;
        if (outcome == 2)
            result->changed++;
        if (outcome != 0)
            problem(outcome == 1 ? "missing" : "changed", line, user);
        bytes += strcmp(kind, "link") == 0 ? 0 : strtoull(kind, NULL, 10);
        if (progress != NULL)
            progress(result->files, bytes, user);
    }
    fclose(file);
    report_extra(set_dir, recorded, count, result, problem, user);
    for (size_t i = 0; i < count; i++)
        free(recorded[i]);
    free(recorded);
    return 0;
}
