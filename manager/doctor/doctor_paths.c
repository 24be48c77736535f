/*
 * Doctor checks of where programs find cuDNN: the shims in the store, the
 * shim directory on LD_LIBRARY_PATH with nothing cuDNN before it, the
 * loader cache, and copies inside CUDA toolkit directories (the old way of
 * installing cuDNN, which shadows every other).
 */
#include "doctor.h"

#include "cuda_runtime.h"
#include "fsutil.h"
#include "hook_variable.h"
#include "platform.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <dirent.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A libcudnn* name in dir (the main library's when there is one); 0 when none. */
static int find_cudnn_library(const char *dir, char *name, size_t size)
{
    DIR *handle = opendir(dir);
    struct dirent *entry;
    int found = 0;
    while (handle != NULL && found < 2 && (entry = readdir(handle)) != NULL) {
        if (strncmp(entry->d_name, "libcudnn", 8) != 0)
            continue;
        int main_library = strncmp(entry->d_name, "libcudnn.so", 11) == 0;
        if (found == 0 || main_library)
            snprintf(name, size, "%s", entry->d_name);
        found = main_library ? 2 : 1;
    }
    if (handle != NULL)
        closedir(handle);
    return found > 0;
}

/* A shim for every major that has an installed set, and none for the others. */
static void check_shims(struct doctor *doctor, const char *shim_dir)
{
    char path[PATH_MAX + 32], present[64] = "";
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        int needed = shim_major_is_installed(doctor->where.root, major, "linux");
        cudnnv_main_library(shim_dir, 0, major, path, sizeof path);
        if (needed != is_regular_file(path)) {
            doctor_add(doctor, DOCTOR_FAIL, "shims", "run 'cudnnv rehash'",
                       needed ? "%s is missing" : "%s serves a major no installed set has", path);
            return;
        }
        if (needed)
            snprintf(present + strlen(present), sizeof present - strlen(present), "%slibcudnn.so.%d",
                     present[0] ? ", " : "", major);
    }
    if (present[0] != '\0')
        doctor_add(doctor, DOCTOR_OK, "shims", NULL, "%s in %s, one per installed major", present, shim_dir);
}

/*
 * A CUDA runtime folder of the store on LD_LIBRARY_PATH that the project
 * here does not pin (left by a tool that restored an old value, or put there
 * by hand): programs started here load that CUDA's libraries.
 */
static void check_runtime_entry(struct doctor *doctor, const char *dir)
{
    char root[PATH_MAX], name[CUDNNV_NAME_MAX + 1], pinned[PATH_MAX], why[PATH_MAX + 256];
    if (cudnnv_store_split(dir, CUDNNV_STORE_RUNTIME_LIB, root, sizeof root, name, sizeof name) != 0 ||
        strcmp(root, doctor->where.root) != 0)
        return;
    int pins = cuda_runtime_for_project(&doctor->where, pinned, sizeof pinned, why, sizeof why);
    if (pins > 0 && strcmp(pinned, dir) == 0)
        return;
    if (pins > 0)
        doctor_add(doctor, DOCTOR_WARN, "library path", "take it off LD_LIBRARY_PATH (the hook puts the pinned one there)",
                   "%s, a project's CUDA %s runtime, is on LD_LIBRARY_PATH, but the project here pins %s", dir, name,
                   pinned);
    else
        doctor_add(doctor, DOCTOR_WARN, "library path", "take it off LD_LIBRARY_PATH (the hook puts a runtime there only in a project that pins it)",
                   "%s, a project's CUDA %s runtime, is on LD_LIBRARY_PATH, but no .cudnn-version here pins it", dir,
                   name);
}

