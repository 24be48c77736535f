/*
 * What differs between the systems cudnnv runs on, behind one set of names:
 * the home folder, this program's own path, what an absolute path looks
 * like, locking a file, replacing a folder in one step, and running another
 * program. platform_posix.c implements them for Linux, platform_win32.c for
 * Windows (cudnnv.exe); every other file of the manager is the same on both.
 */
#ifndef CUDNNV_PLATFORM_H
#define CUDNNV_PLATFORM_H

#include "cudnnv_select.h"   /* CUDNNV_DEFAULT_SYSTEM_ROOT: the system store's place, the shim's */

#include <stddef.h>
#include <sys/stat.h>

int platform_home(char *out, size_t size);
int platform_self_path(char *out, size_t size);
/* The login name of uid from the password database, else the number (Windows: the number). */
void platform_user_name(unsigned uid, char *out, size_t size);
int platform_path_is_absolute(const char *path);
int platform_lock(int fd, int wait);
int platform_exchange(const char *staged, const char *target);
int platform_sync_directory(const char *path);
/* A new name, to, for the file open as fd (a hard link to what was opened, not to what its path names now); 0, or
 * -1 (always on Windows: the caller copies instead). */
int platform_link_descriptor(int fd, const char *to);
/* The opened file in (at path from) given the name to as well, with mode, flushed as a copy would be (Linux: a hard
 * link to the open file itself, no second lookup of the name; Windows: a link by path, in a tree that holds no
 * links); 0, or -1 when that cannot be done (another file system). */
int platform_link_opened(int in, const char *from, const char *to, mode_t mode);
/* Whether a file may be taken into the store by a hard link: this user's, written by no one else, no set-id bits
 * (Windows: always; its rule reads access lists where the file is served). */
int platform_file_is_private(const struct stat *info);
/* Why this user may not move path out of its folder dir though it may write there (a sticky folder lets only the
 * file's owner, the folder's or root do it), or NULL; Windows has no such rule. */
const char *platform_move_refused(const char *dir, const char *path);
/* Whether path starts with a drive letter ("C:"), which only Windows has. */
int platform_has_drive(const char *path);
/* Text for a person, in place: on Windows each path that starts with a drive letter ("C:/x/y", through spaces, up
 * to a quote, bracket, comma, semicolon or the line's end) is written as Windows writes it ("C:\\x\\y"); a URL's
 * ("file:///C:/x") and a name in single quotes are left alone. Nothing changes on Linux. */
void platform_shown_paths(char *text);
/* The shim's trust rule for a set folder, with the real path of its main library where the system has one to give
 * (Linux; "" on Windows). */
int platform_set_trusted(const struct cudnnv_trust *trust, const char *dir, char *real_lib, char *why, size_t size);
/* platform_run_capture's answer when the program ran past its time and was stopped. */
#define PLATFORM_TIMED_OUT (-2)
int platform_run_capture(char **argv, char *out, size_t size, int seconds);
/* The same with a choice (POSIX: cudnnv.exe runs its helpers inside): seconds 0 for no limit, stderr kept. */
int platform_run_output(char **argv, char *out, size_t size, int seconds, int keep_stderr);
int platform_exec(char **argv);
int platform_run_apart(int (*work)(void *), void *data);
int platform_persist_path(const char *dir, int add);
long platform_mtime_nsec(const struct stat *info);

/* A shim's file name (printf format with the major) and the CUDA driver library. */
#ifdef _WIN32
#define PLATFORM_SHIM_NAME "cudnn64_%d.dll"
#define PLATFORM_CUDA_DRIVER "nvcuda.dll"
#define PLATFORM_DRIVER_VERSION_FILE ""   /* Windows keeps no such file: NVML answers */
#define PLATFORM_NVML "nvml.dll"
#define PLATFORM_LINUX_SHIMS 0
#define PLATFORM_IS_WINDOWS 1
#define PLATFORM_LINKS 0          /* linked sets are symbolic links: not made here */
#define PLATFORM_SYSTEM_ROOT ""   /* no system store unless CUDNNV_SYSTEM_ROOT names one (as the DLL shims) */
#define PLATFORM_LIBRARY_PATH "PATH"
#define PLATFORM_MANUAL ""   /* no man page: --help points nowhere else */
#define PLATFORM_LOADER_PLACES "PATH, the program's folder, the system folders"   /* where a DLL is looked for */
#define PLATFORM_PATH_SEPARATOR ';'
#else
#define PLATFORM_SHIM_NAME "libcudnn.so.%d"
#define PLATFORM_CUDA_DRIVER "libcuda.so.1"
#define PLATFORM_DRIVER_VERSION_FILE "/proc/driver/nvidia/version"
#define PLATFORM_NVML "libnvidia-ml.so.1"
#define PLATFORM_LINUX_SHIMS 1
#define PLATFORM_IS_WINDOWS 0
#define PLATFORM_LINKS 1
#define PLATFORM_SYSTEM_ROOT CUDNNV_DEFAULT_SYSTEM_ROOT
#define PLATFORM_LIBRARY_PATH "LD_LIBRARY_PATH"
#define PLATFORM_MANUAL "man cudnnv"
#define PLATFORM_LOADER_PLACES "LD_LIBRARY_PATH, the loader cache, the default folders"
#define PLATFORM_PATH_SEPARATOR ':'
#endif

#endif
