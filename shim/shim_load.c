/*
 * Loads the chosen set into the process. Every other cuDNN library of the
 * set is loaded first, by absolute path and in dependency order (graph, ops,
 * then the rest): libcudnn.so.N later dlopens them by soname, and glibc
 * reuses an object already loaded under that soname, so no library of
 * another cuDNN (one on LD_LIBRARY_PATH, say) can slip in. Then the main
 * library, by absolute path. A set directory that another user can write is
 * refused: its libraries would run as this process.
 */
#define _GNU_SOURCE
#include "shim_internal.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SUBLIBRARIES 32

/* Owned by this user or root, and not writable by group or others. */
static void require_safe_directory(const char *path, const struct cudnnv_choice *choice)
{
    struct stat info;
    if (stat(path, &info) != 0)
        cudnnv_die("set '%s' has no directory %s; reinstall it with 'cudnnv install' or run 'cudnnv versions'",
                   choice->name, path);
    if ((info.st_uid != 0 && info.st_uid != geteuid()) || (info.st_mode & (S_IWGRP | S_IWOTH)))
        cudnnv_die("refusing set '%s': %s can be written by another user; fix with 'chmod go-w %s'",
                   choice->name, path, path);
}

/* Load order: what the others need comes first. */
static int load_rank(const char *name)
{
    if (strstr(name, "_graph.") != NULL)
        return 0;
    if (strstr(name, "_ops.") != NULL || strstr(name, "_ops_infer.") != NULL)
        return 1;
    if (strstr(name, "_ops_train.") != NULL)
        return 2;
    if (strstr(name, "_train.") != NULL)
        return 4;
    return 3;
}

/* True for "libcudnn_<part>.so.<major>": a sublibrary under its soname. */
static int is_sublibrary(const char *name, int major)
{
    char suffix[16];
    size_t length = strlen(name);
    snprintf(suffix, sizeof suffix, ".so.%d", major);
    return strncmp(name, "libcudnn_", 9) == 0 && length > strlen(suffix) &&
           strcmp(name + length - strlen(suffix), suffix) == 0;
}

static int list_sublibraries(const char *lib_dir, int major, cudnnv_name *names)
{
    DIR *dir = opendir(lib_dir);
    int count = 0;
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL && count < MAX_SUBLIBRARIES) {
        if (is_sublibrary(entry->d_name, major) && strlen(entry->d_name) <= CUDNNV_NAME_MAX)
            strcpy(names[count++], entry->d_name);
    }
    if (dir != NULL)
        closedir(dir);
    return count;
}

static void load_sublibraries(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded)
{
    cudnnv_name names[MAX_SUBLIBRARIES];
    char path[PATH_MAX + CUDNNV_NAME_MAX + 2];
    int count = list_sublibraries(loaded->lib_dir, cudnnv_shim_major_number(), names);
    for (int rank = 0; rank <= 4; rank++) {
        for (int i = 0; i < count; i++) {
            if (load_rank(names[i]) != rank)
                continue;
            if (snprintf(path, sizeof path, "%s/%s", loaded->lib_dir, names[i]) >= (int)sizeof path ||
                dlopen(path, RTLD_NOW | RTLD_GLOBAL) == NULL)
                cudnnv_die("cannot load %s of set '%s' (%s): %s; check the set with 'cudnnv verify %s'",
                           names[i], choice->name, choice->origin_path, dlerror(), choice->name);
            loaded->libraries++;
        }
    }
}

void cudnnv_load_set(const char *root, const struct cudnnv_choice *choice,
                     struct cudnnv_loaded *loaded)
{
    char set_dir[PATH_MAX], lib_dir[PATH_MAX + 8], path[PATH_MAX + 32];
    memset(loaded, 0, sizeof *loaded);
    snprintf(set_dir, sizeof set_dir, "%s/versions/%s", root, choice->name);
    require_safe_directory(set_dir, choice);
    snprintf(lib_dir, sizeof lib_dir, "%s/lib", set_dir);
    if (realpath(lib_dir, loaded->lib_dir) == NULL)
        cudnnv_die("set '%s' has no lib directory (%s); reinstall it or run 'cudnnv versions'",
                   choice->name, lib_dir);
    require_safe_directory(loaded->lib_dir, choice);
    load_sublibraries(choice, loaded);
    snprintf(path, sizeof path, "%s/libcudnn.so.%d", loaded->lib_dir, cudnnv_shim_major_number());
    loaded->main_library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (loaded->main_library == NULL)
        cudnnv_die("cannot load cuDNN '%s' (%s): %s; check it with 'cudnnv verify %s'",
                   choice->name, choice->origin_path, dlerror(), choice->name);
    loaded->libraries++;
}
