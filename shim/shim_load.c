/*
 * Loads the chosen set into the process: the main library by absolute path,
 * then, when needed, every other cuDNN library of the set by absolute path
 * and in dependency order (graph, ops, then the rest).
 *
 * libcudnn.so.N dlopens its sublibraries by soname when it first needs them,
 * searching LD_LIBRARY_PATH before its own RUNPATH ($ORIGIN). If a directory
 * searched before the set's own holds cuDNN libraries (/usr/local/cuda/lib on
 * LD_LIBRARY_PATH, say), the search would mix two releases in one process, so
 * the set's sublibraries are loaded first and glibc reuses them by soname.
 * Otherwise the search already ends in the set, and loading the sublibraries
 * eagerly would only cost time (about 25 ms for cuDNN 9's 450 MB): cuDNN
 * loads the ones it needs itself. The search path is glibc's own, read with
 * dlinfo(RTLD_DI_SERINFO) on the main library, which loads no sublibrary
 * before its first call. The store's own shims/lib on that path is passed
 * over unread: 'cudnnv rehash' writes the shims there and nothing else.
 *
 * A set is refused unless everything it loads, and every folder from / down
 * to it (the store, versions/, the set, lib/, each libcudnn* file and where
 * each link leads), is owned by root, this user or the store's owner and
 * writable by no one else (set_trust.c): its libraries would run as this
 * process. The check runs at the first call, just before loading, on the
 * resolved paths that are then loaded; since only trusted users can change
 * any step of them, nobody else can swap a file between check and load.
 */
#define _GNU_SOURCE
#include "shim_internal.h"
#include "shim_symbols.h"
#include "store_layout.h"

#include <fcntl.h>
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_SUBLIBRARIES 32

/* Why a set or its CUDA libraries are refused: the message that stops the process. */
#define WHY_SIZE (2 * PATH_MAX)

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

struct sublibrary_list {
    int count;
    cudnnv_name *names;
};

/* "libcudnn_<part>" under its soname: ending as the shim's own soname does (".so.8" for libcudnn.so.8). */
static int add_sublibrary(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    struct sublibrary_list *list = context;
    const char *suffix = cudnnv_shim_soname + strlen("libcudnn");
    size_t length = strlen(name), suffix_length = strlen(suffix);
    (void)kind;
    if (strncmp(name, "libcudnn_", 9) == 0 && length > 9 + suffix_length && length <= CUDNNV_NAME_MAX &&
        strcmp(name + length - suffix_length, suffix) == 0)
        strcpy(list->names[list->count++], name);
    return list->count >= MAX_SUBLIBRARIES;
}

static int list_sublibraries(const char *lib_dir, cudnnv_name *names)
{
    struct sublibrary_list list = {0, names};
    cudnnv_each_entry(lib_dir, add_sublibrary, &list);
    return list.count;
}

/* A trial load (a set of the default order with another after it): what was loaded, and why it stopped. */
struct trial {
    void *handles[MAX_SUBLIBRARIES];
    int count;
    char why[512];
};

static __attribute__((noinline, noreturn)) void die_sublibrary(const struct cudnnv_choice *choice, const char *name,
                                                               const char *why)
{
    char origin[PATH_MAX + 64];
    cudnnv_describe_origin(choice, origin, sizeof origin);
    cudnnv_die("cannot load %s of set '%s' (%s): %s; see what the set needs with 'cudnnv doctor' (CUDA libraries it lacks: 'cudnnv install --with-cuda-libs %s')",
               name, choice->name, origin, why, choice->name);
}

