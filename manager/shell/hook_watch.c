/*
 * The watch list behind hook_watch.h. The stamp is $CUDNNV_ROOT/shells/PID,
 * one per interactive shell; a new one clears the stamps of shells that are
 * gone. A file whose mtime is not older than the stamp, or one that appeared
 * or went, makes the shell run hook-env again.
 */
#define _GNU_SOURCE
#include "hook_watch.h"
#include "platform.h"

#include "cuda_runtime.h"
#include "fsutil.h"
#include "selection.h"
#include "shell_table.h"
#include "store.h"

#include "cudnnv_select.h"
#include "store_layout.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Removes the stamps of shells that no longer run. */
static void clear_dead_stamps(const char *dir)
{
    char path[PATH_MAX];
    DIR *handle = opendir(dir);
    struct dirent *entry;
    while (handle != NULL && (entry = readdir(handle)) != NULL) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if (path_join(path, sizeof path, dir, entry->d_name) == 0)
            unlink(path);
    }
    if (handle != NULL)
        closedir(handle);
}

/* Touches (creates) this shell's stamp, before any watched file is read. 0, or -1 when there is none. */
int hook_watch_touch_stamp(const char *root, const char *shell_pid, char *stamp, size_t size)
{
    char dir[PATH_MAX];
    char *end;
    long pid = strtol(shell_pid, &end, 10);
    if (*end != '\0' || pid <= 0 || cudnnv_store_path(dir, sizeof dir, root, CUDNNV_STORE_SHELLS, NULL) != 0 ||
        snprintf(stamp, size, "%s/%ld", dir, pid) >= (int)size)
        return -1;
    if (utimensat(AT_FDCWD, stamp, NULL, AT_SYMLINK_NOFOLLOW) == 0)
        return 0;
    if (make_dirs(dir, 0700) != 0)
        return -1;
    int fd = open(stamp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    close(fd);
    clear_dead_stamps(dir);
    return 0;
}

static int exists(const char *path)
{
    struct stat info;
    return lstat(path, &info) == 0;
}

/* "+PATH" or "-PATH" as a line of the list; 0 when the list is full. */
static int add_entry(char *list, size_t size, const char *path)
{
    size_t used = strlen(list);
    int n = snprintf(list + used, size - used, "%s%c%s", used ? "\n" : "", exists(path) ? '+' : '-', path);
    return n > 0 && (size_t)n < size - used;
}

struct watch_list {
    char *text;
    size_t size;
};

static int add_version_file(const char *path, int found, void *context)
{
    struct watch_list *list = context;
    (void)found;
    return add_entry(list->text, list->size, path) ? 0 : -1;
}

/* Each .cudnn-version from the folder up to the nearest that exists (or to the root: "/", "C:/"). */
static int add_version_files(char *list, size_t size, const char *cwd)
{
    char dir[PATH_MAX];
    struct watch_list watch = {list, size};
    snprintf(dir, sizeof dir, "%s", cwd);
    for (char *c = dir; PLATFORM_IS_WINDOWS && *c; c++)
        *c = *c == '\\' ? '/' : *c;
    return cudnnv_walk_version_files(dir, add_version_file, &watch) == 0;
}

/* The watch variables for the shell; nothing when a path cannot be written on one line. */
void hook_watch_print(const struct shell_row *shell, const char *root, const char *stamp)
{
    struct cudnnv_where where;
    char list[16384], path[PATH_MAX];
    selection_where(&where);
    if (!shell->watches || where.cwd_too_long || !platform_path_is_absolute(where.cwd) ||
        strchr(where.cwd, '\n') != NULL || strchr(root, '\n') != NULL)
        return;
    snprintf(list, sizeof list, "=%s", stamp);
    if (!add_version_files(list, sizeof list, where.cwd))
        return;
    for (size_t i = 0; i < CUDNNV_STORE_WATCHED_COUNT; i++) {
        if (cudnnv_store_path(path, sizeof path, root, cudnnv_store_watched[i], NULL) != 0 ||
            !add_entry(list, sizeof list, path))
            return;
    }
    const char *system = store_system_root();
    if (platform_path_is_absolute(system) && strcmp(system, root) != 0 && strchr(system, '\n') == NULL &&
        (cudnnv_store_path(path, sizeof path, system, CUDNNV_STORE_SETS, NULL) != 0 || !add_entry(list, sizeof list, path)))
        return;
    const char *version = getenv("CUDNNV_VERSION"), *configured_root = getenv("CUDNNV_ROOT");
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_DIR", where.cwd);
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_VERSION", version ? version : "");
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_ROOT", configured_root ? configured_root : "");
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_FILES", list);
}

void hook_watch_print_lists(const struct shell_row *shell, const char *library_path, const char *preload)
{
    if (!shell->watches)
        return;
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_LIBRARY_PATH", library_path ? library_path : "");
    shell_print_set(stdout, shell, "__CUDNNV_WATCH_PRELOAD", preload ? preload : "");
}
