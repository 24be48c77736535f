/*
 * A file or folder on this machine: install ARCHIVE or install DIR (and
 * anything that is not a release name, so that a mistyped path is told as
 * one). An archive is checked before anything is extracted: against
 * --sha256 when given, else against the SHA-256 the catalog publishes for
 * an archive of that file name (unless --no-catalog-check), so a damaged or
 * swapped download never installs under a trusted name. A set's CUDA
 * libraries from archives given (--cuda-libs-from), and a pinned runtime
 * from a folder of its libraries, come from here too.
 */
#include "install_source.h"
#include "option_names.h"

#include "catalog.h"
#include "cuda_components.h"
#include "cuda_libs_choice.h"
#include "cuda_runtime_install.h"
#include "fsutil.h"
#include "install_archive.h"
#include "lock_file.h"
#include "messages.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* A word a release could be named ("9.1", "8.1.0.77"): it holds no '/', so it is not spelled as a path. */
static int is_release_word(const char *word)
{
    return cudnnv_name_is_valid(word) && cudnnv_name_major(word) >= 0;
}

/*
 * Anything spelled as a path ("./9.1", "/x", "a/b") or that no release can be
 * named (so that a mistyped path is told as one). A release word is a
 * release, as in pyenv and nvm, even beside a file or folder of that name;
 * it is taken as that file or folder only when no other source is asked
 * (--channel, --index-url) and the catalog knows no release of that name.
 */
static int takes(const struct source_query *query)
{
    const char *word = query->requested;
    if (!is_release_word(word))
        return 1;
    if (!is_directory(word) && !is_regular_file(word))
        return 0;
    if (query->request->origin.channel != NULL || query->request->origin.index != NULL)
        return 0;
    const struct catalog *catalog = catalog_once_get(query->catalog);
    return catalog == NULL || catalog_find(catalog, word) == NULL;
}

static int check_sha256(const char *archive, const char *expected, char actual[65])
{
    if (strlen(expected) != 64)
        return usage_problem(OPTION_SHA256 " wants 64 hexadecimal digits");
    if (archive_sha256(archive, actual) != 0)
        return fail("cannot read %s: %s", archive, strerror(errno));
    if (strcasecmp(actual, expected) != 0)
        return fail("SHA-256 of %s is %s, not %s; the file is damaged or not the one published: download it again",
                    archive, actual, expected);
    return 0;
}

/* An archive whose file name the catalog knows, checked against the catalog's SHA-256. */
static int check_against_catalog(const char *archive, struct catalog_once *once, char actual[65])
{
    char expected[72];
    const struct catalog *catalog = catalog_once_get(once);
    if (catalog == NULL || !catalog_sum_of_archive(catalog, base_name(archive), expected, sizeof expected))
        return 0;
    if (archive_sha256(archive, actual) != 0)
        return fail("cannot read %s: %s", archive, strerror(errno));
    if (strcasecmp(actual, expected) == 0)
        return 0;
    return fail("SHA-256 of %s is %s, but the catalog says %s for that archive; nothing was installed: download it again, or install it anyway with " OPTION_NO_CATALOG_CHECK,
                archive, actual, expected);
}

static int resolve(const struct source_query *query, struct resolved_archive *found)
{
    const struct install_request *request = query->request;
    const char *path = query->requested;
    struct stat info;
    if (strlen(path) >= sizeof found->path)
        return fail("the path '%s' is longer than this system allows", path);
    memcpy(found->path, path, strlen(path) + 1);
    if (is_release_word(path))
        note("no release '%s' is in the catalog, so the %s './%s' here is installed ('cudnnv known' lists the releases)",
             path, is_directory(path) ? "folder" : "file", path);
    if (stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR))
        return fail("no such file or directory: '%s'; give NVIDIA's archive (.tar.xz, .tgz, .zip), a folder holding cuDNN, or a release ('cudnnv known')",
                    path);
    if (is_directory(path))
        return request->sha256 != NULL ? usage_problem(OPTION_SHA256 " checks an archive, and %s is a directory", path) : 0;
    if (!is_regular_file(path))
        return fail("'%s' is neither an archive nor a directory; give NVIDIA's archive (.tar.xz, .tgz, .zip) or a folder holding cuDNN",
                    path);
    if (request->sha256 != NULL)
        return check_sha256(path, request->sha256, found->sha256);
    return request->no_catalog_check ? 0 : check_against_catalog(path, query->catalog, found->sha256);
}

