/*
 * The POSIX spellings the manager uses, for the mingw-w64 build of
 * cudnnv.exe (given to the compiler with -include): flags Windows lacks are
 * no-ops (no symbolic links to refuse, no descriptors to close on exec),
 * mkdir takes no mode, fsync is _commit, and the few functions Windows
 * lacks are in compat_win32.c. Behaviour that really differs is in the
 * platform layer (platform.h), not here.
 */
#ifndef CUDNNV_WIN32_COMPAT_H
#define CUDNNV_WIN32_COMPAT_H

#include <direct.h>
#include <fcntl.h>
#include <io.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#define O_NOFOLLOW 0
#define O_CLOEXEC 0
#define O_DIRECTORY 0
#define O_NONBLOCK 0
#define O_NOCTTY 0
#define S_ISLNK(mode) 0
#define mkdir(path, mode) ((void)(mode), _mkdir(path))
#define lstat(path, info) stat(path, info)
#define fsync(fd) _commit(fd)
#define fchmod(fd, mode) 0
#define getuid() 0
#define AT_FDCWD (-100)
#define AT_SYMLINK_NOFOLLOW 0
#define gmtime_r(time, result) (gmtime_s(result, time) == 0 ? (result) : NULL)
#define geteuid() 0

/* rename replaces an existing file, as on POSIX (MoveFileEx) */
#define rename(from, to) compat_rename(from, to)
int compat_rename(const char *from, const char *to);
char *realpath(const char *path, char *resolved);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
ssize_t readlink(const char *path, char *out, size_t size);
int symlink(const char *target, const char *path);
int link(const char *existing, const char *path);
char *mkdtemp(char *pattern);
int kill(int pid, int signal);
struct timespec;
int utimensat(int dir, const char *path, const struct timespec times[2], int flags);

#endif
