/*
 * Version names: what a valid name is, which major it belongs to, which of two
 * is newer, and prefix matching on dot boundaries ("8.1" matches "8.1.0.77",
 * never "8.10.0"). Shared by the shim and the manager; libc only.
 */
#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/*
 * Digits and spaces as the C locale has them, whatever locale a program
 * set, and without <ctype.h>'s table: the shim reads names at a process's
 * first cuDNN call, where touching that table's page is a page fault.
 */
static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int is_space(int c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* A name a set may have and a version file may hold: never a path, an option or a control byte. */
int cudnnv_name_is_valid(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length > CUDNNV_NAME_MAX || name[0] == '-')
        return 0;
    if (strcmp(name, ".") == 0 || strstr(name, "..") != NULL)
        return 0;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        /* ':' and '#' split and end names in CUDNNV_VERSION and version files */
        if (*c < 0x20 || *c == 0x7f || *c == '/' || *c == '\\' || *c == ':' || *c == '#')
            return 0;
        if (is_space(*c))
            return 0;
    }
    return 1;
}

/* The leading number of a name ("8.1.0.77" -> 8), or -1 when it has none. */
int cudnnv_name_major(const char *name)
{
    if (!is_digit((unsigned char)name[0]))
        return -1;
    int major = 0;
    for (const char *c = name; is_digit((unsigned char)*c) && major < 100000; c++)
        major = major * 10 + (*c - '0');
    return major;
}

/* Reads one number of a dotted name and moves past it and its dot. */
static long next_component(const char **cursor, int *present)
{
    const char *c = *cursor;
    long value = 0;
    *present = is_digit((unsigned char)*c) != 0;
    while (is_digit((unsigned char)*c) && value < 1000000000L)
        value = value * 10 + (*c++ - '0');
    if (*c == '.')
        c++;
    *cursor = c;
    return value;
}

/*
 * Orders names as versions: numbers compared one by one, a name with more
 * numbers is newer, then plain text order for whatever follows the numbers
 * (so "8.9.7.29" < "8.9.7.29-cuda12" and the order is total).
 */
int cudnnv_name_compare(const char *a, const char *b)
{
    const char *x = a, *y = b;
    for (;;) {
        int has_x, has_y;
        long vx = next_component(&x, &has_x);
        long vy = next_component(&y, &has_y);
        if (!has_x || !has_y) {
            if (has_x != has_y)
                return has_x ? 1 : -1;
            break;
        }
        if (vx != vy)
            return vx < vy ? -1 : 1;
    }
    int rest = strcmp(x, y);
    return rest < 0 ? -1 : rest > 0;
}

/* True when name equals prefix, or continues it after a '.' or '-' boundary. */
int cudnnv_name_has_prefix(const char *name, const char *prefix)
{
    size_t length = strlen(prefix);
    if (length == 0 || strncmp(name, prefix, length) != 0)
        return 0;
    char next = name[length];
    return next == '\0' || next == '.' || next == '-';
}

/* A CUDA release as a project pins it: digits, a dot, digits, at most five digits a part ("11.0", "12.10"). */
int cudnnv_cuda_release_is_valid(const char *text)
{
    size_t major = strspn(text, "0123456789");
    if (major == 0 || major > 5 || text[major] != '.')
        return 0;
    size_t minor = strspn(text + major + 1, "0123456789");
    return minor > 0 && minor <= 5 && text[major + 1 + minor] == '\0';
}

/* A runtime's folder in the store: a CUDA release with its patches ("11.0", "11.0.3"): digits parted by single dots,
 * at most 32 bytes; nothing else is listed or served (a name with control bytes never reaches a terminal). */
int cudnnv_runtime_name_is_valid(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length > 32 || name[0] < '0' || name[0] > '9' || name[length - 1] == '.')
        return 0;
    return strspn(name, "0123456789.") == length && strstr(name, "..") == NULL;
}

/*
 * The cuDNN major a library's file name says: libcudnn.so.9.19.0 and
 * libcudnn_ops_infer.so.8 (a sublibrary, unless main_only), cudnn64_8.dll
 * and cudnn_ops_infer64_8.dll (any case); a folder before the name is
 * passed over. -1 for any other name.
 */
int cudnnv_main_library(const char *dir, int windows, int major, char *out, size_t size)
{
    int n = snprintf(out, size, windows ? "%s%scudnn64_%d.dll" : "%s%slibcudnn.so.%d", dir ? dir : "", dir ? "/" : "",
                     major);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* A path's separator: '/', and on Windows '\\' too (on POSIX a backslash is a byte of a folder's name). */
int cudnnv_is_separator(char c)
{
#ifdef _WIN32
    return c == '/' || c == '\\';
#else
    return c == '/';
#endif
}

int cudnnv_library_major(const char *path, int main_only)
{
    const char *name = path, *number = NULL;
    for (const char *c = path; *c; c++) {
        if (cudnnv_is_separator(*c))
            name = c + 1;
    }
    if (strncmp(name, "libcudnn", 8) == 0 && (name[8] == '.' || (name[8] == '_' && !main_only))) {
        number = strstr(name, ".so.");
        number = number != NULL ? number + 4 : NULL;
    } else if (strncasecmp(name, "cudnn", 5) == 0 && (strncmp(name + 5, "64_", 3) == 0 || (name[5] == '_' && !main_only))) {
        number = strstr(name, "64_");
        number = number != NULL ? number + 3 : NULL;
    }
    if (number == NULL || !is_digit((unsigned char)number[0]))
        return -1;
    return cudnnv_name_major(number);
}
