/*
 * archive_stage.h on Linux: the staging folder held open as a descriptor,
 * every member's folder reached below it by the confined walk (beneath.c),
 * so a link written by an earlier member can never carry a later one out.
 */
#define _GNU_SOURCE
#include "archive_stage.h"

#include "install_archive.h"
#include "beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

struct archive_stage {
    int top;
};

struct archive_stage *archive_stage_open(const char *destination)
{
    struct archive_stage *stage = malloc(sizeof *stage);
    if (stage == NULL)
        return NULL;
    stage->top = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (stage->top < 0) {
        int saved = errno;
        free(stage);
        errno = saved;
        return NULL;
    }
    return stage;
}

void archive_stage_close(struct archive_stage *stage)
{
    close(stage->top);
    free(stage);
}

int archive_stage_room(const struct archive_stage *stage, unsigned long long bytes)
{
    struct statvfs disk;
    if (fstatvfs(stage->top, &disk) != 0)
        return 1;
    unsigned long long available = (unsigned long long)disk.f_bavail * disk.f_frsize;
    return available >= ARCHIVE_DISK_RESERVE && available - ARCHIVE_DISK_RESERVE >= bytes;
}

int archive_stage_file(struct archive_stage *stage, const char *clean, int executable)
{
    char leaf[NAME_MAX + 1];
    int dir = beneath_open_parent(stage->top, clean, 1, leaf, sizeof leaf);
    if (dir < 0)
        return -1;
    unlinkat(dir, leaf, 0);   /* a later member of the same name replaces the earlier one */
    int fd = openat(dir, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0755 : 0644);
    int saved = errno;
    close(dir);
    errno = saved;
    return fd;
}

static int write_symlink(struct archive_stage *stage, const char *clean, const char *target)
{
    char leaf[NAME_MAX + 1];
    int dir = beneath_open_parent(stage->top, clean, 1, leaf, sizeof leaf);
    if (dir < 0)
        return -1;
    unlinkat(dir, leaf, 0);
    int status = symlinkat(target, dir, leaf);
    int saved = errno;
    close(dir);
    errno = saved;
    return status;
}

static int write_hardlink(struct archive_stage *stage, const char *clean, const char *earlier)
{
    char target_leaf[NAME_MAX + 1], leaf[NAME_MAX + 1];
    struct stat info;
    int from = beneath_open_parent(stage->top, earlier, 0, target_leaf, sizeof target_leaf);
    if (from < 0 || fstatat(from, target_leaf, &info, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(info.st_mode)) {
        if (from >= 0)
            close(from);
        errno = EINVAL;
        return -1;
    }
    int dir = beneath_open_parent(stage->top, clean, 1, leaf, sizeof leaf);
    int status = -1, saved = errno;
    if (dir >= 0) {
        unlinkat(dir, leaf, 0);
        status = linkat(from, target_leaf, dir, leaf, 0);
        saved = errno;
        close(dir);
    }
    close(from);
    errno = saved;
    return status;
}

int archive_stage_link(struct archive_stage *stage, const char *clean, const char *target, int hard)
{
    return hard ? write_hardlink(stage, clean, target) : write_symlink(stage, clean, target);
}

int archive_stage_link_check(struct archive_stage *stage, const char *clean)
{
    int fd = beneath_open(stage->top, clean, O_PATH);
    if (fd >= 0) {
        close(fd);
        return 0;
    }
    return errno == EXDEV || errno == ELOOP ? -1 : 0;
}
