/*
 * Keeps $CUDNNV_ROOT/shims/lib in step with the shims shipped with this
 * cudnnv (found relative to the executable: bin/cudnnv -> lib/cudnnv/). A
 * shim that differs is replaced by rename, so a running program never sees a
 * half-written one. The folder holds a shim only for the majors that have
 * an installed set: where none does, dlopen("libcudnn.so.N") fails exactly
 * as it would without cudnnv, and a program that tries 8 then 9 goes on.
 */
#include "shim_files.h"
#include "platform.h"

#include "messages.h"
#include "fsutil.h"

#include "build_platform.h"
#include "cudnnv_select.h"
#include "store_layout.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where this system's programs find the shims: shims/lib on Linux, shims/bin on Windows. */
int shim_files_dir(const char *root, char *out, size_t size)
{
    return cudnnv_store_path(out, size, root, CUDNNV_STORE_SHIMS, NULL);
}

/*
 * The prefix cudnnv was built or installed under: PREFIX/bin/cudnnv, with the
 * helpers in PREFIX/lib/cudnnv/ (so from a helper, three levels up).
 */
int installation_prefix(char *out, size_t size)
{
    char exe[PATH_MAX];
    if (platform_self_path(exe, sizeof exe) != 0 || strrchr(exe, '/') == NULL)
        return -1;
    *strrchr(exe, '/') = '\0';
    size_t dir_length = strlen(exe);
    int levels = dir_length >= 11 && strcmp(exe + dir_length - 11, "/lib/cudnnv") == 0 ? 2 : 1;
    for (int up = 0; up < levels; up++) {
        char *slash = strrchr(exe, '/');
        if (slash == NULL)
            return -1;
        *slash = '\0';
    }
    int n = snprintf(out, size, "%s", exe);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Where this cudnnv's shims and helpers were built or installed. */
static int shipped_dir(char *out, size_t size)
{
    char prefix[PATH_MAX];
    if (installation_prefix(prefix, sizeof prefix) != 0)
        return -1;
    int n = snprintf(out, size, "%s/lib/cudnnv", prefix);
    return n > 0 && (size_t)n < size && is_directory(out) ? 0 : -1;
}

static int same_content(const char *a, const char *b)
{
    char left[8192], right[8192];
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa != NULL && fb != NULL;
    while (same) {
        size_t got = fread(left, 1, sizeof left, fa);
        same = fread(right, 1, sizeof right, fb) == got && memcmp(left, right, got) == 0;
        if (got == 0)
            break;
    }
    if (fa != NULL)
        fclose(fa);
    if (fb != NULL)
        fclose(fb);
    return same;
}

static int install_one(const char *from, const char *to)
{
    char temporary[PATH_MAX + 64];
    if (snprintf(temporary, sizeof temporary, "%s.new.%ld", to, (long)getpid()) >= (int)sizeof temporary)
        return fail("path too long: %s", to);
    unlink(temporary);
    if (copy_file(from, temporary, 0755) != 0 || rename(temporary, to) != 0) {
        unlink(temporary);
        return fail("cannot install the shim %s: %s", to, strerror(errno));
    }
    return 0;
}

int shipped_file(const char *name, char *out, size_t size)
{
    char dir[PATH_MAX];
    if (shipped_dir(dir, sizeof dir) != 0)
        return -1;
    return path_join(out, size, dir, name) == 0 && is_regular_file(out) ? 0 : -1;
}

/*
 * True when the store holds a set of this major for the shims of system
 * ("linux": the sets this machine runs; "windows": any Windows set, for
 * the DLL shims used under Wine).
 */
int shim_major_is_installed(const char *root, int major, const char *system)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char platform[32];
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    for (int i = 0; i < count; i++) {
        if (cudnnv_set_major(root, names[i]) != major)
            continue;
        if (!cudnnv_set_key(root, names[i], "platform", platform, sizeof platform))
            return 1;
        int windows = cudnnv_platform_is_windows(platform);
        if (strcmp(system, "windows") == 0 ? windows : cudnnv_platform_runs_here(platform))
            return 1;
    }
    return 0;
}

