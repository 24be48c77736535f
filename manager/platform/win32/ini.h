/*
 * For cudnnv.exe: the one function of inih's interface that cudnnv uses,
 * implemented with the Win32 profile API (ini_win32.c). mingw-w64 has no
 * build of inih; this folder is on the include path of the Windows build
 * only.
 */
#ifndef CUDNNV_INI_WIN32_H
#define CUDNNV_INI_WIN32_H

typedef int (*ini_handler)(void *user, const char *section, const char *name, const char *value);

int ini_parse(const char *filename, ini_handler handler, void *user);

#endif
