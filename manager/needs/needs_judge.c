/*
 * Judges a set's needs where a program started from here will run: each
 * library its libraries need (recorded at install in cudnnv.ini, or read
 * now by the install helper for a linked set) and each library cuDNN opens
 * at run time (versions/cudnn-opens.ini) is looked for in the loader's
 * order for a program started through the shims: the CUDA libraries cudnnv
 * brought for the set (loaded by the shim first), the CUDA runtime the
 * project pins (what 'cudnnv exec' and the hook put first), LD_LIBRARY_PATH, the
 * libraries' own RUNPATH with $ORIGIN their real folder (cuDNN 9's name
 * $ORIGIN and, from NVIDIA's wheels, the wheel's cublas/, cuda_nvrtc/ and
 * cuNN/ folders beside it; 7 and 8 carry none), the loader cache
 * (ldconfig -p), then the default folders. A name found only as another CUDA major's library is named as
 * such: libcublasLt.so.12 does not serve a set built for CUDA 11.
 */
#include "needs_judge.h"

#include "catalog.h"
#include "fsutil.h"
#include "platform.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"

#include "build_platform.h"
#include "cudnnv_select.h"

#include <dirent.h>
#include "ini_read.h"
#include "helper_names.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__aarch64__)
#define LOADER_CACHE_ARCH "AArch64"
#define MULTIARCH "aarch64-linux-gnu"
#else
#define LOADER_CACHE_ARCH "x86-64"
#define MULTIARCH "x86_64-linux-gnu"
#endif

static const char *const default_folders[] = {"/lib/" MULTIARCH, "/usr/lib/" MULTIARCH, "/lib64", "/usr/lib64",
                                              "/lib", "/usr/lib"};

/* Said from the same list that is searched, so that the two never drift apart. */
const char *needs_search_description(void)
{
    static char text[512];
    if (text[0] == '\0') {
        snprintf(text, sizeof text,
                 "the set's CUDA libraries, the project's CUDA runtime, LD_LIBRARY_PATH, the libraries' RUNPATH, the loader cache (ldconfig -p)");
        for (size_t i = 0; i < sizeof default_folders / sizeof default_folders[0]; i++)
            snprintf(text + strlen(text), sizeof text - strlen(text), ", %s", default_folders[i]);
    }
    return text;
}

/* ldconfig -p, read once: "\tNAME (libc6,ARCH...) => PATH" lines. */
static const char *loader_cache(void)
{
    static char listing[1 << 20];
    static int read;
    if (!read) {
        char *argv[] = {"/sbin/ldconfig", "-p", NULL};
        read = 1;
        if (platform_run_capture(argv, listing, sizeof listing, 10) != 0)
            listing[0] = '\0';
    }
    return listing;
}

