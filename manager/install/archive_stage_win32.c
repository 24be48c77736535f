/*
 * archive_stage.h in cudnnv.exe. Members are written by path below the
 * staging folder, which cudnnv made and no one else writes to: each folder
 * on the way is created, then must be a plain folder (a junction or any
 * other reparse point there is refused, as a link leading out is on Linux),
 * and each file is created new. No links are ever written on Windows
 * (archive_extract.c refuses link members there), so nothing written can
 * lead outside; member names were already cleaned of drive letters,
 * streams, device names and '\' (archive_member.c).
 */
#include "archive_stage.h"

#include "install_archive.h"

#include <windows.h>

#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct archive_stage {
    char top[PATH_MAX];
};

struct archive_stage *archive_stage_open(const char *destination)
{
    DWORD attributes = GetFileAttributesA(destination);
    if (attributes == INVALID_FILE_ATTRIBUTES || !(attributes & FILE_ATTRIBUTE_DIRECTORY)) {
        errno = ENOTDIR;
        return NULL;
    }
    struct archive_stage *stage = malloc(sizeof *stage);
    if (stage == NULL || snprintf(stage->top, sizeof stage->top, "%s", destination) >= (int)sizeof stage->top) {
        free(stage);
        errno = ENAMETOOLONG;
        return NULL;
    }
    return stage;
}

void archive_stage_close(struct archive_stage *stage)
{
    free(stage);
}

int archive_stage_room(const struct archive_stage *stage, unsigned long long bytes)
{
    ULARGE_INTEGER available;
    if (!GetDiskFreeSpaceExA(stage->top, &available, NULL, NULL))
        return 1;
    return available.QuadPart >= ARCHIVE_DISK_RESERVE && available.QuadPart - ARCHIVE_DISK_RESERVE >= bytes;
}

/* A folder on the way: made when missing, then it must be a plain folder. */
static int plain_folder(const char *path)
{
    if (_mkdir(path) != 0 && errno != EEXIST)
        return -1;
    DWORD attributes = GetFileAttributesA(path);
    if (attributes == INVALID_FILE_ATTRIBUTES || !(attributes & FILE_ATTRIBUTE_DIRECTORY)) {
        errno = ENOTDIR;
        return -1;
    }
    if (attributes & FILE_ATTRIBUTE_REPARSE_POINT) {
        errno = EXDEV;
        return -1;
    }
    return 0;
}

/* The member's full path into out, with every folder on the way made. */
static int make_way(const struct archive_stage *stage, const char *clean, char *out, size_t size)
{
    if (snprintf(out, size, "%s/%s", stage->top, clean) >= (int)size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *slash = out + strlen(stage->top) + 1; (slash = strchr(slash, '/')) != NULL; slash++) {
        *slash = '\0';
        int status = plain_folder(out);
        *slash = '/';
        if (status != 0)
            return -1;
    }
    return 0;
}

int archive_stage_file(struct archive_stage *stage, const char *clean, int executable)
{
    (void)executable;   /* Windows runs what its name says */
    char path[PATH_MAX];
    if (make_way(stage, clean, path, sizeof path) != 0)
        return -1;
    DeleteFileA(path);   /* a later member of the same name replaces the earlier one */
    return _open(path, _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY, _S_IREAD | _S_IWRITE);
}

/* Asked only by mistake: archive_extract.c refuses link members on Windows first. */
int archive_stage_link(struct archive_stage *stage, const char *clean, const char *target, int hard)
{
    (void)stage, (void)clean, (void)target, (void)hard;
    errno = ENOTSUP;
    return -1;
}

/* Every link written resolves below the stage: none is. */
int archive_stage_link_check(struct archive_stage *stage, const char *clean)
{
    (void)stage, (void)clean;
    return 0;
}
