/*
 * cuda_runtime_install.h: a CUDA runtime's libraries, from a folder or
 * unpacked from packages (a conda channel's cudatoolkit, NVIDIA's apt
 * .debs, each checked against its SHA-256), copied into staging, checked,
 * recorded and published as ROOT/cuda/runtime/RELEASE. Only what
 * programs load is kept: lib*.so* files (never a libcudnn*: the shims stay
 * the only cuDNN a program finds by name there), each link only as a plain
 * name of the same folder, as a set's links. A runtime of another CUDA
 * release than the pin (libcudart.so.11.2.152 for "cuda 11.0") is refused.
 * Each source chooses its packages in its own source_X.c (a folder, a
 * channel, an index, the lock, NVIDIA's CUDA).
 */
#include "cuda_runtime_install.h"

#include "apt_repo.h"
#include "beneath.h"
#include "archive_fetch.h"
#include "catalog.h"
#include "conda_channel.h"
#include "package_payload.h"
#include "config.h"
#include "cuda_components.h"
#include "cuda_runtime.h"
#include "install_archive.h"
#include "install_source.h"
#include "lock_file.h"
#include "fsutil.h"
#include "manifest.h"
#include "messages.h"
#include "platform.h"
#include "store.h"
#include "store_layout.h"
#include "wheel_record.h"

#include <dirent.h>
#include <strings.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A library of CUDA's own (cuda_components.h) that a program of this system loads by name (a DLL only on
 * Windows); never a cuDNN, nothing else. */
static int is_runtime_library(const char *name)
{
    if (cudnnv_text_has_controls(name) || strchr(name, '/') != NULL || strchr(name, '\\') != NULL)
        return 0;
    return cuda_component_of_library_on(name, PLATFORM_IS_WINDOWS) != NULL;
}

/* Whether a file of the folder may be hard-linked into the store: this user's, written by no one else, not setuid
 * or setgid. Anything else is copied (the copy is this user's, mode 0755 at most): a hard link would let its owner
 * rewrite the store's file. */
static int may_hard_link(const struct stat *info)
{
    return platform_file_is_private(info);
}

/* Why an entry could not be opened below the folder: 1 when it is passed over (gone, dangling, a special file),
 * -1 after a message (a link that leads out of the folder). */
static int refuse_entry(const char *folder, const char *from, int error)
{
    if (error != EXDEV && error != ELOOP)
        return 1;
    fail("refusing %s: it leads out of %s; a runtime holds only its own files, nothing was brought", from, folder);
    return -1;
}

/*
 * One entry of the folder into lib/, the entry opened once (below the folder:
 * a link that leads out is refused) and judged by what was opened: a link to a
 * plain name of the folder stays that link; anything else must open as a
 * regular file, hard-linked when may_hard_link says so, else copied from the
 * open file (mode 0755 at most, never setuid). So a file swapped for a link
 * to someone else's file between the listing and the copy is never read.
 * 0, 1 when passed over (not a file, a dangling link), -1 after a message.
 */
static int take_entry(int top, const char *folder, const char *name, const char *lib)
{
    char from[PATH_MAX], to[PATH_MAX], target[PATH_MAX];
    struct stat info;
    if (path_join(from, sizeof from, folder, name) != 0 || path_join(to, sizeof to, lib, name) != 0 ||
        lstat(from, &info) != 0)
        return 1;
    if (S_ISLNK(info.st_mode)) {
        ssize_t length = readlink(from, target, sizeof target - 1);
        target[length > 0 ? length : 0] = '\0';
        if (length > 0 && strchr(target, '/') == NULL && strcmp(target, "..") != 0 && strcmp(target, ".") != 0)
            return symlink(target, to) == 0 ? 0 : fail("cannot create %s: %s", to, strerror(errno));
    }
    int fd = beneath_open_entry(top, folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return refuse_entry(folder, from, errno);
    int status = 1;
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        if ((may_hard_link(&info) && platform_link_descriptor(fd, to) == 0) ||
            copy_from_descriptor(fd, to, info.st_mode & 0755) == 0)
            status = 0;
        else
            status = fail("cannot copy %s: %s", from, strerror(errno));
    }
    close(fd);
    return status;
}

