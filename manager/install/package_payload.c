/*
 * Packages that wrap the tar holding their files: a conda package in the
 * .conda form is a zip of two zstd tars (info-*.tar.zst and pkg-*.tar.zst;
 * the files are in pkg-*), a Debian package an ar archive whose data.tar.*
 * holds them. This takes that one member out, within the size limit, into a
 * file of the staging folder, to be extracted with the same rules as any
 * archive. (The older .tar.bz2 conda form is a plain tar that
 * archive_extract reads itself.) libarchive reads both; no program runs.
 * The .deb's own member rule is in deb_package.c (Linux: cudnnv.exe's
 * libarchive has no ar reader, and NVIDIA's .debs are for Linux).
 */
#include "package_payload.h"

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

int package_take_payload(const struct package_kind *kind, const char *path, const char *out_path,
                        unsigned long long limit, char *error, size_t size)
{
    struct archive *in = archive_read_new();
    struct archive_entry *entry;
    int status = -1, found = 0;
    kind->support_format(in);
    if (archive_read_open_filename(in, path, 1 << 16) != ARCHIVE_OK) {
        snprintf(error, size, "%s: %s", kind->not_one, archive_error_string(in));
        archive_read_free(in);
        return -1;
    }
    while (!found && archive_read_next_header(in, &entry) == ARCHIVE_OK) {
        const char *name = archive_entry_pathname(entry);
        if (name == NULL || !kind->is_payload(name) || archive_entry_filetype(entry) != AE_IFREG)
            continue;
        found = 1;
        status = copy_member(in, out_path, limit, error, size);
    }
    if (!found)
        snprintf(error, size, "%s", kind->no_payload);
    archive_read_free(in);
    return status;
}

int conda_take_payload(const char *conda_path, const char *out_path, unsigned long long limit, char *error, size_t size)
{
    static const struct package_kind conda = {archive_read_support_format_zip, is_payload,
                                              "not a .conda package (a zip)",
                                              "no pkg-*.tar.zst in it: not a conda package"};
    return package_take_payload(&conda, conda_path, out_path, limit, error, size);
}

int deb_is_package(const char *path)
{
    size_t length = strlen(path);
    return length > 4 && strcmp(path + length - 4, ".deb") == 0;
}