/* Every sublibrary by path, in load order; 0, or -1 in a trial whose load failed (trial says why). */
static int load_sublibraries(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded, struct trial *trial)
{
    cudnnv_name names[MAX_SUBLIBRARIES];
    char path[PATH_MAX + CUDNNV_NAME_MAX + 2];
    int count = list_sublibraries(loaded->lib_dir, names);
    for (int rank = 0; rank <= 4; rank++) {
        for (int i = 0; i < count; i++) {
            if (load_rank(names[i]) != rank)
                continue;
            void *handle = NULL;
            if (snprintf(path, sizeof path, "%s/%s", loaded->lib_dir, names[i]) < (int)sizeof path)
                handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
            const char *why = handle == NULL ? dlerror() : NULL;
            if (handle == NULL && trial == NULL)
                die_sublibrary(choice, names[i], why != NULL ? why : "path too long");
            if (handle == NULL) {
                snprintf(trial->why, sizeof trial->why, "%s: %s", names[i], why != NULL ? why : "path too long");
                return -1;
            }
            if (trial != NULL)
                trial->handles[trial->count++] = handle;
            loaded->libraries++;
        }
    }
    return 0;
}

/* The loaded object whose file is called name (dl_iterate_phdr's answer), if any. */
struct loaded_search {
    const char *name;
    int found;
};

static int match_loaded(struct dl_phdr_info *info, size_t size, void *data)
{
    struct loaded_search *search = data;
    const char *slash = info->dlpi_name != NULL ? strrchr(info->dlpi_name, '/') : NULL;
    (void)size;
    search->found = slash != NULL && strcmp(slash + 1, search->name) == 0;
    return search->found;
}

/*
 * The set's CUDA libraries (install --with-cuda-libs: cuBLAS, NVRTC of its CUDA
 * major), loaded by path before the set, so that cuDNN's own search for
 * them by soname ends at these. A library of that name the process already
 * loaded (a framework's own cuBLAS) is kept: loading a second copy would
 * only shadow it.
 */
static __attribute__((noinline)) void load_cuda_libs_from(const struct cudnnv_choice *choice, const char *dir,
                                                            char *load, const struct cudnnv_trust *trust)
{
    char real[PATH_MAX], path[PATH_MAX + CUDNNV_NAME_MAX + 2];
    char *why = malloc(WHY_SIZE);
    if (why == NULL)
        cudnnv_die("out of memory while loading the CUDA libraries of set '%s'", choice->name);
    if (!cudnnv_trusted_path(trust, dir, why, WHY_SIZE) || realpath(dir, real) == NULL)
        cudnnv_die("refusing the CUDA libraries of set '%s': %s; only you, root or the store's owner may write them (fix: 'chmod go-w' on them, or bring them again with 'cudnnv install --with-cuda-libs %s')",
                   choice->name, why, choice->name);
    for (char *name = strtok(load, ":"); name != NULL; name = strtok(NULL, ":")) {
        struct loaded_search search = {name, 0};
        if (strncmp(name, "lib", 3) != 0 || strchr(name, '/') != NULL || strlen(name) > CUDNNV_NAME_MAX)
            continue;
        dl_iterate_phdr(match_loaded, &search);
        if (search.found) {
            cudnnv_debug("set '%s': %s is already loaded in this process: kept, its CUDA library is not loaded",
                         choice->name, name);
            continue;
        }
        snprintf(path, sizeof path, "%s/%s", real, name);
        if (!cudnnv_trusted_entry(trust, real, name, why, WHY_SIZE))
            cudnnv_die("refusing the CUDA libraries of set '%s': %s; only you, root or the store's owner may write them (fix: 'chmod go-w' on them, or bring them again with 'cudnnv install --with-cuda-libs %s')",
                       choice->name, why, choice->name);
        if (dlopen(path, RTLD_LAZY | RTLD_LOCAL) == NULL)
            cudnnv_die("cannot load %s for set '%s': %s; bring it again with 'cudnnv install --with-cuda-libs %s'",
                       name, choice->name, dlerror(), choice->name);
        cudnnv_debug("set '%s': loaded its CUDA library %s", choice->name, path);
    }
    free(why);
}

/* Stops the process: the list of the set's CUDA libraries could be written by someone the trust rule does not trust. */
static __attribute__((noinline, noreturn)) void die_cuda_libs_list(const struct cudnnv_choice *choice, const char *list,
                                                                  const struct cudnnv_trust *trust)
{
    char *why = malloc(WHY_SIZE);
    if (why == NULL || cudnnv_trusted_path(trust, list, why, WHY_SIZE))
        cudnnv_die("refusing the CUDA libraries of set '%s': %s cannot be trusted", choice->name, list);
    cudnnv_die("refusing the CUDA libraries of set '%s': %s; only you, root or the store's owner may write the list of them (fix: 'chmod go-w' on it, or bring them again with 'cudnnv install --with-cuda-libs %s')",
               choice->name, why, choice->name);
}