/* --cuda-libs-from: archives of the CUDA libraries, or a folder of the pinned runtime's libraries. */
static int given(const struct source_origin *origin)
{
    return origin->local != NULL;
}

/* Whether a folder holds CUDA's runtime library (libcudart.so*, cudart64_*.dll) by name. */
static int holds_cudart(const char *folder)
{
    DIR *dir = opendir(folder);
    struct dirent *entry;
    int found = 0;
    while (dir != NULL && !found && (entry = readdir(dir)) != NULL) {
        const struct cuda_component *row = cuda_component_of_library(entry->d_name);
        found = row != NULL && strcmp(row->name, "cudart") == 0;
    }
    if (dir != NULL)
        closedir(dir);
    return found;
}

int cuda_runtime_folder_in(const char *folder, char *out, size_t size)
{
    static const char *const below[] = {"lib", "lib64", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib",
                                        "targets/aarch64-linux/lib", "bin", "Library/bin"};
    snprintf(out, size, "%s", folder);
    if (holds_cudart(folder))
        return 1;
    for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
        char candidate[PATH_MAX];
        if (path_join(candidate, sizeof candidate, folder, below[i]) == 0 && holds_cudart(candidate)) {
            snprintf(out, size, "%s", candidate);
            return 1;
        }
    }
    return 0;
}

int cuda_runtime_from_folder(const char *root, const struct cuda_runtime_request *request)
{
    struct lock_cuda_runtime origin;
    char folder[PATH_MAX];
    if (cuda_runtime_announce(request, request->origin.local))
        return 0;
    if (!is_directory(request->origin.local))
        return fail("%s is not a folder; give the folder that holds CUDA %s's libraries", request->origin.local,
                    request->release);
    if (cuda_runtime_folder_in(request->origin.local, folder, sizeof folder) && strcmp(folder, request->origin.local) != 0)
        note("taking %s: %s holds CUDA's libraries there (the redist's or a toolkit's layout)", folder,
             request->origin.local);
    cuda_runtime_origin_begin(&origin, request->release, folder, (int)catalog_host_platform());
    return cuda_runtime_install(root, request->release, folder, &origin, "");
}

/*
 * A set's CUDA libraries from archives on this machine (--cuda-libs-from FILE
 * or DIR): each component from that archive file, or the newest of it for
 * the CUDA major in that folder, known by its name (NVIDIA's redist archive,
 * its wheel or a conda package), summed here, into cuda/local-cuNN.
 */
/*
 * The component an archive file holds, by its name: NVIDIA's redist
 * (libcublas-linux-x86_64-11.6.5.2-archive.tar.xz, cuda_nvrtc-...), its
 * wheels (nvidia_cublas_cu12-..., nvidia_cuda_nvrtc_cu12-...), a conda
 * package (libcublas-..., cuda-nvrtc-...). NULL for another file, and for
 * headers-only packages (-dev) and static libraries.
 */
static void dashes_to_underscores(char *text)
{
    for (char *c = text; *c; c++)
        *c = *c == '-' ? '_' : *c;
}

/* True when name (dashes made underscores) begins with spelling (the same) and an underscore. */
static int begins_with_package(const char *name, const char *spelling)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s_", spelling);
    dashes_to_underscores(prefix);
    return strncmp(name, prefix, strlen(prefix)) == 0;
}

static const char *archive_component(const char *file)
{
    static const enum cuda_source spellings[] = {CUDA_SOURCE_REDIST, CUDA_SOURCE_WHEEL, CUDA_SOURCE_CONDA};
    const char *names[8];
    char name[160];
    snprintf(name, sizeof name, "%s", file);
    dashes_to_underscores(name);
    if (strstr(name, "_dev_") != NULL || strstr(name, "_static") != NULL)
        return NULL;
    size_t count = cuda_libs_components(names, 8);
    for (size_t i = 0; i < count; i++) {
        const struct cuda_component *row = cuda_libs_row(names[i]);
        for (size_t k = 0; k < sizeof spellings / sizeof spellings[0]; k++) {
            const char *spelling = cuda_component_name_in(row, spellings[k]);
            /* a wheel without its "nvidia-", as other channels repackage them */
            if (begins_with_package(name, spelling) ||
                (strncmp(spelling, "nvidia-", 7) == 0 && begins_with_package(name, spelling + 7)))
                return names[i];
        }
    }
    return NULL;
}

