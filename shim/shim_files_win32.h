/*
 * For the Windows shims (given to the compiler with -include): the shim
 * keeps every path in UTF-8, read from Windows with the wide functions
 * (shim_launch_win32.c), so the selection's few file calls (stat, open,
 * fopen, opendir and readdir in set_list.c and version_file.c) go through
 * UTF-8 to UTF-16 versions here. A store path the program's code page
 * cannot spell (a user name in another script) is then reached too. The
 * headers that declare the originals are read first, so that only calls
 * are renamed.
 */
#ifndef CUDNNV_SHIM_FILES_WIN32_H
#define CUDNNV_SHIM_FILES_WIN32_H
#ifndef __ASSEMBLER__   /* the trampolines are assembled with the same flags */

#include <dirent.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <wchar.h>

int cudnnv_utf8_to_wide(const char *text, wchar_t *out, int size);
int cudnnv_wide_to_utf8(const wchar_t *text, char *out, int size);

int cudnnv_stat_utf8(const char *path, struct stat *info);
int cudnnv_open_utf8(const char *path, int flags);
FILE *cudnnv_fopen_utf8(const char *path, const char *mode);
void *cudnnv_opendir_utf8(const char *path);
struct dirent *cudnnv_readdir_utf8(void *dir);
int cudnnv_closedir_utf8(void *dir);

#define stat(path, info) cudnnv_stat_utf8(path, info)
#define open(path, ...) cudnnv_open_utf8(path, __VA_ARGS__)
#define fopen(path, mode) cudnnv_fopen_utf8(path, mode)
#define opendir(path) ((DIR *)cudnnv_opendir_utf8(path))
#define readdir(dir) cudnnv_readdir_utf8(dir)
#define closedir(dir) cudnnv_closedir_utf8(dir)

#endif
#endif