/* Whether the set has CUDA libraries, in a small frame: most sets have none. */
static __attribute__((noinline)) void load_cuda_libs(const struct cudnnv_choice *choice, const char *set_dir,
                                                       const struct cudnnv_trust *trust)
{
    /* ROOT/cuda/LABEL/lib and ROOT/cuda/sets/NAME, beside ROOT/versions/NAME */
    char dir[strlen(set_dir) + CUDNNV_NAME_MAX + 16], load[CUDNNV_COMPANIONS_MAX];
    char list[strlen(set_dir) + 16];
    if (!cudnnv_set_cuda_libs(set_dir, dir, sizeof dir, load, sizeof load))
        return;
    /* the list chooses what is loaded by path: it must be as trusted as what it names */
    if (!cudnnv_set_cuda_libs_list(set_dir, list, sizeof list) || !cudnnv_trusted_path(trust, list, NULL, 0))
        die_cuda_libs_list(choice, list, trust);
    load_cuda_libs_from(choice, dir, load, trust);
}

static int is_directory(const char *path, const struct stat *wanted)
{
    struct stat info;
    return stat(path, &info) == 0 && info.st_dev == wanted->st_dev && info.st_ino == wanted->st_ino;
}

static int is_cudnn_sublibrary(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    (void)kind;
    (void)context;
    return strncmp(name, "libcudnn_", 9) == 0;
}

static int holds_cudnn_sublibrary(const char *dir)
{
    return cudnnv_each_entry(dir, is_cudnn_sublibrary, NULL) == 1;
}

/* The first directory of the main library's search path that holds cuDNN sublibraries, if not the set's. */
static int search_reaches_set_first(const char *root, void *main_library, const char *lib_dir, char *shadow,
                                    size_t size)
{
    Dl_serinfo sizes;
    struct stat set_folder;
    int set_folder_known = 0;
    if (dlinfo(main_library, RTLD_DI_SERINFOSIZE, &sizes) != 0)
        return 0;
    Dl_serinfo *paths = malloc(sizes.dls_size);
    if (paths == NULL)
        return 0;
    int reaches = 0;
    if (dlinfo(main_library, RTLD_DI_SERINFOSIZE, paths) == 0 &&
        dlinfo(main_library, RTLD_DI_SERINFO, paths) == 0) {
        for (unsigned i = 0; i < paths->dls_cnt; i++) {
            const char *dir = paths->dls_serpath[i].dls_name;
            if (strcmp(dir, lib_dir) == 0) {   /* $ORIGIN of the library loaded from there */
                reaches = 1;
                break;
            }
            if (cudnnv_store_is_shims(root, dir))
                continue;
            if (!set_folder_known)
                set_folder_known = stat(lib_dir, &set_folder) == 0 ? 1 : -1;
            if (set_folder_known > 0 && is_directory(dir, &set_folder)) {
                reaches = 1;
                break;
            }
            if (holds_cudnn_sublibrary(dir)) {
                snprintf(shadow, size, "%s", dir);
                break;
            }
        }
    }
    free(paths);
    return reaches;
}

/*
 * Says, where 'cudnnv ps' can read it, which copy this shim serves: a
 * one-page anonymous file (memfd) named "cudnnv:MAJOR:LIB_DIR", mapped for
 * the life of the process, shows in /proc/PID/maps beside any other cuDNN
 * copy the program mapped itself. Nothing is written to a disk; it costs
 * two system calls and one page of address space.
 */