void doctor_check_library_path(struct doctor *doctor)
{
    char shim_dir[PATH_MAX], name[256];
    const char *path = getenv("LD_LIBRARY_PATH");
    int seen_shims = 0;
    shim_files_dir(doctor->where.root, shim_dir, sizeof shim_dir);
    check_shims(doctor, shim_dir);
    if (shim_preload_is_weak(shim_dir))
        doctor_add(doctor, DOCTOR_WARN, "library path", "set CUDNNV_ROOT to a path without spaces or colons",
                   "%s has a space or a colon, which LD_PRELOAD cannot hold: the shims are preloaded by name, and a program's RPATH to another cuDNN (PyTorch wheels) bypasses them",
                   shim_dir);
    char *copy = strdup(path ? path : "");
    for (char *dir = strtok(copy, ":"); dir != NULL; dir = strtok(NULL, ":")) {
        if (strcmp(dir, shim_dir) == 0) {
            seen_shims = 1;
            continue;
        }
        check_runtime_entry(doctor, dir);
        if (!find_cudnn_library(dir, name, sizeof name))
            continue;
        doctor_add(doctor, seen_shims ? DOCTOR_WARN : DOCTOR_FAIL, "library path",
                   "take it off LD_LIBRARY_PATH; cudnnv serves cuDNN through the shims",
                   seen_shims ? "%s on LD_LIBRARY_PATH holds %s: the shims load the whole set first to keep it out (about 25 ms more per process for cuDNN 9)"
                              : "%s on LD_LIBRARY_PATH holds %s and comes before the shims: programs load that copy",
                   dir, name);
    }
    free(copy);
    if (seen_shims)
        doctor_add(doctor, DOCTOR_OK, "library path", NULL, "the shim directory is on LD_LIBRARY_PATH");
    else if (getenv(HOOK_STATE_VARIABLE) != NULL)   /* the shell's hook has run: it will at the next prompt */
        doctor_add(doctor, DOCTOR_WARN, "library path",
                   "press Enter at the prompt (or 'cd .'), or start programs with 'cudnnv exec'",
                   "the shim directory (%s) is not on LD_LIBRARY_PATH yet: the shell hook is loaded and puts it there at the next prompt now that a set is selected",
                   shim_dir);
    else
        doctor_add(doctor, DOCTOR_WARN, "library path",
                   "add 'eval \"$(cudnnv init bash)\"' to your shell's start-up file, or start programs with 'cudnnv exec'",
                   "the shim directory (%s) is not on LD_LIBRARY_PATH: programs started from here do not get the selected set",
                   shim_dir);
}

void doctor_check_loader_cache(struct doctor *doctor)
{
    static char listing[1 << 20];
    char shown[1024] = "";
    char *argv[] = {"/sbin/ldconfig", "-p", NULL};
    int status = platform_run_capture(argv, listing, sizeof listing, 10);
    if (status != 0) {
        doctor_add(doctor, DOCTOR_SKIP, "loader cache", NULL, status == PLATFORM_TIMED_OUT
                   ? "/sbin/ldconfig -p did not answer within 10 s (stopped)" : "cannot run /sbin/ldconfig -p");
        return;
    }
    for (char *line = strtok(listing, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *arrow = strstr(line, "=> ");
        if (strstr(line, "libcudnn") == NULL || arrow == NULL)
            continue;
        if (shown[0] == '\0' || strstr(arrow, "/libcudnn.so.") != NULL)
            snprintf(shown, sizeof shown, "%s", arrow + 3);
    }
    if (shown[0] == '\0')
        doctor_add(doctor, DOCTOR_OK, "loader cache", NULL, "no libcudnn in the system's loader cache");
    else
        doctor_add(doctor, DOCTOR_WARN, "loader cache",
                   "programs without the shims on their path get that copy; use 'cudnnv exec' or the shell integration",
                   "the system's loader cache has %s", shown);
}

/* True when dir is (inside) the directory the set "system" is linked to. */
static int is_linked_system(const struct doctor *doctor, const char *dir)
{
    char set_dir[PATH_MAX], real[PATH_MAX];
    struct set_info info;
    store_set_dir(doctor->where.root, "system", set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &info) != 0 || realpath(dir, real) == NULL)
        return 0;
    return strncmp(real, info.path, strlen(info.path)) == 0;
}

static int already_seen(char seen[][PATH_MAX], int count, const char *dir)
{
    for (int i = 0; i < count; i++) {
        if (strcmp(seen[i], dir) == 0)
            return 1;
    }
    return 0;
}

void doctor_check_cuda_directories(struct doctor *doctor)
{
    static const char *const patterns[] = {"/usr/local/cuda*/lib64", "/usr/local/cuda*/lib",
                                           "/usr/local/cuda*/targets/*/lib", "/usr/local/cuda*/bin"};
    char name[256], real[PATH_MAX], seen[16][PATH_MAX];
    int stray = 0, seen_count = 0;
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        glob_t found;
        if (glob(patterns[p], 0, NULL, &found) != 0)
            continue;
        for (size_t i = 0; i < found.gl_pathc; i++) {
            const char *dir = found.gl_pathv[i];
            if (realpath(dir, real) == NULL || already_seen(seen, seen_count, real) || seen_count == 16)
                continue;
            strcpy(seen[seen_count++], real);
            if (!find_cudnn_library(dir, name, sizeof name) || is_linked_system(doctor, dir))
                continue;
            dir = real;
            stray++;
            doctor_add(doctor, DOCTOR_WARN, "CUDA dirs",
                       "register it with 'cudnnv link system /usr/local/cuda' (then it serves only majors nobody pins), or remove the copies",
                       "%s holds cuDNN (%s): programs that search CUDA's directory get that copy", dir, name);
        }
        globfree(&found);
    }
    if (stray == 0)
        doctor_add(doctor, DOCTOR_OK, "CUDA dirs", NULL, "no stray cuDNN in /usr/local/cuda*");
}
