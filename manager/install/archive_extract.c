/*
 * Extracts an archive into a staging directory, writing each member itself
 * rather than through libarchive's disk writer, so that one set of rules
 * holds for every member, on Linux and in cudnnv.exe alike:
 *  - its name is cleaned and checked first (archive_member.c);
 *  - only the files a cuDNN set needs are written; the rest is skipped
 *    unread, and directories are made only on the way to those files;
 *  - every path is resolved below the destination on the real file system
 *    (archive_stage.h): a link that would lead out, at any depth or through
 *    a chain of links, is refused with the member's name; Windows gets no
 *    links at all;
 *  - a file larger than the limit ([install] max_member_size), one that
 *    would leave less than ARCHIVE_DISK_RESERVE free, and an archive that
 *    expands past ARCHIVE_MAX_EXPANSION times what was read of it, are
 *    refused as they stream, so a compressed bomb never fills the disk.
 */
#include "archive_member.h"
#include "archive_stage.h"
#include "install_archive.h"
#include "platform.h"
#include "progress.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPACE_CHECK_BYTES (8ULL << 20)

struct extraction {
    struct archive_stage *stage;      /* the destination directory */
    int (*is_needed)(const char *clean_name);   /* which files are written */
    unsigned long long max_member_size;
    char **links;                     /* clean names of the links written, checked at the end */
    int link_count;
    int written;
    unsigned long long written_bytes;     /* of every member, for the expansion limit */
    char *error;
    size_t error_size;
};

static int refuse(struct extraction *x, const char *format, const char *name, const char *detail)
{
    snprintf(x->error, x->error_size, format, name, detail);
    return -1;
}

static int refuse_size(struct extraction *x, const char *name)
{
    char limit[64];
    snprintf(limit, sizeof limit, "%llu MiB", x->max_member_size >> 20);
    return refuse(x, "member '%s' is larger than %s, the most one file may hold ([install] max_member_size in config)",
                  name, limit);
}

static int refuse_space(struct extraction *x, const char *name)
{
    char reserve[64];
    snprintf(reserve, sizeof reserve, "%llu MiB", ARCHIVE_DISK_RESERVE >> 20);
    return refuse(x, "member '%s' would leave less than %s free on the store's disk; free some space", name,
                  reserve);
}

static int refuse_expansion(struct extraction *x, const char *name)
{
    char times[16];
    snprintf(times, sizeof times, "%d", ARCHIVE_MAX_EXPANSION);
    return refuse(x, "member '%s' expands the archive past %s times its size; real cuDNN archives expand 2 to 4 times",
                  name, times);
}

static int write_all(int fd, const char *data, size_t size)
{
    while (size > 0) {
        ssize_t put = write(fd, data, size);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return -1;
        data += put;
        size -= (size_t)put;
    }
    return 0;
}

/* True when what was written so far is within the expansion limit for what was read. */
static int expansion_allowed(const struct extraction *x, struct archive *in)
{
    la_int64_t read_so_far = archive_filter_bytes(in, -1);
    if (x->written_bytes <= ARCHIVE_EXPANSION_FREE)
        return 1;
    return read_so_far > 0 && x->written_bytes / ARCHIVE_MAX_EXPANSION <= (unsigned long long)read_so_far;
}

/* Streams a member's data into fd, stopping at the size limit, past the expansion limit, or before the disk fills. */
static int stream_data(struct extraction *x, struct archive *in, int fd, const char *name)
{
    const void *block;
    size_t size;
    la_int64_t offset;
    unsigned long long end = 0, unchecked = 0;
    int status;
    while ((status = archive_read_data_block(in, &block, &size, &offset)) == ARCHIVE_OK) {
        if (offset < 0 || (unsigned long long)offset != end)
            return refuse(x, "member '%s' is %s; cuDNN archives hold none", name, "a sparse file");
        end += size;
        unchecked += size;
        x->written_bytes += size;
        if (end > x->max_member_size)
            return refuse_size(x, name);
        if (!expansion_allowed(x, in))
            return refuse_expansion(x, name);
        if (unchecked >= SPACE_CHECK_BYTES) {
            unchecked = 0;
            if (!archive_stage_room(x->stage, size))
                return refuse_space(x, name);
        }
        if (write_all(fd, block, size) != 0)
            return refuse(x, "cannot write member '%s': %s", name, strerror(errno));
    }
    if (status != ARCHIVE_EOF)
        return refuse(x, "cannot read member '%s': %s", name, archive_error_string(in));
    return 0;
}

