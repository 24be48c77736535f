/*
 * The sources a selection reads: version files (one name per line, '#'
 * comments, blank lines ignored), CUDNNV_VERSION (names separated by ':' or
 * white space), the walk from a directory up to '/' for .cudnn-version, and
 * the global file. libc only: the shim links it.
 */
#include "cudnnv_select.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Copies one word (already trimmed) into names, or records it as bad. */
static int add_name(const char *word, size_t length, cudnnv_name *names, int count,
                    int max, cudnnv_name bad)
{
    char copy[CUDNNV_NAME_MAX + 2];
    if (length > CUDNNV_NAME_MAX)
        length = CUDNNV_NAME_MAX + 1;
    memcpy(copy, word, length);
    copy[length] = '\0';
    if (!cudnnv_name_is_valid(copy)) {
        copy[length > CUDNNV_NAME_MAX ? CUDNNV_NAME_MAX : length] = '\0';
        strcpy(bad, copy);
        return -1;
    }
    if (count < max)
        strcpy(names[count++], copy);
    return count;
}

/*
 * Splits text into names: '#' starts a comment to the end of its line; names
 * are separated by new lines, ':' or blanks. Returns the count, or -1 with the
 * offending word in bad.
 */
int cudnnv_read_names(const char *text, cudnnv_name *names, int max, cudnnv_name bad)
{
    int count = 0;
    const char *c = text;
    while (*c) {
        if (*c == '#') {
            c += strcspn(c, "\n");
            continue;
        }
        size_t length = strcspn(c, " \t\r\n:#");
        if (length == 0) {
            c++;
            continue;
        }
        count = add_name(c, length, names, count, max, bad);
        if (count < 0)
            return -1;
        c += length;
    }
    return count;
}

/* Returns the number of names, -1 for a bad name, -2 when the file is missing, -3 unreadable. */
int cudnnv_read_version_file(const char *path, cudnnv_name *names, int max, cudnnv_name bad)
{
    char text[4096];
    FILE *file = fopen(path, "r");
    if (file == NULL)
        return errno == ENOENT || errno == ENOTDIR ? -2 : -3;
    size_t length = fread(text, 1, sizeof text - 1, file);
    int failed = ferror(file);
    fclose(file);
    if (failed)
        return -3;
    text[length] = '\0';
    return cudnnv_read_names(text, names, max, bad);
}

static int is_separator(char c)
{
    return c == '/' || c == '\\';
}

/* Length of the root that starts an absolute path: "/" -> 1, "C:\\" -> 3; 0 when relative. */
static size_t root_length(const char *path)
{
    if (is_separator(path[0]))
        return 1;
    if (path[0] != '\0' && path[1] == ':' && is_separator(path[2]))
        return 3;
    return 0;
}

/*
 * The nearest .cudnn-version from cwd up to the root (POSIX "/" or a
 * Windows drive "C:\\"). Returns 1 and its path when found.
 */
int cudnnv_find_local_file(const char *cwd, char *out, size_t size)
{
    char dir[PATH_MAX];
    struct stat info;
    if (cwd == NULL || root_length(cwd) == 0 || strlen(cwd) >= sizeof dir)
        return 0;
    strcpy(dir, cwd);
    size_t root = root_length(dir);
    const char *separator = root == 3 ? "\\" : "/";
    for (;;) {
        size_t length = strlen(dir);
        while (length > root && is_separator(dir[length - 1]))
            dir[--length] = '\0';
        int n = snprintf(out, size, "%s%s%s", dir, length > root ? separator : "", CUDNNV_VERSION_FILE);
        if (n > 0 && (size_t)n < size && stat(out, &info) == 0 && S_ISREG(info.st_mode))
            return 1;
        if (length <= root)
            return 0;
        while (length > root && !is_separator(dir[length - 1]))
            length--;
        dir[length] = '\0';
    }
}

int cudnnv_global_file(const char *root, char *out, size_t size)
{
    int n = snprintf(out, size, "%s/version", root);
    return n > 0 && (size_t)n < size;
}
