/*
 * A conda package in the .conda form is a zip holding two zstd tars
 * (info-*.tar.zst and pkg-*.tar.zst); the files are in pkg-*. This takes
 * that one member out, within the size limit, into a file of the staging
 * folder, to be extracted with the same rules as any archive. (The older
 * .tar.bz2 form is a plain tar that archive_extract reads itself.)
 */
#include "conda_package.h"

#include "archive_stage.h"
#include "install_archive.h"

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

/*
 * Why the payload may not grow by got more bytes: past the member limit,
 * past ARCHIVE_MAX_EXPANSION times what was read of the package (after the
 * first ARCHIVE_EXPANSION_FREE bytes), or into the disk's reserve; NULL when
 * it may. The rules of every archive, here on the outer zip as well.
 */
static const char *payload_problem(struct archive *in, const struct archive_stage *stage,
                                   unsigned long long written, unsigned long long limit)
{
    unsigned long long read = (unsigned long long)archive_filter_bytes(in, -1);
    if (written > limit)
        return "its payload is larger than max_member_size";
    if (written > ARCHIVE_EXPANSION_FREE && written > ARCHIVE_MAX_EXPANSION * read)
        return "its payload expands past 20 times what was read of the package (a compressed bomb)";
    if ((written & ((16ULL << 20) - 1)) < (1 << 16) && stage != NULL && !archive_stage_room(stage, 16ULL << 20))
        return "its payload would leave less than 32 MiB free on the disk";
    return NULL;
}

static int copy_member(struct archive *in, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    char buffer[1 << 16], folder[4096];
    unsigned long long written = 0;
    la_ssize_t got;
    int out = open(out_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (out < 0) {
        snprintf(error, size, "cannot create %s: %s", out_path, strerror(errno));
        return -1;
    }
    snprintf(folder, sizeof folder, "%s", out_path);
    if (strrchr(folder, '/') != NULL)
        *strrchr(folder, '/') = '\0';
    struct archive_stage *stage = archive_stage_open(folder);   /* for the disk's reserve */
    while ((got = archive_read_data(in, buffer, sizeof buffer)) > 0) {
        written += (unsigned long long)got;
        const char *problem = payload_problem(in, stage, written, limit);
        if (problem != NULL || write(out, buffer, (size_t)got) != got) {
            snprintf(error, size, problem ? "%s" : "cannot write %s", problem ? problem : out_path);
            close(out);
            unlink(out_path);
            if (stage != NULL)
                archive_stage_close(stage);
            return -1;
        }
    }
    close(out);
    if (stage != NULL)
        archive_stage_close(stage);
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
