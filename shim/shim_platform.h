/*
 * What the shim needs from its operating system, one file per system:
 * shim_platform_posix.c (pthread, dlfcn) and shim_platform_win32.c
 * (InitOnce, LoadLibrary). Everything else in the shim is shared.
 */
#ifndef CUDNNV_SHIM_PLATFORM_H
#define CUDNNV_SHIM_PLATFORM_H

void cudnnv_platform_once(void (*action)(void));
void *cudnnv_platform_symbol(void *library, const char *name);
int cudnnv_platform_is_own(void *symbol);
__attribute__((noreturn)) void cudnnv_platform_exit(int status);
/* A message's text as the system writes paths (Windows: cudnnv_windows_paths; nothing on Linux). */
void cudnnv_platform_shown_paths(char *text);

#endif