/*
 * Copies shipped/NAME into target/ when it differs, or removes target/NAME
 * when no set needs it; a missing source is fine when optional.
 */
static int refresh_one(const char *source, const char *target, const char *name, int optional, int needed,
                       int *copied)
{
    char from[PATH_MAX + 64], to[PATH_MAX + 64];
    snprintf(from, sizeof from, "%s/%s", source, name);
    snprintf(to, sizeof to, "%s/%s", target, name);
    if (!needed) {
        if (unlink(to) == 0)
            (*copied)++;
        return 0;
    }
    if (optional && !is_regular_file(from))
        return 0;
    if (same_content(from, to))
        return 0;
    if (make_dirs(target, 0755) != 0)
        return fail("cannot create %s: %s", target, strerror(errno));
    if (install_one(from, to) != 0)
        return 1;
    (*copied)++;
    return 0;
}

/*
 * The Linux shims into shims/lib (not from cudnn.exe: Windows runs none);
 * the Windows ones (cudnn64_N.dll, when 'make windows' built them) into
 * shims/bin, as the store lays them out.
 */
int shim_files_refresh(const char *root, int *copied)
{
    char source[PATH_MAX], windows[PATH_MAX + 16], target[PATH_MAX], target_bin[PATH_MAX], name[32];
    *copied = 0;
    if (shipped_dir(source, sizeof source) != 0)
        return fail("cannot find the shim libraries next to this cudnnv (expected ../lib/cudnnv/); reinstall cudnnv with 'make install'");
    cudnnv_store_path(target, sizeof target, root, CUDNNV_STORE_SHIMS_LIB, NULL);
    cudnnv_store_path(target_bin, sizeof target_bin, root, CUDNNV_STORE_SHIMS_BIN, NULL);
    snprintf(windows, sizeof windows, "%s/windows", source);
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        cudnnv_main_library(NULL, 0, major, name, sizeof name);
        if (PLATFORM_LINUX_SHIMS &&
            refresh_one(source, target, name, 0, shim_major_is_installed(root, major, "linux"), copied) != 0)
            return 1;
        cudnnv_main_library(NULL, 1, major, name, sizeof name);
        if (refresh_one(windows, target_bin, name, 1, shim_major_is_installed(root, major, "windows"), copied) != 0)
            return 1;
    }
    return 0;
}

/*
 * Appends one shim to an LD_PRELOAD list (':'-separated). glibc splits
 * LD_PRELOAD at spaces too, so a shim directory with a space or a colon in
 * its path is named by soname alone: the shim directory, first on
 * LD_LIBRARY_PATH, supplies it, but a program's own RPATH (PyTorch wheels)
 * is searched before that. shim_preload_is_weak() says so, for a warning.
 */
void shim_preload_append(char *list, size_t size, const char *shim_dir, int major)
{
    char library[PATH_MAX + 32];
    size_t used = strlen(list);
    if (cudnnv_main_library(shim_preload_is_weak(shim_dir) ? NULL : shim_dir, 0, major, library, sizeof library) == 0)
        snprintf(list + used, size - used, "%s%s", used ? ":" : "", library);
}

int shim_preload_is_weak(const char *shim_dir)
{
    return strpbrk(shim_dir, " \t:") != NULL;
}

/*
 * After a change of the store (install, uninstall, link): the shims follow
 * the installed majors. Silent, and nothing to do when this cudnnv has no
 * shims beside it (the change itself succeeded; 'cudnnv rehash' says why).
 */
void shim_files_follow_store(const char *root)
{
    char source[PATH_MAX];
    int copied;
    if (shipped_dir(source, sizeof source) == 0)
        shim_files_refresh(root, &copied);
}
