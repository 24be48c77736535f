/*
 * File-system helpers: path joining with bounds checks, recursive mkdir and
 * removal, plain copies, and atomic writes (temporary file, fsync, rename).
 */
#define _GNU_SOURCE
#include "fsutil.h"

#include "cudnnv_select.h"
#include "platform.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int path_join(char *out, size_t size, const char *left, const char *right)
{
    size_t length = strlen(left);
    const char *slash = (length > 0 && left[length - 1] == '/') ? "" : "/";
    int n = snprintf(out, size, "%s%s%s", left, slash, right);
    if (n < 0 || (size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

int is_directory(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

int is_regular_file(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

int make_dirs(const char *path, mode_t mode)
{
    char partial[4096];
    if (strlen(path) >= sizeof partial) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(partial, path);
    for (char *c = partial + 1; *c; c++) {
        if (*c != '/')
            continue;
        *c = '\0';
        if (mkdir(partial, mode) != 0 && errno != EEXIST)
            return -1;
        *c = '/';
    }
    if (mkdir(partial, mode) != 0 && errno != EEXIST)
        return -1;
    return is_directory(partial) ? 0 : -1;
}

static int remove_entry(const char *path, const struct stat *info, int type, struct FTW *walk)
{
    (void)info;
    (void)walk;
    if (type == FTW_DP)
        return rmdir(path);
    return unlink(path);
}

int remove_tree(const char *path)
{
    struct stat info;
    if (lstat(path, &info) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(info.st_mode))
        return unlink(path);
    chmod(path, 0700);
    return nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS);
}

static int copy_bytes(int in, int out)
{
    char buffer[1 << 16];
    for (;;) {
        ssize_t got = read(in, buffer, sizeof buffer);
        if (got == 0)
            return 0;
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        for (ssize_t done = 0; done < got;) {
            ssize_t put = write(out, buffer + done, (size_t)(got - done));
            if (put < 0 && errno != EINTR)
                return -1;
            if (put > 0)
                done += put;
        }
    }
}

/* Copies what an open file holds to a new path (which must not exist), flushed to the disk. */
int copy_from_descriptor(int in, const char *to, mode_t mode)
{
    int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (out < 0)
        return -1;
    int status = copy_bytes(in, out);
    if (status == 0)
        status = fsync(out);
    int saved = errno;
    if (close(out) != 0 && status == 0) {
        status = -1;
        saved = errno;
    }
    if (status != 0)
        unlink(to);
    errno = saved;
    return status;
}

/* Copies a regular file to a new path (which must not exist). */
int copy_file(const char *from, const char *to, mode_t mode)
{
    int in = open(from, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return -1;
    int status = copy_from_descriptor(in, to, mode);
    int saved = errno;
    close(in);
    errno = saved;
    return status;
}

/*
 * The one way cudnnv writes a file: into a new temporary file beside path
 * (safe_file_begin), then flushed and renamed over path (safe_file_commit).
 * The temporary name is random and created exclusively (mkstemp): a link
 * planted in a directory others can write is never followed, and the rename
 * replaces a link at path itself, never what it points to. A failure leaves
 * path as it was and no temporary file behind.
 */
FILE *safe_file_begin(const char *path, char *temporary, size_t size)
{
    if (snprintf(temporary, size, "%s.tmp.XXXXXX", path) >= (int)size) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = mkstemp(temporary);
    if (fd < 0)
        return NULL;
    FILE *out = fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
    if (out == NULL) {
        int saved = errno;
        close(fd);
        unlink(temporary);
        errno = saved;
    }
    return out;
}

/* Finishes what safe_file_begin started; ok is 0 when the writing went wrong (the file is then dropped). */
int safe_file_commit(FILE *out, const char *temporary, const char *path, int ok)
{
    ok = ok && fflush(out) == 0 && fsync(fileno(out)) == 0;
    ok = fclose(out) == 0 && ok;
    if (!ok || rename(temporary, path) != 0) {
        int saved = errno;
        unlink(temporary);
        errno = saved;
        return -1;
    }
    return 0;
}

int write_file_atomic(const char *path, const char *content)
{
    return write_file_atomic_mode(path, content, 0644);
}

/* The same, the new file with mode (a team's file keeps its own: 0600 stays 0600). */
int write_file_atomic_mode(const char *path, const char *content, mode_t mode)
{
    char temporary[4096];
    FILE *out = safe_file_begin(path, temporary, sizeof temporary);
    if (out == NULL)
        return -1;
    mode &= 0777;   /* (cudnnv.exe: Windows has no mode bits; its fchmod does nothing) */
    if (fchmod(fileno(out), mode) != 0) {
        int saved = errno;
        fclose(out);
        unlink(temporary);
        errno = saved;
        return -1;
    }
    return safe_file_commit(out, temporary, path, fputs(content, out) >= 0);
}

static int sync_entry(const char *path, const struct stat *info, int type, struct FTW *walk)
{
    (void)info;
    (void)walk;
    return type == FTW_D ? platform_sync_directory(path) : 0;
}

/* Flushes every directory of a tree (the names of the files in it) to the disk. */
int sync_tree_directories(const char *path)
{
    return nftw(path, sync_entry, 32, FTW_PHYS);
}

/*
 * The first limit bytes of an outside file (METADATA, a header, a version
 * file of the driver) as a new NUL-terminated string; NULL when it is not a
 * regular file or cannot be read. Read as version files are: never blocking.
 */
char *read_small_file(const char *path, size_t limit)
{
    char *text = malloc(limit + 2);
    if (text == NULL)
        return NULL;
    int status = cudnnv_read_regular_file(path, text, limit + 2, 0);
    if (status == 0 || status == CUDNNV_READ_TOO_LONG) {
        text[limit < strlen(text) ? limit : strlen(text)] = '\0';
        return text;
    }
    free(text);
    return NULL;
}

const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *backslash = PLATFORM_IS_WINDOWS ? strrchr(path, '\\') : NULL;   /* C:\Downloads\x.zip */
    if (backslash != NULL && (slash == NULL || backslash > slash))
        slash = backslash;
    return slash ? slash + 1 : path;
}

/* True when name starts with prefix and ends with suffix ("" matches any end). */
int name_has_affixes(const char *name, const char *prefix, const char *suffix)
{
    size_t length = strlen(name), tail = strlen(suffix);
    if (strncmp(name, prefix, strlen(prefix)) != 0)
        return 0;
    return tail == 0 || (length > tail && strcmp(name + length - tail, suffix) == 0);
}

int dir_has_entry(const char *dir, int (*match)(const char *name, void *data), void *data)
{
    DIR *handle = opendir(dir);
    if (handle == NULL)
        return 0;
    int found = 0;
    struct dirent *entry;
    while (!found && (entry = readdir(handle)) != NULL)
        found = match(entry->d_name, data);
    closedir(handle);
    return found;
}
