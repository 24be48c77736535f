/*
 * A conda package in the .conda form is a zip holding two zstd tars
 * (info-*.tar.zst and pkg-*.tar.zst); the files are in pkg-*. This takes
 * that one member out, within the size limit, into a file of the staging
 * folder, to be extracted with the same rules as any archive. (The older
 * .tar.bz2 form is a plain tar that archive_extract reads itself.)
 */
#include "conda_package.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int conda_is_package(const char *path)
{
    size_t length = strlen(path);
    return length > 6 && strcmp(path + length - 6, ".conda") == 0;
}

/* Whether a member is the package's payload: pkg-NAME.tar.zst at the top. */
static int is_payload(const char *name)
{
    size_t length = strlen(name);
    return strncmp(name, "pkg-", 4) == 0 && length > 12 && strcmp(name + length - 8, ".tar.zst") == 0 &&
           strchr(name, '/') == NULL;
}

static int copy_member(struct archive *in, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    char buffer[1 << 16];
    unsigned long long written = 0;
    la_ssize_t got;
    int out = open(out_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (out < 0) {
        snprintf(error, size, "cannot create %s: %s", out_path, strerror(errno));
        return -1;
    }
    while ((got = archive_read_data(in, buffer, sizeof buffer)) > 0) {
        written += (unsigned long long)got;
        if (written > limit || write(out, buffer, (size_t)got) != got) {
            snprintf(error, size, written > limit ? "its payload is larger than max_member_size" : "cannot write %s",
                     out_path);
            close(out);
            return -1;
        }
    }
    close(out);
    if (got < 0) {
        snprintf(error, size, "its payload cannot be read: %s", archive_error_string(in));
        return -1;
    }
    return 0;
}

/* pkg-*.tar.zst of a .conda file into out_path; 0, or -1 with the reason in error. */
int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    struct archive *in = archive_read_new();
    struct archive_entry *entry;
    int status = -1, found = 0;
    archive_read_support_format_zip(in);
    if (archive_read_open_filename(in, conda_path, 1 << 16) != ARCHIVE_OK) {
        snprintf(error, size, "not a .conda package (a zip): %s", archive_error_string(in));
        archive_read_free(in);
        return -1;
    }
    while (!found && archive_read_next_header(in, &entry) == ARCHIVE_OK) {
        const char *name = archive_entry_pathname(entry);
        if (name == NULL || !is_payload(name) || archive_entry_filetype(entry) != AE_IFREG)
            continue;
        found = 1;
        status = copy_member(in, out_path, limit, error, size);
    }
    if (!found)
        snprintf(error, size, "no pkg-*.tar.zst in it: not a conda package");
    archive_read_free(in);
    return status;
}