/* Why a member could not be written, from errno after an archive_stage call. */
static int refuse_stage(struct extraction *x, const char *format, const char *name)
{
    if (errno == EXDEV)
        return refuse(x, "member '%s' would be written outside the archive through a %s", name, "link");
    return refuse(x, format, name, strerror(errno));
}

static int write_file(struct extraction *x, struct archive *in, struct archive_entry *entry, const char *clean,
                      const char *name)
{
    la_int64_t declared = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : 0;
    if (declared > 0 && (unsigned long long)declared > x->max_member_size)
        return refuse_size(x, name);
    if (declared > 0 && !archive_stage_room(x->stage, (unsigned long long)declared))
        return refuse_space(x, name);
    int fd = archive_stage_file(x->stage, clean, (archive_entry_perm(entry) & 0111) != 0);
    if (fd < 0)
        return refuse_stage(x, "cannot write member '%s': %s", name);
    int status = stream_data(x, in, fd, name);
    if (close(fd) != 0 && status == 0)
        status = refuse(x, "cannot write member '%s': %s", name, strerror(errno));
    return status;
}

static int write_symlink(struct extraction *x, struct archive_entry *entry, const char *clean, const char *name)
{
    const char *target = archive_entry_symlink(entry);
    const char *problem = archive_link_target_problem(target);
    if (problem != NULL)
        return refuse(x, "member '%s' is a link with %s", name, problem);
    if (archive_stage_link(x->stage, clean, target, 0) != 0)
        return refuse_stage(x, "cannot create link '%s': %s", name);
    char **grown = realloc(x->links, (size_t)(x->link_count + 1) * sizeof *grown);
    if (grown == NULL || (grown[x->link_count] = strdup(clean)) == NULL) {
        if (grown != NULL)
            x->links = grown;
        return refuse(x, "out of memory at member '%s'%s", name, "");
    }
    x->links = grown;
    x->link_count++;
    return 0;
}

/* A hard link to an earlier member: that member must be a regular file written below the destination. */
static int write_hardlink(struct extraction *x, const char *hardlink, const char *clean, const char *name)
{
    char target[PATH_MAX];
    if (archive_member_clean(hardlink, target, sizeof target) != NULL)
        return refuse(x, "member '%s' is a hard link to '%s', outside the archive", name, hardlink);
    if (archive_stage_link(x->stage, clean, target, 1) == 0)
        return 0;
    if (errno == EINVAL)
        return refuse(x, "member '%s' is a hard link to '%s', which is not a cuDNN file written before it", name,
                      hardlink);
    return refuse_stage(x, "cannot create hard link '%s': %s", name);
}

/* The archive's own top as a member ("./", as dpkg-deb writes a .deb's data.tar): nothing to write. */
static int is_top_folder(const char *name, mode_t type)
{
    return type == AE_IFDIR && name != NULL && name[0] != '\0' && strspn(name, "./") == strlen(name) &&
           strstr(name, "..") == NULL;
}

/* Writes one member, or skips it when a set does not need it. */
static int take_member(struct extraction *x, struct archive *in, struct archive_entry *entry)
{
    char clean[PATH_MAX];
    const char *name = archive_entry_pathname(entry);
    const char *hardlink = archive_entry_hardlink(entry);
    mode_t type = archive_entry_filetype(entry);
    if (is_top_folder(name, type))
        return 0;
    const char *problem = name ? archive_member_clean(name, clean, sizeof clean) : "no name";
    if (problem != NULL)
        return refuse(x, "member '%s' has %s", name ? name : "?", problem);
    if (hardlink == NULL && type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK)
        return refuse(x, "member '%s' is %s", name, "not a file, directory or link");
    if (type == AE_IFDIR || (type != AE_IFLNK && !x->is_needed(clean)))
        return 0;
    if (++x->written > ARCHIVE_MAX_WRITTEN)
        return refuse(x, "member '%s' is one more than the %s files and links an archive may hold", name,
                      "100000");
    if (!PLATFORM_LINKS && (hardlink != NULL || type == AE_IFLNK))
        return refuse(x, "member '%s' is a link; %s", name,
                      "cudnnv.exe writes no links (NVIDIA's Windows zips hold none)");
    if (hardlink != NULL)
        return write_hardlink(x, hardlink, clean, name);
    if (type == AE_IFLNK)
        return write_symlink(x, entry, clean, name);
    return write_file(x, in, entry, clean, name);
}