/* The regular file NAME in dir (links followed), into path; 1 when there. */
static int file_in(const char *dir, const char *name, char *path, size_t size)
{
    struct stat info;
    return path_join(path, size, dir, name) == 0 && stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

/* The first entry of the loader cache for this machine's ABI whose name satisfies match, into path. */
static int cache_find(int (*match)(const char *name, const char *wanted), const char *wanted, char *path, size_t size)
{
    const char *line = loader_cache();
    char name[SET_NEED_NAME_MAX], target[PATH_MAX];
    struct stat info;
    while (*line != '\0') {
        size_t length = strcspn(line, "\n");
        const char *arrow = strstr(line, " => ");
        if (arrow != NULL && arrow < line + length && length < sizeof target &&
            sscanf(line, " %63s", name) == 1 && match(name, wanted)) {
            const char *abi = strstr(line, "(libc6");
            snprintf(target, sizeof target, "%.*s", (int)(line + length - arrow - 4), arrow + 4);
            const char *arch = abi != NULL ? strstr(abi, LOADER_CACHE_ARCH) : NULL;
            if (abi != NULL && arch != NULL && arch < arrow &&
                stat(target, &info) == 0 && S_ISREG(info.st_mode)) {
                snprintf(path, size, "%s", target);
                return 1;
            }
        }
        line += length + (line[length] == '\n');
    }
    return 0;
}

static int same_name(const char *name, const char *wanted)
{
    return strcmp(name, wanted) == 0;
}

/* "libcublasLt.so.12" for wanted "libcublasLt.so.11": the same library stem, another number. */
static int other_version(const char *name, const char *wanted)
{
    const char *so = strstr(wanted, ".so");
    size_t stem = so ? (size_t)(so - wanted) + 3 : 0;
    return so != NULL && strncmp(name, wanted, stem) == 0 && name[stem] == '.' && strcmp(name, wanted) != 0;
}

/* The first entry of dir whose name satisfies match, as a regular file, into path. */
static int folder_find(const char *dir, int (*match)(const char *name, const char *wanted), const char *wanted,
                       char *path, size_t size)
{
    if (match == same_name)
        return file_in(dir, wanted, path, size);
    DIR *handle = opendir(dir);
    struct dirent *entry;
    int found = 0;
    while (handle != NULL && !found && (entry = readdir(handle)) != NULL)
        found = match(entry->d_name, wanted) && file_in(dir, entry->d_name, path, size);
    if (handle != NULL)
        closedir(handle);
    return found;
}

struct search {
    const char *cuda_libs;   /* "" when the set has none */
    const char *runtime;      /* the CUDA runtime the project pins (lib/ of it), "" when none: first after the shims */
    const char *load;         /* the CUDA libraries the shim loads (':'-separated): only these meet a need */
    const char *runpath;      /* the libraries' RUNPATH, ':'-separated, $ORIGIN already their folder */
};

/* The first folder of a ':'-separated list that holds a match, into path; 1 when found. */
static int list_find(const char *list, int (*match)(const char *, const char *), const char *wanted, char *path,
                     size_t size)
{
    char dir[PATH_MAX];
    while (list != NULL && *list != '\0') {
        size_t length = strcspn(list, ":");
        snprintf(dir, sizeof dir, "%.*s", (int)(length < sizeof dir ? length : 0), list);
        if (dir[0] != '\0' && folder_find(dir, match, wanted, path, size))
            return 1;
        list += length + (list[length] == ':');
    }
    return 0;
}

/* True when name is one of the ':'-separated names of list. */
static int listed(const char *list, const char *name)
{
    size_t length = strlen(name);
    for (const char *item = list; *item != '\0'; item += strcspn(item, ":") + (item[strcspn(item, ":")] == ':')) {
        if (strncmp(item, name, length) == 0 && (item[length] == ':' || item[length] == '\0'))
            return 1;
    }
    return 0;
}

/* Looks for a library the way the loader does; the place's description, or NULL. */
static const char *loader_find(const struct search *search, int (*match)(const char *, const char *),
                               const char *wanted, char *path, size_t size)
{
    if (search->cuda_libs[0] && match == same_name && listed(search->load, wanted) &&
        folder_find(search->cuda_libs, match, wanted, path, size))
        return "the set's CUDA libraries";
    if (search->runtime[0] && folder_find(search->runtime, match, wanted, path, size))
        return "the project's CUDA runtime";
    if (list_find(getenv("LD_LIBRARY_PATH"), match, wanted, path, size))
        return "LD_LIBRARY_PATH";
    if (list_find(search->runpath, match, wanted, path, size))
        return "the set's RUNPATH";
    if (cache_find(match, wanted, path, size))
        return "the loader cache";
    for (size_t i = 0; i < sizeof default_folders / sizeof default_folders[0]; i++) {
        if (folder_find(default_folders[i], match, wanted, path, size))
            return "a default folder";
    }
    return NULL;
}

/* The CUDA major a CUDA library's file is for ("libnvrtc.so.11.2" -> 11), or -1 for any other file. */
static int cuda_major_of_file(const char *path)
{
    char real[PATH_MAX];
    const char *name = base_name(realpath(path, real) ? real : path);
    const char *so = strstr(name, ".so.");
    if ((strncmp(name, "libcu", 5) != 0 && strncmp(name, "libnvrtc", 8) != 0) || so == NULL)
        return -1;
    return atoi(so + 4);
}

static void judge_one(const struct search *search, int cuda_major, struct need_finding *finding)
{
    const char *wanted = finding->need.name;
    finding->how = loader_find(search, same_name, wanted, finding->path, sizeof finding->path);
    if (finding->how != NULL) {
        int major = cuda_major_of_file(finding->path);
        finding->verdict = cuda_major >= 0 && major >= 0 && major != cuda_major ? NEED_FOUND_OTHER : NEED_FOUND;
        return;
    }
    finding->how = loader_find(search, other_version, wanted, finding->path, sizeof finding->path);
    finding->verdict = finding->how != NULL ? NEED_OTHER_MAJOR : NEED_MISSING;
    if (finding->how == NULL)
        finding->path[0] = '\0';
}

/* A library a program opens by name itself (a framework's own CUDA libraries): looked for where the loader
 * looks for it, without a set's CUDA libraries or RUNPATH. */
void needs_judge_library(const char *name, int cuda_major, struct need_finding *finding)
{
    const struct search search = {"", "", "", ""};
    memset(finding, 0, sizeof *finding);
    snprintf(finding->need.name, sizeof finding->need.name, "%s", name);
    finding->need.when = NEED_AT_LOAD;
    judge_one(&search, cuda_major, finding);
}

struct runtime_reader {
    char section[32];
    int cuda_major;
    struct set_needs *needs;
    char *unknown;
    size_t unknown_size;
};

/* "libnvrtc.so.{cuda}" with the set's CUDA major; 0 when the major is needed and unknown. */
static int expand_cuda(const char *pattern, int cuda_major, char *out, size_t size)
{
    const char *mark = strstr(pattern, "{cuda}");
    if (mark == NULL)
        return snprintf(out, size, "%s", pattern), 1;
    if (cuda_major < 0)
        return 0;
    snprintf(out, size, "%.*s%d%s", (int)(mark - pattern), pattern, cuda_major, mark + 6);
    return 1;
}

static int take_opened_library(void *user, const char *section, const char *key, const char *value)
{
    struct runtime_reader *reader = user;
    char name[SET_NEED_NAME_MAX];
    if (strcmp(section, reader->section) != 0)
        return 1;
    if (strcmp(key, "unknown") == 0) {
        snprintf(reader->unknown, reader->unknown_size, "%s", value);
        return 1;
    }
    enum set_need_when when = strcmp(value, "nvrtc") == 0 ? NEED_NVRTC : NEED_CUBLAS;
    if (!expand_cuda(key, reader->cuda_major, name, sizeof name)) {
        size_t used = strncmp(reader->unknown, "the set's CUDA build is not known:", 34) == 0 ? strlen(reader->unknown) : 0;
        snprintf(reader->unknown + used, reader->unknown_size - used, "%s %s",
                 used ? "," : "the set's CUDA build is not known:", key);
    } else
        set_needs_add(reader->needs, name, "", when);
    return 1;
}

/* What versions/cudnn-opens.ini says cuDNN of this major opens at run time on the set's platform. */
static void add_opened_libraries(const struct set_info *info, int cuda_major, struct set_needs *needs,
                              struct set_judgement *judgement)
{
    struct runtime_reader reader = {.cuda_major = cuda_major, .needs = needs, .unknown = judgement->runtime_unknown,
                                    .unknown_size = sizeof judgement->runtime_unknown};
    snprintf(reader.section, sizeof reader.section, "%d %s", cudnnv_name_major(info->version),
             cudnnv_platform_is_windows(info->platform) ? "windows" : "linux");
    snprintf(judgement->runtime_unknown, sizeof judgement->runtime_unknown, "%s", "no source says for this release");
    int before = needs->count;
    if (catalog_data_read("cudnn-opens.ini", take_opened_library, &reader) != 0)
        return;
    if (needs->count > before && strcmp(judgement->runtime_unknown, "no source says for this release") == 0)
        judgement->runtime_unknown[0] = '\0';
}

/* The needs recorded at install (or at link, while the linked folder is as it was then), else read now by the
 * install helper. */
static int read_needs(const char *set_dir, const struct set_info *info, struct set_needs *needs)
{
    char lib_dir[PATH_MAX], folder[sizeof needs->folder];
    path_join(lib_dir, sizeof lib_dir, set_dir, "lib");
    if (set_needs_read(set_dir, needs) == 0 && needs->recorded &&
        (needs->folder[0] == '\0' ||
         (needs_folder_identity(lib_dir, folder, sizeof folder) == 0 && strcmp(folder, needs->folder) == 0)))
        return 1;
    return !cudnnv_platform_is_windows(info->platform) && needs_read_folder(lib_dir, needs) == 0;
}

/* The libraries' RUNPATH with $ORIGIN (or ${ORIGIN}) replaced by their real folder. */
static void expand_origin(const char *runpath, const char *origin, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    while (*runpath != '\0' && used + 1 < size) {
        int plain = strncmp(runpath, "$ORIGIN", 7) == 0, braced = strncmp(runpath, "${ORIGIN}", 9) == 0;
        if (plain || braced) {
            used += (size_t)snprintf(out + used, size - used, "%s", origin);
            runpath += plain ? 7 : 9;
        } else
            out[used++] = *runpath++;
        out[used < size ? used : size - 1] = '\0';
    }
}

int needs_judge_set(const char *root, const char *name, struct set_judgement *judgement)
{
    static struct set_needs needs;
    char set_dir[PATH_MAX], lib_dir[PATH_MAX], real_lib[PATH_MAX], cuda_libs[PATH_MAX] = "";
    char load[CUDNNV_COMPANIONS_MAX] = "", runpath[4 * PATH_MAX] = "";
    struct set_info info;
    memset(judgement, 0, sizeof *judgement);
    snprintf(judgement->name, sizeof judgement->name, "%s", name);
    if (store_set_dir(root, name, set_dir, sizeof set_dir) != 0 || set_info_read(set_dir, &info) != 0)
        return -1;
    snprintf(judgement->cuda, sizeof judgement->cuda, "%s", info.cuda);
    if (info.platform[0] != '\0' && !cudnnv_platform_runs_here(info.platform)) {
        snprintf(judgement->runtime_unknown, sizeof judgement->runtime_unknown,
                 "it is built for %s: judged where it runs", info.platform);
        return 0;
    }
    int cuda_major = cuda_major_of(info.cuda);
    judgement->needs_known = read_needs(set_dir, &info, &needs);
    if (!judgement->needs_known)
        memset(&needs, 0, sizeof needs);
    add_opened_libraries(&info, cuda_major, &needs, judgement);
    path_join(lib_dir, sizeof lib_dir, set_dir, "lib");
    if (!cudnnv_set_cuda_libs(set_dir, cuda_libs, sizeof cuda_libs, load, sizeof load))
        cuda_libs[0] = '\0';
    if (realpath(lib_dir, real_lib) != NULL)
        expand_origin(needs.runpath[0] ? needs.runpath : cudnnv_name_major(info.version) >= 9 ? "$ORIGIN" : "", real_lib,
                      runpath, sizeof runpath);
    needs_project_runtime(judgement->runtime, sizeof judgement->runtime);
    struct search search = {cuda_libs, judgement->runtime, load, runpath};
    for (int i = 0; i < needs.count; i++) {
        struct need_finding *finding = &judgement->finding[judgement->count++];
        finding->need = needs.need[i];
        judge_one(&search, cuda_major, finding);
    }
    return 0;
}
