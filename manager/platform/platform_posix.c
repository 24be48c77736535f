/*
 * The platform layer (platform.h) on Linux: $HOME or the password
 * database, /proc/self/exe, flock, renameat2's exchange, fork and exec.
 */
#define _GNU_SOURCE   /* renameat2 */
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

/* $HOME, else the password database's (as the shim finds it). */
int platform_home(char *out, size_t size)
{
    const char *home = getenv("HOME");
    if (home == NULL || home[0] != '/') {
        struct passwd *entry = getpwuid(getuid());
        home = entry != NULL && entry->pw_dir != NULL ? entry->pw_dir : "/";
    }
    int n = snprintf(out, size, "%s", home);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

void platform_user_name(unsigned uid, char *out, size_t size)
{
    struct passwd *entry = getpwuid(uid);
    if (entry != NULL && entry->pw_name != NULL)
        snprintf(out, size, "%s", entry->pw_name);
    else
        snprintf(out, size, "%u", uid);
}

int platform_self_path(char *out, size_t size)
{
    ssize_t length = readlink("/proc/self/exe", out, size - 1);
    if (length <= 0)
        return -1;
    out[length] = '\0';
    return 0;
}

int platform_path_is_absolute(const char *path)
{
    return path[0] == '/';
}

int platform_lock(int fd, int wait)
{
    return flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB);
}

/* Swaps two paths in one step (the old set then lies at staged). */
int platform_exchange(const char *staged, const char *target)
{
    return renameat2(AT_FDCWD, staged, AT_FDCWD, target, RENAME_EXCHANGE);
}

/* Milliseconds since some fixed point, for deadlines. */
static long long now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Reads the child's output into out until it closes, out is full, or the deadline; 1 when the deadline came. */
static int read_until(int fd, char *out, size_t size, long long deadline)
{
    size_t used = 0;
    for (;;) {
        long long left = deadline - now_ms();
        struct pollfd wait_for = {.fd = fd, .events = POLLIN};
        if (left <= 0)
            return 1;
        int ready = poll(&wait_for, 1, left > INT_MAX ? -1 : (int)left);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return ready == 0;
        ssize_t got = read(fd, out + used, size - 1 - used);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0 || (used += (size_t)got) >= size - 1)
            break;   /* closed, or as much as we take: the rest is not read */
        out[used] = '\0';
    }
    out[used] = '\0';
    return 0;
}

/*
 * Runs a program for what it prints: stdin on /dev/null, stderr too unless
 * keep_stderr (cudnnv's own helpers say their messages there), at most
 * size - 1 bytes of its output kept, and no longer than seconds (0: as long
 * as it takes). Returns its exit status, -1 when it cannot be started,
 * PLATFORM_TIMED_OUT when it was stopped for running too long.
 */
int platform_run_output(char **argv, char *out, size_t size, int seconds, int keep_stderr)
{
    int pipe_fds[2], status = 0;
    out[0] = '\0';
    if (size < 2 || pipe(pipe_fds) != 0)
        return -1;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        if (!keep_stderr)
            dup2(null, STDERR_FILENO);
        dup2(pipe_fds[1], STDOUT_FILENO);
        close(pipe_fds[0]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(pipe_fds[1]);
    long long deadline = seconds > 0 ? now_ms() + seconds * 1000LL : LLONG_MAX;
    int late = child > 0 && read_until(pipe_fds[0], out, size, deadline);
    close(pipe_fds[0]);
    if (child < 0)
        return -1;
    /* its output is closed (or we took all we keep): it has until the deadline to end */
    pid_t ended = 0;
    while (!late && (ended = waitpid(child, &status, WNOHANG)) == 0) {
        late = now_ms() >= deadline;
        if (!late)
            usleep(10000);
    }
    if (late) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
        return PLATFORM_TIMED_OUT;
    }
    if (ended != child)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* An outside program (python3 on PATH, ldconfig): its stderr on /dev/null. */
int platform_run_capture(char **argv, char *out, size_t size, int seconds)
{
    return platform_run_output(argv, out, size, seconds, 0);
}

/* Becomes argv[0]; returns only when it cannot be started (errno says why). */
int platform_exec(char **argv)
{
    fflush(NULL);
    execvp(argv[0], argv);
    return -1;
}

/* Runs work in a child process (what it loads stays there): its status, or -1. */
int platform_run_apart(int (*work)(void *), void *data)
{
    int status;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0)
        _exit(work(data));
    if (child < 0 || waitpid(child, &status, 0) != child)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

long platform_mtime_nsec(const struct stat *info)
{
    return info->st_mtim.tv_nsec;
}

int platform_link_descriptor(int fd, const char *to)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, path, AT_FDCWD, to, AT_SYMLINK_FOLLOW);
}

int platform_link_opened(int in, const char *from, const char *to, mode_t mode)
{
    (void)from;
    if (platform_link_descriptor(in, to) != 0)
        return -1;
    if (fchmod(in, mode) != 0 || fsync(in) != 0) {
        unlink(to);
        return -1;
    }
    return 0;
}

int platform_file_is_private(const struct stat *info)
{
    return info->st_uid == geteuid() && (info->st_mode & (S_IWGRP | S_IWOTH | S_ISUID | S_ISGID)) == 0;
}

const char *platform_move_refused(const char *dir, const char *path)
{
    struct stat folder, file;
    uid_t user = geteuid();
    if (stat(dir, &folder) == 0 && lstat(path, &file) == 0 && (folder.st_mode & S_ISVTX) && user != 0 &&
        file.st_uid != user && folder.st_uid != user)
        return "its folder is sticky and the file is another user's";
    return NULL;
}

void platform_shown_paths(char *text)
{
    (void)text;
}

int platform_has_drive(const char *path)
{
    (void)path;
    return 0;
}

int platform_set_trusted(const struct cudnnv_trust *trust, const char *dir, char *real_lib, char *why, size_t size)
{
    return cudnnv_set_trusted_lib(trust, dir, real_lib, why, size);
}

/* Flushes a directory's entries (a new file's name) to the disk. */
int platform_sync_directory(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int status = fsync(fd);
    close(fd);
    return status;
}

/* A user's PATH lives in shell start-up files on Linux: nothing to persist here (-1). */
int platform_persist_path(const char *dir, int add)
{
    (void)dir;
    (void)add;
    return -1;
}
