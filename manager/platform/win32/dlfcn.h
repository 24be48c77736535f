/*
 * For cudnnv.exe: dlopen and dlsym as the doctor and 'cudnnv check' use
 * them, over LoadLibrary and GetProcAddress (compat_win32.c). On the
 * include path of the Windows build only.
 */
#ifndef CUDNNV_DLFCN_WIN32_H
#define CUDNNV_DLFCN_WIN32_H

#define RTLD_NOW 2
#define RTLD_LOCAL 0

void *dlopen(const char *file, int flags);
void *dlsym(void *library, const char *name);
int dlclose(void *library);
char *dlerror(void);

#endif
