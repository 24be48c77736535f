/*
 * The shim's system calls on Linux: pthread_once for the one resolution,
 * dlsym, dladdr to recognise the shim's own code, and _exit.
 *
 * A fork() in one thread while another is inside the resolution (dlopen of
 * the set) would give the child a loader stopped in mid-load: glibc asserts
 * in the child's next dlopen. So the resolution runs under a lock that
 * fork takes first (pthread_atfork): a fork waits until the set is loaded,
 * and the child inherits a whole loader. A fork from the resolving thread
 * itself is let through.
 */
#define _GNU_SOURCE
#include "shim_platform.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
static pthread_t loader;
static int loader_known;
static void (*resolution)(void);

static int is_loader(void)
{
    return __atomic_load_n(&loader_known, __ATOMIC_ACQUIRE) && pthread_equal(loader, pthread_self());
}

static void before_fork(void)
{
    if (!is_loader())
        pthread_mutex_lock(&loading);
}

static void after_fork(void)
{
    if (!is_loader())
        pthread_mutex_unlock(&loading);
}

/* At the shim's load, before any first call: a fork can then never slip between the handlers and the lock. */
__attribute__((constructor)) static void guard_fork(void)
{
    pthread_atfork(before_fork, after_fork, after_fork);
}

static void resolve_locked(void)
{
    pthread_mutex_lock(&loading);
    loader = pthread_self();
    __atomic_store_n(&loader_known, 1, __ATOMIC_RELEASE);
    resolution();
    __atomic_store_n(&loader_known, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&loading);
}

void cudnnv_platform_once(void (*action)(void))
{
    resolution = action;
    pthread_once(&once, resolve_locked);
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

void cudnnv_platform_shown_paths(char *text)
{
    (void)text;
}