/*
 * The CUDA release of the runtime in lib: libcudart.so.11.0.221 says "11.0";
 * NVIDIA's wheels ship the file under its soname alone (libcudart.so.13), which
 * says the major ("13") only; on Windows cudart64_110.dll is every CUDA 11's
 * and says "11", cudart64_12.dll "12". "" when no such file is there.
 */
static void windows_release(int code, char *out, size_t size)
{
    if (code >= 110 && code < 120)
        snprintf(out, size, "%d", code / 10);   /* every CUDA 11 ships cudart64_110.dll: the major alone */
    else if (code >= 100 && code < 110)
        snprintf(out, size, "10.%d", code % 10);
    else
        snprintf(out, size, "%d", code);
}

static void runtime_release(const char *lib, char *out, size_t size)
{
    DIR *dir = opendir(lib);
    struct dirent *entry;
    int major, minor, patch;
    char end;
    out[0] = '\0';
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (sscanf(entry->d_name, "libcudart.so.%d.%d.%d", &major, &minor, &patch) == 3)
            snprintf(out, size, "%d.%d", major, minor);
        else if (out[0] == '\0' && sscanf(entry->d_name, "libcudart.so.%d%c", &major, &end) == 1)
            snprintf(out, size, "%d", major);
        else if (out[0] == '\0' && sscanf(entry->d_name, "cudart64_%d.dl%c", &major, &end) == 2 && end == 'l')
            windows_release(major, out, size);
    }
    if (dir != NULL)
        closedir(dir);
}

/* CUDA's libraries of folder into lib (count: how many); the folder's other libraries are left there, and said. */
static int copy_folder(const char *folder, const char *lib, int *count)
{
    int top = beneath_open_folder(folder);
    DIR *dir = top >= 0 ? opendir(folder) : NULL;
    struct dirent *entry;
    int status = dir != NULL ? 0 : fail("cannot read %s: %s", folder, strerror(errno)), others = 0;
    *count = 0;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        if (!is_runtime_library(entry->d_name)) {
            others += cuda_looks_like_library(entry->d_name);
            continue;
        }
        int taken = take_entry(top, folder, entry->d_name, lib);
        if (taken < 0)
            status = 1;
        *count += taken == 0;
    }
    if (dir != NULL)
        closedir(dir);
    if (top > 0)
        close(top);
    if (status == 0 && others > 0)
        note("%d %s in %s %s not CUDA's: left where %s", others, others == 1 ? "library" : "libraries", folder,
             others == 1 ? "is" : "are", others == 1 ? "it is" : "they are");
    return status;
}

/* Checks what was copied: a CUDA runtime at all, and of the pinned release. */
static int check_runtime(const char *folder, const char *lib, const char *release, int count)
{
    char found[32];
    runtime_release(lib, found, sizeof found);
    if (count == 0 || found[0] == '\0')
        return fail("%s holds no CUDA runtime (no %s); give the folder that holds CUDA %s's libraries (a toolkit's %s, a conda environment's %s)",
                    folder, PLATFORM_IS_WINDOWS ? "cudart64_NNN.dll" : "libcudart.so.MAJOR.MINOR.PATCH", release,
                    PLATFORM_IS_WINDOWS ? "bin" : "lib64", PLATFORM_IS_WINDOWS ? "Library\\bin" : "lib");
    /* "11.0" against "11.2" is refused; against "13" (a wheel's soname alone) only the major can be compared */
    if (!cudnnv_name_has_prefix(release, found) && !cudnnv_name_has_prefix(found, release))
        return fail("%s holds the CUDA %s runtime, not the CUDA %s one the project pins; nothing was brought", folder,
                    found, release);
    return 0;
}

/* The record, cudnnv.ini: the lock's [runtime RELEASE] section (lock_file.h) and when it was brought. */
static int write_record(const char *staged, const struct lock_cuda_runtime *origin)
{
    char path[PATH_MAX], temporary[PATH_MAX + 64], stamp[32];
    time_t now = time(NULL);
    struct tm utc;
    FILE *out = path_join(path, sizeof path, staged, CUDNNV_STORE_RECORD) == 0
                    ? safe_file_begin(path, temporary, sizeof temporary) : NULL;
    if (out == NULL)
        return -1;
    gmtime_r(&now, &utc);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    fprintf(out, "; written by cudnnv: a CUDA runtime a project pins, and the packages it came from\n");
    lock_cuda_runtime_write(out, origin);
    fprintf(out, "installed = %s\n", stamp);
    return safe_file_commit(out, temporary, path, !ferror(out));
}

