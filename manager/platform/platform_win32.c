/*
 * The platform layer (platform.h) for cudnnv.exe: %USERPROFILE%,
 * GetModuleFileName, LockFileEx, MoveFileEx, and _spawnvp for running
 * programs (Windows has no exec: the child runs and cudnnv exits with its
 * status). Paths are kept with '/' inside cudnnv (Windows accepts both).
 */
#include "platform.h"

#include <windows.h>

#include <ctype.h>
#include <errno.h>
#include <io.h>
#include <process.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static void forward_slashes(char *path)
{
    for (char *c = path; *c; c++) {
        if (*c == '\\')
            *c = '/';
    }
}

int platform_home(char *out, size_t size)
{
    const char *home = getenv("USERPROFILE");
    if (home == NULL || home[0] == '\0')
        home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        return -1;
    int n = snprintf(out, size, "%s", home);
    forward_slashes(out);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

void platform_user_name(unsigned uid, char *out, size_t size)
{
    snprintf(out, size, "%u", uid);   /* a process's user name comes with it from the snapshot */
}

int platform_self_path(char *out, size_t size)
{
    DWORD length = GetModuleFileNameA(NULL, out, (DWORD)size);
    if (length == 0 || length >= size)
        return -1;
    forward_slashes(out);
    return 0;
}

/* C:/x, C:\x, //server/share, and a path from the root of the current drive (/x, as Wine passes Unix paths). */
int platform_path_is_absolute(const char *path)
{
    if (path[0] == '/' || path[0] == '\\')
        return 1;
    return ((path[0] >= 'A' && path[0] <= 'Z') || (path[0] >= 'a' && path[0] <= 'z')) && path[1] == ':' &&
           (path[2] == '/' || path[2] == '\\');
}

int platform_lock(int fd, int wait)
{
    OVERLAPPED at;
    memset(&at, 0, sizeof at);
    HANDLE file = (HANDLE)_get_osfhandle(fd);
    DWORD flags = LOCKFILE_EXCLUSIVE_LOCK | (wait ? 0 : LOCKFILE_FAIL_IMMEDIATELY);
    if (LockFileEx(file, flags, 0, 1, 0, &at))
        return 0;
    errno = GetLastError() == ERROR_LOCK_VIOLATION ? EWOULDBLOCK : EIO;
    return -1;
}

/*
 * Windows cannot swap two folders in one step: the old one moves aside,
 * the new one takes its place, and the old one ends at staged (so the caller
 * removes it). Between the two moves the name is briefly absent.
 */
int platform_exchange(const char *staged, const char *target)
{
    char aside[1024];
    snprintf(aside, sizeof aside, "%s.old", staged);
    if (!MoveFileExA(target, aside, 0))
        return -1;
    if (!MoveFileExA(staged, target, 0)) {
        MoveFileExA(aside, target, 0);
        return -1;
    }
    return MoveFileExA(aside, staged, 0) ? 0 : -1;
}

/*
 * One argument as the C runtime of the program will split it again: quoted
 * when it holds a space, a tab or a quote (or is empty), a quote escaped,
 * and the backslashes before a quote (or the closing one) doubled.
 */
static char *quote_argument(const char *argument)
{
    size_t length = strlen(argument);
    if (length > 0 && strpbrk(argument, " \t\"") == NULL)
        return strdup(argument);
    char *out = malloc(2 * length + 3), *to = out;
    if (out == NULL)
        return NULL;
    *to++ = '"';
    for (const char *c = argument;; c++) {
        size_t backslashes = 0;
        while (*c == '\\') {
            backslashes++;
            c++;
        }
        int quote_follows = *c == '"' || *c == '\0';
        for (size_t i = 0; i < backslashes * (quote_follows ? 2 : 1); i++)
            *to++ = '\\';
        if (*c == '\0')
            break;
        if (*c == '"')
            *to++ = '\\';
        *to++ = *c;
    }
    *to++ = '"';
    *to = '\0';
    return out;
}

static int platform_run(char **argv)
{
    int count = 0, status = -1;
    while (argv[count] != NULL)
        count++;
    char **quoted = calloc((size_t)count + 1, sizeof *quoted);
    for (int i = 0; quoted != NULL && i < count; i++)
        quoted[i] = quote_argument(argv[i]);
    fflush(NULL);
    if (quoted != NULL && (count == 0 || quoted[count - 1] != NULL)) {
        intptr_t result = _spawnvp(_P_WAIT, argv[0], (const char *const *)quoted);
        status = result < 0 ? -1 : (int)result;
    }
    for (int i = 0; quoted != NULL && i < count; i++)
        free(quoted[i]);
    free(quoted);
    return status;
}

/* argv as one command line, each argument quoted as the C runtime splits it; NULL when out of memory. */
static char *command_line(char **argv)
{
    size_t size = 1;
    for (int i = 0; argv[i] != NULL; i++)
        size += 2 * strlen(argv[i]) + 4;
    char *line = calloc(size, 1);
    for (int i = 0; line != NULL && argv[i] != NULL; i++) {
        char *quoted = quote_argument(argv[i]);
        if (quoted == NULL) {
            free(line);
            return NULL;
        }
        strcat(strcat(line, i ? " " : ""), quoted);
        free(quoted);
    }
    return line;
}

/* Reads what is in the pipe now, without waiting; 1 when it is closed. */
static int drain_pipe(HANDLE pipe, char *out, size_t size, size_t *used)
{
    DWORD waiting = 0, got = 0;
    if (!PeekNamedPipe(pipe, NULL, 0, NULL, &waiting, NULL))
        return 1;
    if (waiting > 0 && *used < size - 1) {
        DWORD want = waiting < size - 1 - *used ? waiting : (DWORD)(size - 1 - *used);
        if (!ReadFile(pipe, out + *used, want, &got, NULL))
            return 1;
        *used += got;
        out[*used] = '\0';
    }
    return 0;
}

/* As on Linux: the program's output (at most size - 1 bytes) and status, stopped after seconds. */
int platform_run_capture(char **argv, char *out, size_t size, int seconds)
{
    SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
    HANDLE reader, writer;
    STARTUPINFOA start = {.cb = sizeof start, .dwFlags = STARTF_USESTDHANDLES};
    PROCESS_INFORMATION process;
    size_t used = 0;
    out[0] = '\0';
    char *line = command_line(argv);
    if (line == NULL || size < 2 || !CreatePipe(&reader, &writer, &inherit, 0)) {
        free(line);
        return -1;
    }
    SetHandleInformation(reader, HANDLE_FLAG_INHERIT, 0);
    start.hStdOutput = writer;
    start.hStdInput = start.hStdError = INVALID_HANDLE_VALUE;
    BOOL started = CreateProcessA(NULL, line, NULL, NULL, TRUE, CREATE_NO_WINDOW, NULL, NULL, &start, &process);
    free(line);
    CloseHandle(writer);
    if (!started) {
        CloseHandle(reader);
        return -1;
    }
    ULONGLONG deadline = GetTickCount64() + (ULONGLONG)seconds * 1000;
    DWORD exit_code = 0;
    int late = 0;
    while (WaitForSingleObject(process.hProcess, 20) == WAIT_TIMEOUT && !(late = GetTickCount64() >= deadline))
        drain_pipe(reader, out, size, &used);
    drain_pipe(reader, out, size, &used);
    if (late)
        TerminateProcess(process.hProcess, 1);
    GetExitCodeProcess(process.hProcess, &exit_code);
    CloseHandle(reader);
    CloseHandle(process.hProcess);
    CloseHandle(process.hThread);
    return late ? PLATFORM_TIMED_OUT : (int)exit_code;
}

/* No exec on Windows: run the program, then exit with its status. */
int platform_exec(char **argv)
{
    int status = platform_run(argv);
    if (status < 0)
        return -1;
    exit(status);
}

/* Windows has no fork: the work runs here, and what it loads stays loaded. */
int platform_run_apart(int (*work)(void *), void *data)
{
    int status = work(data);
    fflush(NULL);
    return status;
}

/* The file times Windows reports through stat have whole seconds. */
long platform_mtime_nsec(const struct stat *info)
{
    (void)info;
    return 0;
}

/* No hard link to an open file here: the caller copies it. */
int platform_link_descriptor(int fd, const char *to)
{
    (void)fd;
    (void)to;
    errno = ENOSYS;
    return -1;
}

/* Windows has no modes, and flushes a file only through a handle that may write it. */
int platform_link_opened(int in, const char *from, const char *to, mode_t mode)
{
    (void)in;
    (void)mode;
    if (link(from, to) != 0)
        return -1;
    int out = open(to, O_WRONLY);
    int flushed = out >= 0 && fsync(out) == 0;
    if (out >= 0)
        close(out);
    if (!flushed)
        unlink(to);
    return flushed ? 0 : -1;
}

/* No owner or mode bits to judge here: Windows's rule reads access lists where the file is served. */
int platform_file_is_private(const struct stat *info)
{
    (void)info;
    return 1;
}

const char *platform_move_refused(const char *dir, const char *path)
{
    (void)dir;
    (void)path;
    return NULL;
}

void platform_shown_paths(char *text)
{
    cudnnv_windows_paths(text);
}

int platform_has_drive(const char *path)
{
    return isalpha((unsigned char)path[0]) && path[1] == ':';
}

int platform_set_trusted(const struct cudnnv_trust *trust, const char *dir, char *real_lib, char *why, size_t size)
{
    real_lib[0] = '\0';
    return cudnnv_set_trusted(trust, dir, why, size);
}

/* NTFS journals its directories itself; Windows has no way to flush one that a user may use. */
int platform_sync_directory(const char *path)
{
    (void)path;
    return 0;
}

/* Whether dir is one of PATH's ';'-separated entries (either slash, any case). */
static int path_has(const char *path, const char *dir)
{
    size_t length = strlen(dir);
    for (const char *at = path; *at;) {
        size_t entry = strcspn(at, ";");
        if (entry == length) {
            size_t i = 0;
            while (i < length && (tolower((unsigned char)at[i]) == tolower((unsigned char)dir[i]) ||
                                  ((at[i] == '/' || at[i] == '\\') && (dir[i] == '/' || dir[i] == '\\'))))
                i++;
            if (i == length)
                return 1;
        }
        at += entry + (at[entry] == ';');
    }
    return 0;
}

/* PATH without dir (any spelling of it), into out. */
static void path_without(const char *path, const char *dir, char *out, size_t size)
{
    char entry[MAX_PATH + 1];
    out[0] = '\0';
    for (const char *at = path; *at;) {
        size_t length = strcspn(at, ";");
        snprintf(entry, sizeof entry, "%.*s", (int)(length < MAX_PATH ? length : MAX_PATH), at);
        if (length > 0 && !path_has(entry, dir))
            snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? ";" : "", entry);
        at += length + (at[length] == ';');
    }
}

