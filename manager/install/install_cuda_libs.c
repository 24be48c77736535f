/*
 * install --with-cuda-libs (and [install] cuda_libs = auto): after a set is
 * installed, or for one already there, the CUDA libraries it needs and
 * that a program started here would not find (judged as the doctor judges
 * them) are brought from NVIDIA's CUDA redist into the store
 * (cuda_libs.c), and the set's cudnnv.ini names them, so the shim loads
 * them by path before the set. Also the install's last line: what the set
 * needs, and whether it is found.
 */
#include "cuda_libs.h"
#include "option_names.h"
#include "build_platform.h"
#include "fsutil.h"
#include "lock_file.h"
#include "messages.h"
#include "needs_judge.h"
#include "set_needs_elf.h"
#include "set_info.h"
#include "store.h"

#include "cudnnv_select.h"
#include "store_layout.h"
#include "cuda_components.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_unmet(const struct need_finding *finding)
{
    return finding->verdict != NEED_FOUND;
}

/* The components holding the set's unmet CUDA needs; their count. */
static int components_wanted(const struct set_judgement *judgement, struct cuda_libs_request *request)
{
    request->count = 0;
    for (int i = 0; i < judgement->count; i++) {
        const char *component = cuda_libs_of_library(judgement->finding[i].need.name);
        int listed = 0;
        if (component == NULL || !is_unmet(&judgement->finding[i]))
            continue;
        for (int c = 0; c < request->count; c++)
            listed |= strcmp(request->component[c], component) == 0;
        if (!listed && request->count < CUDA_LIBS_MAX_COMPONENTS)
            request->component[request->count++] = component;
    }
    return request->count;
}

/* True when dir/name is a library whose soname is name: loaded by path, it meets cuDNN's request for that name. */
static int serves_name(const char *dir, const char *name)
{
    char path[PATH_MAX], real[PATH_MAX], soname[SET_NEED_NAME_MAX];
    return path_join(path, sizeof path, dir, name) == 0 && realpath(path, real) != NULL &&
           elf_soname(real, soname, sizeof soname) == 0 && strcmp(soname, name) == 0;
}

static void add_name(char *list, size_t size, const char *name)
{
    size_t used = strlen(list), length = strlen(name);
    const char *found = strstr(list, name);
    if ((found != NULL && (found[length] == ':' || found[length] == '\0') && (found == list || found[-1] == ':')) ||
        used + length + 2 >= size)
        return;
    snprintf(list + used, size - used, "%s%s", used ? ":" : "", name);
}

/* name, after the CUDA libraries it needs itself (libcublas.so.11 needs libcublasLt.so.11; the libnvrtc.so forwarder
 * needs NVRTC's soname): the shim loads them in this order, each by path. */
static void add_with_dependencies(const char *dir, const char *name, char *load, size_t size)
{
    static struct set_needs needed;
    char path[PATH_MAX], real[PATH_MAX];
    if (path_join(path, sizeof path, dir, name) == 0 && realpath(path, real) != NULL && elf_needed(real, &needed) == 0) {
        for (int i = 0; i < needed.count; i++) {
            if (cuda_libs_of_library(needed.need[i].name) != NULL && serves_name(dir, needed.need[i].name))
                add_name(load, size, needed.need[i].name);
        }
    }
    add_name(load, size, name);
}

/*
 * CUDNNV_ROOT/cuda/sets/NAME names the CUDA libraries of set NAME and which of
 * its needs the shim loads from there (the set itself stays as installed).
 */
static int record_cuda_libs(const char *root, const char *name, const char *label, const char *platform,
                             const struct set_judgement *judgement)
{
    char libs[PATH_MAX], dir[PATH_MAX], file[PATH_MAX], text[512], load[CUDNNV_COMPANIONS_MAX] = "";
    cudnnv_store_path(libs, sizeof libs, root, CUDNNV_STORE_CUDA_LIBS, label);
    path_join(dir, sizeof dir, libs, cuda_libs_folder(platform));
    for (int i = 0; i < judgement->count; i++) {
        const char *need = judgement->finding[i].need.name;
        if (cuda_libs_of_library(need) != NULL && serves_name(dir, need))
            add_with_dependencies(dir, need, load, sizeof load);
    }
    snprintf(text, sizeof text, "; written by cudnnv install " OPTION_WITH_CUDA_LIBS ": what set %s loads before itself\n"
             "cuda_libs = %s\ncuda_libs_load = %s\n", name, label, load);
    if (cudnnv_store_path(file, sizeof file, root, CUDNNV_STORE_COMPANION_LIST, name) != 0)
        return fail("the store's path %s is too long", root);
    snprintf(dir, sizeof dir, "%s", file);
    *strrchr(dir, '/') = '\0';
    if (make_dirs(dir, 0755) != 0 || write_file_atomic(file, text) != 0)
        return fail("cannot write %s: %s", file, strerror(errno));
    return 0;
}

int install_cuda_libs_for(const char *root, const char *name, int asked, const struct source_origin *origin)
{
    static struct set_judgement judgement;
    struct cuda_libs_request request = {0};
    char label[32], set_dir[PATH_MAX];
    struct set_info info;
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &info) != 0 || needs_judge_set(root, name, &judgement) != 0)
        return fail("no set '%s' in the store; see 'cudnnv versions'", name);
    request.cuda_major = cuda_major_of(info.cuda);
    int build = cudnnv_build_find(info.platform);   /* NVIDIA's name, also for an older store's "linux" */
    request.platform = build >= 0 ? cudnnv_build_platform((enum cudnnv_build)build)->name : info.platform;
    request.origin = *origin;
    if (components_wanted(&judgement, &request) == 0) {
        if (asked)
            note("every CUDA library %s needs is found where programs start from here; nothing to bring", name);
        return 0;
    }
    if (request.cuda_major < 0)
        return fail("the CUDA build of %s is not known, so its CUDA libraries cannot be chosen; install it again with " OPTION_CUDA,
                    name);
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = cuda_libs_bring(root, &request, label, sizeof label);
    if (status == 0)
        status = record_cuda_libs(root, name, label, request.platform, &judgement);
    store_unlock(lock);
    if (status == 0)
        note("%s loads CUDA %s's libraries from %s/cuda/%s/%s (%s); %s is left as it is", name, label, root, label,
             cuda_libs_folder(request.platform), request.component[0],
             cudnnv_platform_is_windows(request.platform) ? "PATH" : "LD_LIBRARY_PATH");
    return status;
}

/* install --locked: the CUDA libraries cudnn.lock names for a pin's set, then the set told to load them. */
int install_locked_cuda_libs(const char *pin, const struct lock_cuda *cuda)
{
    static struct set_judgement judgement;
    const char *root = store_root();
    cudnnv_name set;
    if (!cudnnv_resolve(root, pin, set) || needs_judge_set(root, set, &judgement) != 0)
        return fail("%s: no installed set to load the CUDA libraries cudnn.lock names", pin);
    note("%s: CUDA %s's libraries (locked)", pin, cuda->label);
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = cuda_libs_bring_locked(root, cuda);
    if (status == 0)
        status = record_cuda_libs(root, set, cuda->label, cuda->platform, &judgement);
    store_unlock(lock);
    return status;
}