static int bring(const char *root, const char *staging, const char *release, const char *folder,
                 const struct lock_cuda_runtime *origin)
{
    char staged[PATH_MAX], lib[PATH_MAX], target[PATH_MAX];
    struct manifest_stats stats;
    int count;
    if (cudnnv_store_path(target, sizeof target, root, CUDNNV_STORE_RUNTIME, release) != 0)
        return fail("the store's path %s is too long for a CUDA runtime", root);
    if (path_join(staged, sizeof staged, staging, release) != 0 || path_join(lib, sizeof lib, staged, "lib") != 0 ||
        make_dirs(lib, 0755) != 0)
        return fail("cannot create %s: %s", lib, strerror(errno));
    if (copy_folder(folder, lib, &count) != 0 || check_runtime(folder, lib, release, count) != 0)
        return 1;
    if (write_record(staged, origin) != 0 || manifest_build(root, staged, &stats) != 0)
        return fail("cannot write the record of %s: %s", staged, strerror(errno));
    if (store_publish_tree(staged, target, 0, "the CUDA runtime") != 0)
        return 1;
    note("brought the CUDA %s runtime (%d files and links) from %s into %s", release, count, origin->from, target);
    return 0;
}

/* One package fetched (its SHA-256 checked against what the source gave) and its libraries unpacked into raw;
 * 0, or 1 after a message. */