/* The first '-'-separated part of an archive's name that is a version (11.6.5.2), or "". */
static void archive_version(const char *file, char *out, size_t size)
{
    out[0] = '\0';
    for (const char *part = file; part != NULL && out[0] == '\0'; part = strchr(part, '-')) {
        part += *part == '-';
        size_t length = strspn(part, "0123456789.");
        if (length > 2 && part[0] != '.' && memchr(part, '.', length) != NULL)
            snprintf(out, size, "%.*s", (int)length, part);
    }
}

/* An archive file of the component, into chosen: its file:// address, size and SHA-256 (computed here). */
static int take_local_file(const char *path, struct redist_component *component)
{
    char real[PATH_MAX];
    struct stat info;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (realpath(path, real) == NULL || stat(real, &info) != 0 || !S_ISREG(info.st_mode) ||
        strlen(real) + 8 > sizeof component->archive.url || strlen(name) >= sizeof component->archive.name)
        return fail("cannot read %s: %s", path, strerror(errno ? errno : EINVAL));
    memset(component, 0, sizeof *component);
    snprintf(component->archive.name, sizeof component->archive.name, "%s", name);
    snprintf(component->archive.url, sizeof component->archive.url, "file://%s", real);
    component->archive.size = info.st_size;
    archive_version(name, component->version, sizeof component->version);
    if (archive_sha256(real, component->archive.sha256) != 0)
        return fail("cannot read %s to sum it: %s", path, strerror(errno));
    return 0;
}

/* True when the archive's version is of the CUDA major (cuBLAS 11.x, NVRTC 11.x and cudart 11.x are CUDA 11's). */
static int archive_of_major(const char *file, int cuda_major)
{
    char version[32];
    archive_version(file, version, sizeof version);
    return version[0] != '\0' && atoi(version) == cuda_major;
}

/* In a folder: the component's archive for the CUDA major with the newest version in its name, into best;
 * 1 when one is there. */
static int newest_in_folder(const char *folder, const char *component, int cuda_major, char *best, size_t size)
{
    char version[32], best_version[32] = "", path[PATH_MAX];
    DIR *dir = opendir(folder);
    struct dirent *entry;
    best[0] = '\0';
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        const char *holds = archive_component(entry->d_name);
        if (holds == NULL || strcmp(holds, component) != 0 || !archive_of_major(entry->d_name, cuda_major) ||
            path_join(path, sizeof path, folder, entry->d_name) != 0 || !is_regular_file(path))
            continue;
        archive_version(entry->d_name, version, sizeof version);
        if (best[0] == '\0' || cudnnv_name_compare(version, best_version) > 0) {
            snprintf(best, size, "%s", path);
            snprintf(best_version, sizeof best_version, "%s", version);
        }
    }
    if (dir != NULL)
        closedir(dir);
    return best[0] != '\0';
}

/* --cuda-libs-from: each component from that archive file, or the newest of it in that folder. */
static int choose_local(const struct cuda_libs_request *request, struct cuda_libs_choice *chosen)
{
    char path[PATH_MAX];
    int folder = is_directory(request->origin.local);
    snprintf(chosen->label, sizeof chosen->label, "local-cu%d", request->cuda_major);
    snprintf(chosen->source, sizeof chosen->source, "%s", request->origin.local);
    for (int i = 0; i < request->count; i++) {
        const char *name = strrchr(request->origin.local, '/') ? strrchr(request->origin.local, '/') + 1 : request->origin.local;
        const char *holds = folder ? NULL : archive_component(name);
        if (folder ? !newest_in_folder(request->origin.local, request->component[i], request->cuda_major, path, sizeof path)
                   : holds == NULL || strcmp(holds, request->component[i]) != 0 ||
                         !archive_of_major(name, request->cuda_major))
            return fail("%s holds no %s archive for CUDA %d (NVIDIA's %s-%s-%d.x-archive, its wheel or conda package); nothing was brought: give a folder that holds one for each library the set needs",
                        request->origin.local, request->component[i], request->cuda_major, request->component[i],
                        request->platform, request->cuda_major);
        if (!folder)
            snprintf(path, sizeof path, "%s", request->origin.local);
        if (take_local_file(path, &chosen->component[i]) != 0)
            return 1;
    }
    return 0;
}

/* From --cuda-libs-from: the archive file, or the folder of archives, given. */
int cuda_libs_from_given(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                          struct cuda_libs_choice *chosen)
{
    (void)root;
    *all = *request;
    return choose_local(all, chosen);
}

const struct install_source source_local = {.name = "local", .checks_given_sum = 1, .takes = takes,
                                            .resolve = resolve, .given = given,
                                            .cuda_libs = cuda_libs_from_given, .cuda_runtime = cuda_runtime_from_folder};
