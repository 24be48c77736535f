/*
 * wheel_record.h. RECORD is CSV: "path,sha256=<url-safe base64, no
 * padding>,size" per file (its own line has no hash). After a wheel is
 * unpacked into raw (only the files a set needs, and RECORD), each file
 * there must have a line and match it: one that differs, or one RECORD does
 * not list, refuses the wheel; files RECORD lists that were not unpacked
 * (not a set's) are passed over. A wheel without RECORD is refused.
 */
#include "wheel_record.h"

#include "fsutil.h"
#include "install_archive.h"
#include "tree_list.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wheel_is_file(const char *path)
{
    size_t length = strlen(path);
    return length > 4 && strcmp(path + length - 4, ".whl") == 0;
}

/* Url-safe base64 (no padding) of 32 bytes -> 64 hexadecimal digits; 0, or -1 when it is not that. */
static int base64_to_hex(const char *text, char hex[65])
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char bytes[33];
    unsigned bits = 0, value = 0;
    size_t count = 0;
    for (const char *c = text; *c && *c != ','; c++) {
        const char *at = strchr(alphabet, *c);
        if (at == NULL || *c == '\0')
            return -1;
        value = (value << 6) | (unsigned)(at - alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (count == sizeof bytes)
                return -1;
            bytes[count++] = (unsigned char)(value >> bits);
            value &= (1u << bits) - 1;
        }
    }
    if (count != 32)
        return -1;
    for (size_t i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
    return 0;
}

/* The RECORD line of a path relative to the wheel's top; NULL when none. */
static const char *line_of(const char *record, const char *relative)
{
    size_t length = strlen(relative);
    for (const char *line = record; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
        if (strncmp(line, relative, length) == 0 && line[length] == ',')
            return line + length + 1;
    }
    return NULL;
}

/* 0 when the unpacked file at relative (below raw) has RECORD's sum; -1 with the reason in error. */
static int check_file(const char *raw, const char *record, const char *relative, char *error, size_t size)
{
    char path[PATH_MAX], actual[65] = "unreadable", expected[65];
    const char *entry = line_of(record, relative);
    if (entry == NULL || strncmp(entry, "sha256=", 7) != 0 || base64_to_hex(entry + 7, expected) != 0) {
        snprintf(error, size, "%s is not in the wheel's RECORD with a sha256", relative);
        return -1;
    }
    if (path_join(path, sizeof path, raw, relative) != 0 || archive_sha256(path, actual) != 0 ||
        strcmp(actual, expected) != 0) {
        snprintf(error, size, "%s does not match the wheel's RECORD (SHA-256 %s, RECORD says %s)", relative, actual,
                 expected);
        return -1;
    }
    return 0;
}

/* The RECORD of the one .dist-info folder at raw's top; NULL when there is none. */
static char *read_record(const char *raw)
{
    char path[PATH_MAX];
    DIR *dir = opendir(raw);
    struct dirent *entry;
    char *text = NULL;
    while (dir != NULL && text == NULL && (entry = readdir(dir)) != NULL) {
        size_t length = strlen(entry->d_name);
        if (length > 10 && strcmp(entry->d_name + length - 10, ".dist-info") == 0 &&
            snprintf(path, sizeof path, "%s/%s/RECORD", raw, entry->d_name) < (int)sizeof path)
            text = read_small_file(path, 4 << 20);
    }
    if (dir != NULL)
        closedir(dir);
    return text;
}

/* 0 when every file unpacked from the wheel matches its RECORD; -1 with the reason in error. */
int wheel_record_check(const char *raw, char *error, size_t size)
{
    struct tree_list files = {0};
    char *record = read_record(raw);
    if (record == NULL) {
        snprintf(error, size, "it has no .dist-info/RECORD to check its files against");
        return -1;
    }
    int status = 0;
    if (tree_list_build(raw, &files) != 0) {
        snprintf(error, size, "cannot list the files unpacked from it");
        status = -1;
    }
    for (size_t i = 0; status == 0 && i < files.count; i++) {
        const char *relative = files.entries[i].path;
        if (!files.entries[i].is_link && strstr(relative, ".dist-info/RECORD") == NULL)
            status = check_file(raw, record, relative, error, size);
    }
    tree_list_free(&files);
    free(record);
    return status;
}
