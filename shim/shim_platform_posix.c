/*
 * The shim's system calls on Linux: pthread_once for the one resolution,
 * dlsym, dladdr to recognise the shim's own code, and _exit.
 */
#define _GNU_SOURCE
#include "shim_platform.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;

void cudnnv_platform_once(void (*action)(void))
{
    pthread_once(&once, action);
}

void *cudnnv_platform_symbol(void *library, const char *name)
{
    return dlsym(library, name);
}

/* True when symbol lies in the shim itself (a set whose library is a shim). */
int cudnnv_platform_is_own(void *symbol)
{
    Dl_info mine, theirs;
    return dladdr((void *)cudnnv_platform_is_own, &mine) && dladdr(symbol, &theirs) &&
           mine.dli_fbase == theirs.dli_fbase;
}

void cudnnv_platform_exit(int status)
{
    _exit(status);
}