/*
 * Puts dir first on the user's PATH in the registry (HKEY_CURRENT_USER\Environment),
 * or takes it off, and tells running programs (Explorer) that it changed: 0, or 1.
 */
int platform_persist_path(const char *dir, int add)
{
    static char path[32768], kept[32768], changed[32768 + MAX_PATH];
    char windows_dir[MAX_PATH];
    HKEY key;
    DWORD type = REG_EXPAND_SZ, size = sizeof path - 1;
    snprintf(windows_dir, sizeof windows_dir, "%s", dir);
    for (char *c = windows_dir; *c; c++)
        *c = *c == '/' ? '\\' : *c;
    if (RegCreateKeyExA(HKEY_CURRENT_USER, "Environment", 0, NULL, 0, KEY_READ | KEY_WRITE, NULL, &key, NULL) != 0)
        return 1;
    if (RegQueryValueExA(key, "Path", NULL, &type, (BYTE *)path, &size) != 0)
        size = 0;
    path[size] = '\0';
    path_without(path, windows_dir, kept, sizeof kept);
    if (add)
        snprintf(changed, sizeof changed, "%s%s%s", windows_dir, kept[0] ? ";" : "", kept);
    else
        snprintf(changed, sizeof changed, "%s", kept);
    DWORD kind = type == REG_SZ ? REG_SZ : REG_EXPAND_SZ;
    int status;
    if (changed[0] == '\0')   /* nothing else was there: no empty Path left behind */
        status = RegDeleteValueA(key, "Path") == 0 || size == 0 ? 0 : 1;
    else
        status = RegSetValueExA(key, "Path", 0, kind, (const BYTE *)changed, (DWORD)strlen(changed) + 1) == 0 ? 0 : 1;
    RegCloseKey(key);
    DWORD_PTR result;
    SendMessageTimeoutA(HWND_BROADCAST, WM_SETTINGCHANGE, 0, (LPARAM) "Environment", SMTO_ABORTIFHUNG, 2000, &result);
    return status;
}
