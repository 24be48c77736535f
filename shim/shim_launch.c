/*
 * What the shim captures when it is loaded (at process start when preloaded,
 * at dlopen otherwise): CUDNNV_VERSION, CUDNNV_ROOT, CUDNNV_DEBUG,
 * CUDNNV_STRICT and the working directory, so that a program that changes directory later still
 * gets its launch directory's set. It costs a getcwd and three getenv; no
 * file is opened and no cuDNN library is loaded until the first cuDNN call.
 * In a setuid process (AT_SECURE) the CUDNNV_* variables are ignored: the
 * store is the one in the real user's home directory, and the system store
 * the build's default.
 */
#define _GNU_SOURCE
#include "shim_internal.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

static struct cudnnv_launch launch = {.root = "", .system_root = CUDNNV_DEFAULT_SYSTEM_ROOT, .cwd = ""};

/*
 * The launch strings, packed one after another into one buffer: a process
 * that preloads the shim and never calls cuDNN touches one page here, and
 * no malloc runs in this constructor (in a process that would not malloc
 * otherwise it costs a getrandom, two brk and a page). Three values below
 * PATH_MAX each and "/.cudnnv" always fit.
 */
static char launch_text[3 * PATH_MAX + 16];
static size_t launch_used;

/* A kept copy of value (of length bytes), or "" when it is unset, empty or as long as PATH_MAX. */
static const char *keep(const char *value, size_t length)
{
    if (value == NULL || length == 0 || length >= PATH_MAX)
        return "";
    char *copy = launch_text + launch_used;
    memcpy(copy, value, length);
    copy[length] = '\0';
    launch_used += length + 1;
    return copy;
}

static const char *copy_value(const char *value)
{
    return value != NULL ? keep(value, strlen(value)) : "";
}

static void capture_cwd(void)
{
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd) == NULL)
        launch.cwd_too_long = errno == ENAMETOOLONG || errno == ERANGE;
    else
        launch.cwd = copy_value(cwd);
}

/* The store when CUDNNV_ROOT does not name one: $HOME/.cudnnv. */
static const char *home_store(void)
{
    const char *home = getenv("HOME");
    char root[PATH_MAX];
    if (home == NULL || home[0] != '/' || strlen(home) + 9 >= PATH_MAX)
        return "";
    snprintf(root, sizeof root, "%s/.cudnnv", home);
    return copy_value(root);
}

static int flag_set(const char *name)
{
    const char *value = getenv(name);
    return value != NULL && value[0] != '\0' && strcmp(value, "0") != 0;
}

__attribute__((constructor)) static void cudnnv_capture_launch(void)
{
    launch.secure = getauxval(AT_SECURE) != 0;
    capture_cwd();
    if (launch.secure)
        return;
    const char *version = getenv("CUDNNV_VERSION");
    if (version != NULL && version[0] != '\0')
        launch.env_version = strdup(version);   /* whole, however long: read as the manager reads it */
    launch.root = copy_value(getenv("CUDNNV_ROOT"));
    const char *system_root = getenv("CUDNNV_SYSTEM_ROOT");
    if (system_root != NULL && strlen(system_root) < PATH_MAX)
        launch.system_root = system_root[0] == '\0' ? "" : copy_value(system_root);
    launch.debug = flag_set("CUDNNV_DEBUG");
    launch.strict = flag_set("CUDNNV_STRICT");
    if (launch.root[0] == '\0')
        launch.root = home_store();
}

const struct cudnnv_launch *cudnnv_launch_state(void)
{
    return &launch;
}

/* The store: captured at load, or (AT_SECURE, no HOME) the real user's ~/.cudnnv, found at the first call. */
const char *cudnnv_launch_root(void)
{
    if (launch.root[0] != '\0')
        return launch.root;
    struct passwd *entry = getpwuid(getuid());
    const char *home = entry != NULL && entry->pw_dir != NULL ? entry->pw_dir : "";
    char *root = strlen(home) + 9 < PATH_MAX ? malloc(strlen(home) + 9) : NULL;
    if (root == NULL)
        return "/.cudnnv";
    sprintf(root, "%s/.cudnnv", home);
    launch.root = root;
    return root;
}
