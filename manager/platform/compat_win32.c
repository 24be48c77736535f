/*
 * The POSIX functions cudnnv.exe uses that Windows lacks (compat_win32.h):
 * realpath by GetFullPathName, setenv by _putenv_s, hard links by
 * CreateHardLink, dlopen by LoadLibrary; symbolic links are never made or
 * followed there.
 */
#include <windows.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utime.h>

/* Files are bytes: no CRLF translation, no end at a 0x1A byte (set before main runs). */
__attribute__((constructor)) static void open_files_as_bytes(void)
{
    _fmode = _O_BINARY;
}

/* The absolute path with '/' separators, of something that exists; resolved NULL: a new buffer, as POSIX says. */
char *realpath(const char *path, char *resolved)
{
    struct stat info;
    char *allocated = resolved == NULL ? malloc(MAX_PATH) : NULL;
    if (resolved == NULL && allocated == NULL)
        return NULL;
    resolved = resolved != NULL ? resolved : allocated;
    DWORD length = GetFullPathNameA(path, MAX_PATH, resolved, NULL);
    if (length == 0 || length >= MAX_PATH) {
        free(allocated);
        errno = ENAMETOOLONG;
        return NULL;
    }
    if (stat(resolved, &info) != 0) {
        free(allocated);
        return NULL;
    }
    for (char *c = resolved; *c; c++) {
        if (*c == '\\')
            *c = '/';
    }
    size_t end = strlen(resolved);
    if (end > 3 && resolved[end - 1] == '/')
        resolved[end - 1] = '\0';
    return resolved;
}

int setenv(const char *name, const char *value, int overwrite)
{
    if (!overwrite && getenv(name) != NULL)
        return 0;
    return _putenv_s(name, value) == 0 ? 0 : -1;
}

int unsetenv(const char *name)
{
    return _putenv_s(name, "") == 0 ? 0 : -1;
}

ssize_t readlink(const char *path, char *out, size_t size)
{
    (void)path;
    (void)out;
    (void)size;
    errno = EINVAL;
    return -1;
}

int symlink(const char *target, const char *path)
{
    (void)target;
    (void)path;
    errno = ENOSYS;
    return -1;
}

int link(const char *existing, const char *path)
{
    if (CreateHardLinkA(path, existing, NULL))
        return 0;
    errno = GetLastError() == ERROR_ALREADY_EXISTS ? EEXIST : EXDEV;
    return -1;
}

/* A new folder named by pattern with its trailing XXXXXX made unique. */
char *mkdtemp(char *pattern)
{
    size_t length = strlen(pattern);
    if (length < 6 || strcmp(pattern + length - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return NULL;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned value = (unsigned)GetTickCount() * 2654435761u ^ (unsigned)GetCurrentProcessId() ^ (unsigned)rand();
        for (int i = 0; i < 6; i++, value /= 36)
            pattern[length - 6 + i] = "abcdefghijklmnopqrstuvwxyz0123456789"[value % 36];
        if (_mkdir(pattern) == 0)
            return pattern;
        if (errno != EEXIST)
            return NULL;
    }
    return NULL;
}

/* kill(pid, 0): whether the process still runs (ESRCH when it does not). */
int kill(int pid, int signal)
{
    (void)signal;
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, (DWORD)pid);
    DWORD code = 0;
    int running = process != NULL && GetExitCodeProcess(process, &code) && code == STILL_ACTIVE;
    if (process != NULL)
        CloseHandle(process);
    if (running)
        return 0;
    errno = ESRCH;
    return -1;
}

/* Touches a file (the times given are ignored: now). */
int utimensat(int dir, const char *path, const struct timespec times[2], int flags)
{
    (void)dir;
    (void)times;
    (void)flags;
    return _utime(path, NULL);
}

static char library_error[160];

void *dlopen(const char *file, int flags)
{
    (void)flags;
    HMODULE library = LoadLibraryA(file);
    if (library == NULL)
        snprintf(library_error, sizeof library_error, "LoadLibrary(%s) failed with error %lu", file,
                 (unsigned long)GetLastError());
    return (void *)library;
}

void *dlsym(void *library, const char *name)
{
    FARPROC address = GetProcAddress((HMODULE)library, name);
    void *result;
    memcpy(&result, &address, sizeof result);
    return result;
}

int dlclose(void *library)
{
    return FreeLibrary((HMODULE)library) ? 0 : -1;
}

char *dlerror(void)
{
    return library_error;
}

/* rename as POSIX has it: an existing file is replaced; a folder only moves to a free name. */
int compat_rename(const char *from, const char *to)
{
    if (MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING))
        return 0;
    DWORD error = GetLastError();
    if (error == ERROR_ALREADY_EXISTS || error == ERROR_FILE_EXISTS || error == ERROR_ACCESS_DENIED)
        errno = EEXIST;
    else if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND)
        errno = ENOENT;
    else
        errno = EIO;
    return -1;
}
