/*
 * file:// addresses, read alike by both builds: the path an address names,
 * and a folder's listing in the form a web server's file index has, so that
 * a copied folder (NVIDIA's redist folder with its manifests, a folder of
 * wheels) serves as an address without a server. Only names of letters,
 * digits and . _ + - are listed: such a name needs no escaping in a page or
 * an address, and the names read there (redistrib_9.1.0.json, wheels) are
 * all of that kind.
 */
#include "file_url.h"
#include "platform.h"
#include "cudnnv_select.h"

#include "fsutil.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* A %XX escape's value, or -1. */
static int escaped_byte(const char *at)
{
    if (!isxdigit((unsigned char)at[1]) || !isxdigit((unsigned char)at[2]))
        return -1;
    char hex[3] = {at[1], at[2], '\0'};
    return (int)strtol(hex, NULL, 16);
}

int file_url_path(const char *url, char *path, size_t size)
{
    const char *at;
    size_t length = 0;
    if (strncmp(url, "file:///", 8) == 0)
        at = url + 7;
    else if (strncmp(url, "file://localhost/", 17) == 0)
        at = url + 16;
    else
        return -1;
    if (platform_has_drive(at + 1))
        at++;   /* file:///C:/x is C:/x */
    for (; *at != '\0' && *at != '?' && *at != '#'; at++) {
        int byte = *at == '%' ? escaped_byte(at) : (unsigned char)*at;
        if (byte <= 0 || length + 1 >= size)
            return -1;
        path[length++] = (char)byte;
        if (*at == '%')
            at += 2;
    }
    path[length] = '\0';
    return 0;
}

int file_url_of_path(const char *path, char *url, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t length = 7;
    if (path[0] != '/' || size < 8)
        return -1;
    memcpy(url, "file://", 7);
    for (const unsigned char *at = (const unsigned char *)path; *at != '\0'; at++) {
        int plain = isalnum(*at) || strchr("/._-~", *at) != NULL;
        if (length + (plain ? 1 : 3) >= size)
            return -1;
        if (plain) {
            url[length++] = (char)*at;
        } else {
            url[length++] = '%';
            url[length++] = hex[*at >> 4];
            url[length++] = hex[*at & 15];
        }
    }
    url[length] = '\0';
    return 0;
}

static int plain_name(const char *name)
{
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return 0;
    for (const char *c = name; *c != '\0'; c++) {
        if (!isalnum((unsigned char)*c) && strchr("._+-", *c) == NULL)
            return 0;
    }
    return 1;
}

static int by_name(const void *left, const void *right)
{
    return strcmp(*(char *const *)left, *(char *const *)right);
}

/* The plain names of folder, sorted (free each, then the array); -1 when it cannot be read. */
static int plain_names(const char *folder, char ***names)
{
    DIR *handle = opendir(folder);
    struct dirent *entry;
    int count = 0, room = 0;
    *names = NULL;
    if (handle == NULL)
        return -1;
    while ((entry = readdir(handle)) != NULL) {
        if (!plain_name(entry->d_name))
            continue;
        if (count == room) {
            room = room ? room * 2 : 64;
            char **grown = realloc(*names, (size_t)room * sizeof **names);
            if (grown == NULL)
                break;
            *names = grown;
        }
        if (((*names)[count] = strdup(entry->d_name)) != NULL)
            count++;
    }
    closedir(handle);
    if (count > 0)
        qsort(*names, (size_t)count, sizeof **names, by_name);
    return count;
}

/* One line of the page for name; -1 when it would pass limit. */
static int append_entry(char *page, size_t limit, size_t *length, const char *folder, const char *name)
{
    char path[4096];
    const char *slash = path_join(path, sizeof path, folder, name) == 0 && is_directory(path) ? "/" : "";
    int wrote = snprintf(page + *length, limit + 1 - *length, "<a href=\"%s%s\">%s%s</a>\n", name, slash, name, slash);
    if (wrote < 0 || (size_t)wrote > limit - *length)
        return -1;
    *length += (size_t)wrote;
    return 0;
}

int file_url_listing(const char *folder, size_t limit, char **text, char *why, size_t why_size)
{
    char **names;
    int count = plain_names(folder, &names), full = 0;
    *text = NULL;
    if (count < 0) {
        snprintf(why, why_size, "cannot read the folder %s: %s", folder, strerror(errno));
        return -1;
    }
    char *page = calloc(1, limit + 1);
    size_t length = 0;
    for (int i = 0; i < count && page != NULL && !full; i++)
        full = append_entry(page, limit, &length, folder, names[i]) != 0;
    for (int i = 0; i < count; i++)
        free(names[i]);
    free(names);
    if (page == NULL)
        snprintf(why, why_size, "out of memory listing %s", folder);
    else if (full)
        snprintf(why, why_size, "larger than %zu KiB", limit >> 10);
    if (page == NULL || full) {
        free(page);
        return -1;
    }
    *text = page;
    return 0;
}

/*
 * A file:// document within limit bytes, as download_text answers: read as
 * every outside file is (without blocking, a regular file only: a FIFO or a
 * device named by an address reads as an error, never waits), a folder as
 * its listing.
 */
int file_url_read(const char *path, size_t limit, char **text, char *why, size_t why_size)
{
    char *body = malloc(limit + 2);
    int status = body ? cudnnv_read_regular_file(path, body, limit + 2, 0) : CUDNNV_READ_UNREADABLE;
    if (status == 0) {
        *text = body;
        return 0;
    }
    free(body);
    if (is_directory(path))
        return file_url_listing(path, limit, text, why, why_size);
    if (status == CUDNNV_READ_TOO_LONG)
        snprintf(why, why_size, "larger than %zu KiB", limit >> 10);
    else if (status == CUDNNV_READ_NOT_FILE)
        snprintf(why, why_size, "%s is not a regular file", path);
    else
        snprintf(why, why_size, "cannot read %s: %s", path, strerror(status == CUDNNV_READ_MISSING ? ENOENT : errno));
    return -1;
}

/*
 * A file:// archive copied to target: opened without blocking, a regular
 * file only, at most limit bytes, the copy no more open than its source
 * (a 0600 file stays 0600 in a store others read). 0, or -1 with why.
 */
int file_url_copy(const char *path, const char *target, long long limit, char *why, size_t why_size)
{
    struct stat info;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &info) != 0) {
        snprintf(why, why_size, "%s", strerror(errno));   /* the caller names the address */
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int status = -1;
    if (!S_ISREG(info.st_mode))
        snprintf(why, why_size, "%s is not a regular file", path);
    else if (limit > 0 && (long long)info.st_size > limit)
        snprintf(why, why_size, "%s holds %lld bytes, more than the %lld announced", path, (long long)info.st_size,
                 limit);
    else if (copy_from_descriptor(fd, target, info.st_mode & 0644) != 0)
        snprintf(why, why_size, "cannot copy %s: %s", path, strerror(errno));
    else
        status = 0;
    close(fd);
    return status;
}