static int unpack_package(const struct catalog_archive *package, const char *authority, const char *staging,
                          const char *raw, unsigned long long limit)
{
    char archive_path[PATH_MAX], payload[PATH_MAX], error[PATH_MAX + 256], sha256[65];
    if (install_fetch_archive(package, authority, 0, archive_path, sizeof archive_path, sha256) != 0)
        return 1;
    const char *unpack = archive_path;
    int (*take)(const char *, const char *, unsigned long long, char *, size_t) =
        conda_is_package(archive_path) ? conda_take_payload : deb_is_package(archive_path) ? deb_take_payload : NULL;
    if (take != NULL) {   /* the payload first, under the rules of every archive */
        if (path_join(payload, sizeof payload, staging, "payload") != 0)
            return fail("%s: a path too long", staging);
        unlink(payload);
        if (take(archive_path, payload, limit, error, sizeof error) != 0)
            return fail("refusing %s: %s; nothing was brought", package->name, error);
        unpack = payload;
    }
    if (make_dirs(raw, 0700) != 0)
        return fail("cannot create %s: %s", raw, strerror(errno));
    if (archive_extract_runtime_libraries(unpack, raw, limit, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was brought", package->name, error);
    if (wheel_is_file(package->name) && wheel_record_check(raw, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was brought", package->name, error);
    return 0;
}

/*
 * Every CUDA library unpacked below raw (the extraction wrote only those, each
 * from a library folder of the package: a conda package's lib/, a .deb's
 * usr/local/cuda-11.0/targets/x86_64-linux/lib/, a wheel's nvidia/cu13/lib/;
 * links of other names, which an archive keeps whatever they name, stay)
 * moved into flat, one folder (moved counts them); two packages holding
 * the same name refuse the runtime. depth bounds the walk.
 */
static int gather(const char *raw, const char *flat, int depth, int *moved)
{
    char from[PATH_MAX], to[PATH_MAX];
    struct stat info;
    struct dirent *entry;
    DIR *dir = depth < 16 ? opendir(raw) : NULL;
    int status = 0;
    while (status == 0 && dir != NULL && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0 ||
            path_join(from, sizeof from, raw, entry->d_name) != 0 || lstat(from, &info) != 0)
            continue;
        if (S_ISDIR(info.st_mode))
            status = gather(from, flat, depth + 1, moved);
        else if (is_runtime_library(entry->d_name) && path_join(to, sizeof to, flat, entry->d_name) == 0) {
            if (lstat(to, &info) == 0)
                status = fail("two packages hold %s; nothing was brought", entry->d_name);
            else if (rename(from, to) != 0)
                status = fail("cannot move %s: %s", from, strerror(errno));
            else
                (*moved)++;
        }
    }
    if (dir != NULL)
        closedir(dir);
    return status;
}

/* Each package of origin into staging/flat, the folder bring() copies from; 0, or 1 after a message. */
static int unpack_packages(const char *root, const char *staging, const struct lock_cuda_runtime *origin,
                           const char *authority, char *flat, size_t flat_size)
{
    char raw[PATH_MAX], number[16];
    struct config config;
    config_read(root, &config);
    if (path_join(flat, flat_size, staging, "flat") != 0 || make_dirs(flat, 0700) != 0)
        return fail("cannot create %s/flat: %s", staging, strerror(errno));
    for (int i = 0; i < origin->count; i++) {
        snprintf(number, sizeof number, "raw-%d", i + 1);
        note("CUDA %s runtime: %s from %s", origin->release, origin->package[i].name, origin->package[i].url);
        int moved = 0;
        if (path_join(raw, sizeof raw, staging, number) != 0 ||
            unpack_package(&origin->package[i], authority, staging, raw, config.max_member_size) != 0 ||
            gather(raw, flat, 0, &moved) != 0)
            return 1;
        if (moved == 0 && cuda_package_is_required(origin->package[i].name))
            return fail("refusing the CUDA %s runtime: %s holds none of CUDA's libraries; nothing was brought",
                        origin->release, origin->package[i].name);
        if (moved == 0)   /* CUDA 13's NVTX is headers alone, for one */
            note("CUDA %s runtime: %s holds none of CUDA's libraries; a component no runtime needs, left out",
                 origin->release, origin->package[i].name);
    }
    return 0;
}

/* Under the store's lock: nothing when the release is there, else staging, then bring from the folder or from
 * what the packages hold (authority: what gave their sums, for messages). */
int cuda_runtime_install(const char *root, const char *release, const char *folder, const struct lock_cuda_runtime *origin,
                         const char *authority)
{
    char staging[PATH_MAX], lib[PATH_MAX];
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = 0;
    if (cuda_runtime_find(root, release, lib, sizeof lib))
        note("the CUDA %s runtime is already in %s", release, lib);
    else if ((status = store_new_staging(root, "runtime", staging, sizeof staging)) == 0) {
        if (folder == NULL)
            status = unpack_packages(root, staging, origin, authority, lib, sizeof lib);
        if (status == 0)
            status = bring(root, staging, release, folder ? folder : lib, origin);
        remove_tree(staging);
    }
    store_unlock(lock);
    return status;
}

/* The record's start: its release, where the packages were found (escaped: it is written into an INI line), the
 * platform. */
void cuda_runtime_origin_begin(struct lock_cuda_runtime *origin, const char *release, const char *from, int platform)
{
    memset(origin, 0, sizeof *origin);
    snprintf(origin->release, sizeof origin->release, "%s", release);
    cudnnv_escape_text(from, origin->from, sizeof origin->from);
    snprintf(origin->platform, sizeof origin->platform, "%s", catalog_platform_name((enum catalog_platform)platform));
}

int cuda_runtime_origin_add(struct lock_cuda_runtime *origin, const struct source_file *file)
{
    if (origin->count >= LOCK_RUNTIME_PACKAGES)
        return fail("more than %d packages for one runtime", LOCK_RUNTIME_PACKAGES);
    struct catalog_archive *package = &origin->package[origin->count++];
    if (source_as_archive(file->name, file->url, file->sha256, package) != 0)
        return 1;
    package->size = file->size;   /* the download stops near what the source announced */
    return 0;
}

int cuda_runtime_announce(const struct cuda_runtime_request *request, const char *address)
{
    if (request->plan_only)
        note("CUDA %s runtime (pinned in %s): not installed; 'cudnnv install' brings it from %s", request->release,
             request->version_file, address);
    else
        note("CUDA %s runtime (pinned in %s): bringing it from %s", request->release, request->version_file, address);
    return request->plan_only;
}