static void announce_served(const struct cudnnv_loaded *loaded)
{
    char name[250];
    if (snprintf(name, sizeof name, CUDNNV_SERVED_MARK, cudnnv_shim_major, loaded->lib_dir) >= (int)sizeof name)
        snprintf(name, sizeof name, CUDNNV_SERVED_MARK, cudnnv_shim_major, "?");
#ifdef SYS_memfd_create
    /* by system call number: the libc wrapper exists only from glibc 2.27, and the shim loads on older ones */
    int fd = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
#else
    int fd = -1;
#endif
    if (fd < 0)
        return;
    mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
}

/* The real folder of a loaded object's file, into out; 0 when it cannot be resolved. */
static int real_folder(const char *path, char *out)
{
    char real[PATH_MAX];
    if (path == NULL || path[0] != '/' || realpath(path, real) == NULL || strrchr(real, '/') == NULL)
        return 0;
    *strrchr(real, '/') = '\0';
    strcpy(out, real);
    return 1;
}

struct object_search {
    const char *lib_dir;
    int inside;                 /* 1: any object mapped from lib_dir; 0: a cuDNN copy mapped from elsewhere */
    char shim_dir[PATH_MAX];    /* this shim's folder: the shims of other majors beside it are not copies */
    char found[PATH_MAX];
};

/* Whether a loaded object is cuDNN: by its file's name, or by its soname whatever the file is called. */
static int is_cudnn_object(struct dl_phdr_info *info, const char *file_name)
{
    char soname[256];
    return strncmp(file_name, "libcudnn", 8) == 0 ||
           (cudnnv_loaded_soname(info, soname, sizeof soname) && strncmp(soname, "libcudnn", 8) == 0);
}

/*
 * An object loaded from the set's folder (by the path it was opened with: each of the set's libraries is opened by
 * its path there, and what they load by $ORIGIN is named from there too), or (not inside) a cuDNN library mapped
 * from another folder than the set's or the shims'.
 */
static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
    struct object_search *search = data;
    const char *name = info->dlpi_name, *slash = name != NULL ? strrchr(name, '/') : NULL;
    size_t length = strlen(search->lib_dir);
    char folder[PATH_MAX];
    (void)size;
    if (slash == NULL)
        return 0;
    if (search->inside ? strncmp(name, search->lib_dir, length) != 0 || name[length] != '/'
                       : !is_cudnn_object(info, slash + 1) || !real_folder(name, folder) ||
                             strcmp(folder, search->lib_dir) == 0 || strcmp(folder, search->shim_dir) == 0)
        return 0;
    snprintf(search->found, sizeof search->found, "%s", name);
    return 1;
}

/* CUDNNV_STRICT: a process that also mapped another cuDNN copy stops, naming it (it might serve some calls). */
static void refuse_foreign_copies(const struct cudnnv_choice *choice, const struct cudnnv_loaded *loaded)
{
    struct object_search search = {loaded->lib_dir, 0, "", ""};
    Dl_info self;
    if (dladdr((void *)refuse_foreign_copies, &self) == 0 || !real_folder(self.dli_fname, search.shim_dir))
        search.shim_dir[0] = '\0';
    dl_iterate_phdr(find_object, &search);
    if (search.found[0] != '\0') {
        char origin[PATH_MAX + 64];
        cudnnv_describe_origin(choice, origin, sizeof origin);
        cudnnv_die("CUDNNV_STRICT is set and this process also loaded %s, a cuDNN copy that is not set '%s' (%s); remove it from the program's path, or unset CUDNNV_STRICT",
                   search.found, choice->name, origin);
    }
}

static int load_libraries(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded,
                          int trial);
static void load_shadowed(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded);

int cudnnv_load_set(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded, int trial)
{
    if (!load_libraries(root, choice, loaded, trial))
        return 0;
    announce_served(loaded);
    if (cudnnv_launch_state()->strict)
        refuse_foreign_copies(choice, loaded);
    return 1;
}

/*
 * A trial that failed, its libraries closed again: the set is passed over
 * for the next of the default order, unless one of them stays mapped (the
 * next set would then mix with it), which stops the process.
 */