/* Every link written must resolve below the destination, whatever was written after it. */
static int check_links(struct extraction *x)
{
    for (int i = 0; i < x->link_count; i++) {
        if (archive_stage_link_check(x->stage, x->links[i]) == 0)
            continue;
        if (errno == EXDEV)
            return refuse(x, "member '%s' is a link that leads outside the archive%s", x->links[i], "");
        return refuse(x, "member '%s' is a link in a loop%s", x->links[i], "");
    }
    return 0;
}

static int extract_all(struct extraction *x, struct archive *in)
{
    struct archive_entry *entry;
    int status, members = 0;
    struct progress progress;
    progress_start(&progress);
    while ((status = archive_read_next_header(in, &entry)) == ARCHIVE_OK) {
        if (take_member(x, in, entry) != 0) {
            progress_stop(&progress);
            return -1;
        }
        members++;
        progress_show(&progress, "extracting: %d members, %lld MiB", members,
                      (long long)(archive_filter_bytes(in, -1) >> 20));
    }
    progress_stop(&progress);
    if (status != ARCHIVE_EOF) {
        snprintf(x->error, x->error_size, "cannot read the archive: %s", archive_error_string(in));
        return -1;
    }
    if (members == 0) {
        snprintf(x->error, x->error_size, "the archive is empty");
        return -1;
    }
    return check_links(x);
}

/*
 * The compressions cuDNN's archives come in (.tgz, .tar.xz, conda's .tar.bz2
 * and .tar.zst), each only where this libarchive has it built in: asked for
 * one it lacks, libarchive would run an outside program (xz, lrzip, lzop ...)
 * found on PATH on the archive's bytes. (A probe archive answers
 * ARCHIVE_WARN for those.)
 */
static void support_filters(struct archive *in)
{
    int (*const filters[])(struct archive *) = {archive_read_support_filter_gzip, archive_read_support_filter_xz,
                                                archive_read_support_filter_bzip2, archive_read_support_filter_zstd};
    archive_read_support_filter_none(in);
    for (size_t i = 0; i < sizeof filters / sizeof filters[0]; i++) {
        struct archive *probe = archive_read_new();
        if (probe != NULL && filters[i](probe) == ARCHIVE_OK)
            filters[i](in);
        archive_read_free(probe);
    }
}

static int extract_files(const char *archive_path, const char *destination, int (*is_needed)(const char *),
                         unsigned long long max_member_size, char *error, size_t error_size)
{
    struct extraction x = {.max_member_size = max_member_size, .error = error, .error_size = error_size,
                           .is_needed = is_needed};
    x.stage = archive_stage_open(destination);
    if (x.stage == NULL) {
        snprintf(error, error_size, "cannot open %s: %s", destination, strerror(errno));
        return -1;
    }
    struct archive *in = archive_read_new();
    support_filters(in);
    archive_read_support_format_tar(in);
    archive_read_support_format_zip(in);
    int status = -1;
    if (archive_read_open_filename(in, archive_path, 1 << 16) != ARCHIVE_OK)
        snprintf(error, error_size, "%s is not an archive cudnnv can read (.tar.xz, .tgz, .zip): %s",
                 archive_path, archive_error_string(in));
    else
        status = extract_all(&x, in);
    archive_read_free(in);
    archive_stage_close(x.stage);
    for (int i = 0; i < x.link_count; i++)
        free(x.links[i]);
    free(x.links);
    return status;
}

int archive_extract_safe(const char *archive_path, const char *destination,
                         unsigned long long max_member_size, char *error, size_t error_size)
{
    return extract_files(archive_path, destination, archive_member_is_needed, max_member_size, error, error_size);
}

/* The same rules for NVIDIA's CUDA redist archives, writing their cuBLAS, NVRTC and CUDA runtime libraries. */
int archive_extract_cuda_libraries(const char *archive_path, const char *destination,
                                   unsigned long long max_member_size, char *error, size_t error_size)
{
    return extract_files(archive_path, destination, archive_member_is_cuda_library, max_member_size, error,
                         error_size);
}

/* The same rules for a CUDA runtime package (cudatoolkit), writing its shared libraries below lib/. */
int archive_extract_runtime_libraries(const char *archive_path, const char *destination,
                                      unsigned long long max_member_size, char *error, size_t error_size)
{
    return extract_files(archive_path, destination, archive_member_is_runtime_library, max_member_size, error,
                         error_size);
}
