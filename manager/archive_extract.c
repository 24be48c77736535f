/*
 * Extracts an archive into a staging directory. Every member is checked
 * before it is written: no absolute path, no ".." component, no device or
 * fifo, and a link (symbolic or hard) must resolve inside the archive's own
 * tree. libarchive's own guard against writing through a symbolic link
 * stays on as a second line.
 */
#include "archive.h"

#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A relative path with no ".." component (separators '/' or '\'). */
int archive_member_is_safe(const char *name)
{
    if (name[0] == '/' || name[0] == '\\')
        return 0;
    if (name[0] != '\0' && name[1] == ':')
        return 0;
    for (const char *c = name; *c;) {
        size_t length = strcspn(c, "/\\");
        if (length == 2 && c[0] == '.' && c[1] == '.')
            return 0;
        c += length;
        if (*c)
            c++;
    }
    return 1;
}

/* True when a symbolic link's target, read from the member's own directory, stays in the tree. */
int archive_link_stays_inside(const char *member, const char *target)
{
    if (target[0] == '/' || target[0] == '\\' || target[0] == '\0')
        return 0;
    int depth = 0;
    for (const char *c = member; *c; c++) {
        if ((*c == '/' || *c == '\\') && c[1] != '\0' && c[1] != '/')
            depth++;
    }
    for (const char *c = target; *c;) {
        size_t length = strcspn(c, "/\\");
        if (length == 2 && c[0] == '.' && c[1] == '.')
            depth--;
        else if (length > 0 && !(length == 1 && c[0] == '.'))
            depth++;
        if (depth < 0)
            return 0;
        c += length;
        if (*c)
            c++;
    }
    return 1;
}

static int check_member(struct archive_entry *entry, char *error, size_t size)
{
    const char *name = archive_entry_pathname(entry);
    const char *hardlink = archive_entry_hardlink(entry);
    mode_t type = archive_entry_filetype(entry);
    if (name == NULL || !archive_member_is_safe(name)) {
        snprintf(error, size, "member '%s' has an absolute path or '..'", name ? name : "?");
        return -1;
    }
    if (hardlink != NULL && !archive_member_is_safe(hardlink)) {
        snprintf(error, size, "member '%s' is a hard link to '%s', outside the archive", name, hardlink);
        return -1;
    }
    if (type == AE_IFLNK && !archive_link_stays_inside(name, archive_entry_symlink(entry))) {
        snprintf(error, size, "member '%s' is a link to '%s', outside the set", name,
                 archive_entry_symlink(entry));
        return -1;
    }
    if (hardlink == NULL && type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK) {
        snprintf(error, size, "member '%s' is not a file, directory or link", name);
        return -1;
    }
    return 0;
}

/* Rewrites a member's paths to land under destination, with plain permissions. */
static int place_member(struct archive_entry *entry, const char *destination)
{
    char path[4096];
    const char *hardlink = archive_entry_hardlink(entry);
    if (snprintf(path, sizeof path, "%s/%s", destination, archive_entry_pathname(entry)) >= (int)sizeof path)
        return -1;
    archive_entry_set_pathname(entry, path);
    if (hardlink != NULL) {
        if (snprintf(path, sizeof path, "%s/%s", destination, hardlink) >= (int)sizeof path)
            return -1;
        archive_entry_set_hardlink(entry, path);
    }
    mode_t type = archive_entry_filetype(entry);
    mode_t permissions = archive_entry_perm(entry) & 0755;
    archive_entry_set_perm(entry, type == AE_IFDIR ? (permissions | 0700) : (permissions | 0600));
    return 0;
}

static void show_progress(int members, la_int64_t bytes)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rcudnnv: extracting: %d members, %lld MiB ", members,
                (long long)(bytes >> 20));
}

static int copy_data(struct archive *in, struct archive *out)
{
    const void *block;
    size_t size;
    la_int64_t offset;
    int status;
    while ((status = archive_read_data_block(in, &block, &size, &offset)) == ARCHIVE_OK) {
        if (archive_write_data_block(out, block, size, offset) != ARCHIVE_OK)
            return ARCHIVE_FATAL;
    }
    return status == ARCHIVE_EOF ? ARCHIVE_OK : status;
}

static int extract_all(struct archive *in, struct archive *out, const char *destination,
                       char *error, size_t size)
{
    struct archive_entry *entry;
    int status, members = 0;
    while ((status = archive_read_next_header(in, &entry)) == ARCHIVE_OK) {
        if (check_member(entry, error, size) != 0)
            return -1;
        if (place_member(entry, destination) != 0) {
            snprintf(error, size, "member path too long");
            return -1;
        }
        if (archive_write_header(out, entry) != ARCHIVE_OK ||
            (archive_entry_size(entry) > 0 && copy_data(in, out) != ARCHIVE_OK) ||
            archive_write_finish_entry(out) != ARCHIVE_OK) {
            snprintf(error, size, "cannot extract '%s': %s", archive_entry_pathname(entry),
                     archive_error_string(out) ? archive_error_string(out) : archive_error_string(in));
            return -1;
        }
        show_progress(++members, archive_filter_bytes(in, -1));
    }
    if (isatty(STDERR_FILENO))
        fputc('\n', stderr);
    if (status != ARCHIVE_EOF) {
        snprintf(error, size, "cannot read the archive: %s", archive_error_string(in));
        return -1;
    }
    if (members == 0) {
        snprintf(error, size, "the archive is empty");
        return -1;
    }
    return 0;
}

int archive_extract_safe(const char *archive_path, const char *destination,
                         char *error, size_t error_size)
{
    struct archive *in = archive_read_new();
    struct archive *out = archive_write_disk_new();
    archive_read_support_filter_all(in);
    archive_read_support_format_tar(in);
    archive_read_support_format_zip(in);
    archive_write_disk_set_options(out, ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM |
                                            ARCHIVE_EXTRACT_SECURE_SYMLINKS);
    int status = -1;
    if (archive_read_open_filename(in, archive_path, 1 << 16) != ARCHIVE_OK)
        snprintf(error, error_size, "%s is not an archive cudnnv can read (.tar.xz, .tgz, .zip): %s",
                 archive_path, archive_error_string(in));
    else
        status = extract_all(in, out, destination, error, error_size);
    archive_read_free(in);
    archive_write_free(out);
    return status;
}
