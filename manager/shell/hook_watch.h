/*
 * What the shell hook watches so that a prompt where nothing changed starts
 * no process: the folder, CUDNNV_VERSION, CUDNNV_ROOT, and the files that
 * decide the selection (each .cudnn-version that could appear between here
 * and the nearest one, the global file, versions/, config, the system
 * store's versions/), against a
 * stamp file that hook-env touches before it reads any of them. The shell
 * compares with builtins only ([[ -ot ]], fish's path mtime).
 */
#ifndef CUDNNV_HOOK_WATCH_H
#define CUDNNV_HOOK_WATCH_H

#include "shell_table.h"

#include <stddef.h>

int hook_watch_touch_stamp(const char *root, const char *shell_pid, char *stamp, size_t size);
void hook_watch_print(const struct shell_row *shell, const char *root, const char *stamp);
/* The lists the hook leaves the shell with (library_path, preload; NULL: unset), for the prompt's check: one that
 * differs at a later prompt was changed by another tool, and hook-env runs. */
void hook_watch_print_lists(const struct shell_row *shell, const char *library_path, const char *preload);

#endif