static __attribute__((noinline)) int pass_over(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded,
                                               const char *why)
{
    static struct object_search search;
    static char reason[512];
    snprintf(reason, sizeof reason, "%s", why != NULL ? why : "?");   /* dlerror's text lasts until the next dl call */
    search.lib_dir = loaded->lib_dir;
    search.inside = 1;
    dl_iterate_phdr(find_object, &search);
    if (search.found[0] != '\0')
        cudnnv_die("cannot load set '%s': %s; %s stays loaded, so no other set may serve: pin one",
                   choice->name, reason, search.found);
    cudnnv_debug("set '%s' cannot load here: %s; the next set is tried", choice->name, reason);
    free(loaded->lib_dir);
    loaded->lib_dir = NULL;
    loaded->libraries = 0;
    return 0;
}

/*
 * A trial: every sublibrary is loaded now, since a set that loads only its
 * main library may still fail at its first convolution; when one fails, all
 * of the set's libraries are closed again and the set is passed over.
 */
static __attribute__((noinline)) int load_all_or_pass(const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded)
{
    static struct trial trial;   /* the loading runs once per process */
    trial.count = 0;
    if (load_sublibraries(choice, loaded, &trial) == 0)
        return 1;
    while (trial.count > 0)
        dlclose(trial.handles[--trial.count]);
    dlclose(loaded->main_library);
    loaded->main_library = NULL;
    return pass_over(choice, loaded, trial.why);
}

/* Checks the set again for the reason it is refused, and stops the process with it. */
static __attribute__((noinline, noreturn)) void die_refused(const struct cudnnv_choice *choice,
                                                            const struct cudnnv_trust *trust, const char *set_dir)
{
    char why[WHY_SIZE], lib_dir[PATH_MAX];
    if (cudnnv_set_trusted_lib(trust, set_dir, lib_dir, why, sizeof why))
        snprintf(why, sizeof why, "%s changed while it was checked", set_dir);
    cudnnv_die("refusing set '%s': %s; %s", choice->name, why, cudnnv_trust_rule());
}

/*
 * The set's lib/ into loaded->lib_dir, resolved, once the set is found to be
 * of this platform and trusted, with its CUDA libraries loaded; stops the process
 * otherwise. Apart from load_libraries so that its buffers are gone before
 * the set's dlopen, which then runs on stack pages already touched.
 */
static __attribute__((noinline)) void check_set(const char *root, const struct cudnnv_choice *choice,
                                                 struct cudnnv_loaded *loaded)
{
    size_t store_length = strlen(root) > strlen(cudnnv_system_root()) ? strlen(root) : strlen(cudnnv_system_root());
    char set_dir[store_length + CUDNNV_NAME_MAX + CUDNNV_STORE_PATH_EXTRA];
    struct cudnnv_trust trust;
    char *lib_dir = malloc(PATH_MAX);
    if (lib_dir == NULL)
        cudnnv_die("out of memory while loading set '%s'", choice->name);
    cudnnv_set_dir(root, choice->name, set_dir, sizeof set_dir);
    if (choice->other_platform) {
        char origin[PATH_MAX + 64];
        cudnnv_describe_origin(choice, origin, sizeof origin);
        cudnnv_die("set '%s' (%s) is not built for %s; install NVIDIA's %s archive of that release and pin it",
                   choice->name, origin, CUDNNV_HOST_PLATFORM, CUDNNV_HOST_PLATFORM);
    }
    cudnnv_trust_init(&trust, root, cudnnv_system_root());
    if (!cudnnv_set_trusted_lib(&trust, set_dir, lib_dir, NULL, 0))   /* the reason only when refused */
        die_refused(choice, &trust, set_dir);
    if (lib_dir[0] == '\0')
        cudnnv_die("set '%s' has no lib directory (%s/lib); reinstall it or run 'cudnnv versions'",
                   choice->name, set_dir);
    loaded->lib_dir = strdup(lib_dir);   /* kept for the life of the process; the PATH_MAX buffer is not */
    free(lib_dir);
    if (loaded->lib_dir == NULL)
        cudnnv_die("out of memory while loading set '%s'", choice->name);
    load_cuda_libs(choice, set_dir, &trust);
}

