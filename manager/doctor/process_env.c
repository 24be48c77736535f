/*
 * What decides a running process's pin, read from its environment (both
 * process scanners use it): CUDNNV_VERSION, CUDNNV_ROOT, and the home folder
 * (HOME; USERPROFILE on Windows) whose .cudnnv is the store otherwise; and
 * LD_LIBRARY_PATH, where its loader finds what its set needs.
 */
#include "process_scan.h"

#include "platform.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int is_variable(const char *entry, const char *name)
{
    size_t length = strlen(name);
    return (PLATFORM_IS_WINDOWS ? strncasecmp(entry, name, length) : strncmp(entry, name, length)) == 0 &&
           entry[length] == '=';
}

/* One NAME=VALUE entry; home keeps the home folder for process_env_finish. */
void process_env_take(struct cudnn_process *process, const char *entry, char *home, size_t size)
{
    const char *value = strchr(entry, '=') ? strchr(entry, '=') + 1 : "";
    if (is_variable(entry, "CUDNNV_VERSION"))
        snprintf(process->env_version, sizeof process->env_version, "%s", value);
    else if (is_variable(entry, "CUDNNV_ROOT"))
        snprintf(process->env_root, sizeof process->env_root, "%s", value);
    else if (is_variable(entry, "LD_LIBRARY_PATH") && strlen(value) < sizeof process->env_library_path)
        snprintf(process->env_library_path, sizeof process->env_library_path, "%s", value);
    else if (is_variable(entry, PLATFORM_IS_WINDOWS ? "USERPROFILE" : "HOME"))
        snprintf(home, size, "%s", value);
}

/* The store when CUDNNV_ROOT is unset: the home folder's .cudnnv (an absolute one only). */
void process_env_finish(struct cudnn_process *process, const char *home)
{
    const char *store = PLATFORM_IS_WINDOWS ? "\\.cudnnv" : "/.cudnnv";
    if (process->env_root[0] == '\0' && platform_path_is_absolute(home) &&
        strlen(home) + strlen(store) < sizeof process->env_root)
        snprintf(process->env_root, sizeof process->env_root, "%s%s", home, store);
}
