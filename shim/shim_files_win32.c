/*
 * The UTF-8 file calls of the Windows shims (shim_files_win32.h): each
 * converts the path to UTF-16 and calls the wide function; folder entries
 * come back in UTF-8. A name that is not valid UTF-8 fails as a missing
 * file would (ENOENT).
 */
#include <windows.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wchar.h>

#define WIDE_PATH_MAX 4096

int cudnnv_utf8_to_wide(const char *text, wchar_t *out, int size)
{
    return MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, out, size) > 0 ? 0 : -1;
}

int cudnnv_wide_to_utf8(const wchar_t *text, char *out, int size)
{
    return WideCharToMultiByte(CP_UTF8, 0, text, -1, out, size, NULL, NULL) > 0 ? 0 : -1;
}

static int wide_path(const char *path, wchar_t *out)
{
    if (cudnnv_utf8_to_wide(path, out, WIDE_PATH_MAX) == 0)
        return 0;
    errno = ENOENT;
    return -1;
}

int cudnnv_stat_utf8(const char *path, struct stat *info)
{
    wchar_t wide[WIDE_PATH_MAX];
    struct _stat64 found;
    if (wide_path(path, wide) != 0 || _wstat64(wide, &found) != 0)
        return -1;
    memset(info, 0, sizeof *info);
    info->st_mode = found.st_mode;
    info->st_size = (_off_t)found.st_size;
    info->st_mtime = found.st_mtime;
    info->st_uid = found.st_uid;
    info->st_gid = found.st_gid;
    return 0;
}

int cudnnv_open_utf8(const char *path, int flags)
{
    wchar_t wide[WIDE_PATH_MAX];
    return wide_path(path, wide) == 0 ? _wopen(wide, flags | _O_BINARY) : -1;
}

FILE *cudnnv_fopen_utf8(const char *path, const char *mode)
{
    wchar_t wide[WIDE_PATH_MAX], wide_mode[8];
    if (wide_path(path, wide) != 0 || cudnnv_utf8_to_wide(mode, wide_mode, 8) != 0)
        return NULL;
    return _wfopen(wide, wide_mode);
}

/* A folder being read: the wide one, and the entry last handed out, in UTF-8. */
struct utf8_dir {
    _WDIR *dir;
    struct dirent entry;
};

void *cudnnv_opendir_utf8(const char *path)
{
    wchar_t wide[WIDE_PATH_MAX];
    struct utf8_dir *dir = calloc(1, sizeof *dir);
    if (dir == NULL || wide_path(path, wide) != 0 || (dir->dir = _wopendir(wide)) == NULL) {
        free(dir);
        return NULL;
    }
    return dir;
}

/* The next entry whose name fits a dirent in UTF-8 (a longer one is passed over). */
struct dirent *cudnnv_readdir_utf8(void *handle)
{
    struct utf8_dir *dir = handle;
    struct _wdirent *found;
    while ((found = _wreaddir(dir->dir)) != NULL) {
        if (cudnnv_wide_to_utf8(found->d_name, dir->entry.d_name, (int)sizeof dir->entry.d_name) == 0)
            return &dir->entry;
    }
    return NULL;
}

int cudnnv_closedir_utf8(void *handle)
{
    struct utf8_dir *dir = handle;
    int status = _wclosedir(dir->dir);
    free(dir);
    return status;
}