/* The first three numbers of a name that starts as a version ("8.1.0.77" -> 8 1 0); how many were read. */
static int name_numbers(const char *name, long numbers[3])
{
    int count = 0;
    const char *c = name;
    while (count < 3 && *c >= '0' && *c <= '9') {
        char *end;
        numbers[count++] = strtol(c, &end, 10);
        c = *end == '.' ? end + 1 : end;
        if (c == end && *end != '\0')
            break;
    }
    return count;
}

/*
 * A set named like a version must hold that version: the library's own
 * cudnnGetVersion() (8004 for 8.0.4, 91900 for 9.19.0) is compared with the
 * name, so a set folder replaced by a link to another set is not served
 * under the wrong name. One dlsym and one call at the first call.
 */
static __attribute__((noinline)) void check_library_version(const struct cudnnv_choice *choice, void *library)
{
    long named[3], reported[3];
    int count = name_numbers(choice->name, named);
    size_t (*get_version)(void) = (size_t (*)(void))dlsym(library, "cudnnGetVersion");
    if (count == 0 || get_version == NULL)
        return;
    long version = (long)get_version(), scale = version >= 90000 ? 10000 : 1000;   /* 9: MMmmpp, before: Mmpp */
    reported[0] = version / scale;
    reported[1] = version % scale / 100;
    reported[2] = version % 100;
    char origin[PATH_MAX + 64];
    cudnnv_describe_origin(choice, origin, sizeof origin);
    for (int i = 0; i < count; i++) {
        if (named[i] != reported[i])
            cudnnv_die("set '%s' (%s) holds cuDNN %ld.%ld.%ld, not the release its name says; see 'cudnnv verify %s', and reinstall it",
                       choice->name, origin, reported[0], reported[1], reported[2], choice->name);
    }
}

/* Loads the set; in a trial, 0 when it cannot load here and was passed over (see load_all_or_pass). */
static int load_libraries(const char *root, const struct cudnnv_choice *choice, struct cudnnv_loaded *loaded,
                          int trial)
{
    loaded->main_library = NULL;
    loaded->libraries = 0;
    check_set(root, choice, loaded);
    char path[strlen(loaded->lib_dir) + 32];
    cudnnv_main_library(loaded->lib_dir, 0, cudnnv_shim_major, path, sizeof path);
    loaded->main_library = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (loaded->main_library == NULL && trial)
        return pass_over(choice, loaded, dlerror());   /* glibc closed what that dlopen had opened */
    if (loaded->main_library == NULL) {
        char origin[PATH_MAX + 64];
        cudnnv_describe_origin(choice, origin, sizeof origin);
        cudnnv_die("cannot load cuDNN '%s' (%s): %s; check it with 'cudnnv verify %s'", choice->name, origin,
                   dlerror(), choice->name);
    }
    loaded->libraries++;
    if (trial && !load_all_or_pass(choice, loaded))
        return 0;
    if (!trial)
        load_shadowed(root, choice, loaded);
    /* after the sublibraries: cuDNN 9's cudnnGetVersion() opens libcudnn_graph by its soname */
    check_library_version(choice, loaded->main_library);
    return 1;
}

/*
 * When a folder searched before the set's own holds cuDNN sublibraries, the
 * set's are loaded first (see the top of this file).
 */
static __attribute__((noinline)) void load_shadowed(const char *root, const struct cudnnv_choice *choice,
                                                     struct cudnnv_loaded *loaded)
{
    char shadow[PATH_MAX];
    shadow[0] = '\0';
    if (search_reaches_set_first(root, loaded->main_library, loaded->lib_dir, shadow, sizeof shadow))
        return;
    load_sublibraries(choice, loaded, NULL);
    if (shadow[0] != '\0')
        cudnnv_debug("%s holds cuDNN libraries and is searched before set '%s': loaded its %d sublibraries first",
                     shadow, choice->name, loaded->libraries - 1);
    else
        cudnnv_debug("the main library of set '%s' does not search its own directory: loaded its %d sublibraries first",
                     choice->name, loaded->libraries - 1);
}
