/*
 * cuda_runtime_install.h: a folder's CUDA libraries copied into staging,
 * checked, recorded and published as ROOT/cuda/runtime/RELEASE. Only what
 * programs load is kept: lib*.so* files (never a libcudnn*: the shims stay
 * the only cuDNN a program finds by name there), each link only as a plain
 * name of the same folder, as a set's links. A runtime of another CUDA
 * release than the pin (libcudart.so.11.2.152 for "cuda 11.0") is refused.
 */
#include "cuda_runtime_install.h"

#include "archive_fetch.h"
#include "catalog.h"
#include "conda_channel.h"
#include "conda_package.h"
#include "config.h"
#include "cuda_runtime.h"
#include "install_archive.h"
#include "install_source.h"
#include "fsutil.h"
#include "manifest.h"
#include "messages.h"
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A library a program loads by soname: lib*.so or lib*.so.N..., not cuDNN. */
static int is_runtime_library(const char *name)
{
    const char *so = strstr(name, ".so");
    return strncmp(name, "lib", 3) == 0 && strncmp(name, "libcudnn", 8) != 0 && so != NULL &&
           (so[3] == '\0' || so[3] == '.') && !cudnnv_text_has_controls(name) && strchr(name, '/') == NULL;
}

/* One entry of the folder into lib/: a plain link as a link, anything else as the regular file it is (a hard link
 * where the folder is on the store's disk, else a copy). 0, 1 when passed over, -1 after a message. */
static int take_entry(const char *folder, const char *name, const char *lib)
{
    char from[PATH_MAX], to[PATH_MAX], target[PATH_MAX];
    struct stat info;
    if (path_join(from, sizeof from, folder, name) != 0 || path_join(to, sizeof to, lib, name) != 0 ||
        lstat(from, &info) != 0)
        return 1;
    if (S_ISLNK(info.st_mode)) {
        ssize_t length = readlink(from, target, sizeof target - 1);
        if (length > 0) {
            target[length] = '\0';
            if (strchr(target, '/') == NULL && strcmp(target, "..") != 0 && strcmp(target, ".") != 0)
                return symlink(target, to) == 0 ? 0 : fail("cannot create %s: %s", to, strerror(errno));
        }
        if (stat(from, &info) != 0)
            return 1;   /* a dangling link brings nothing */
    }
    if (!S_ISREG(info.st_mode))
        return 1;
    if (link(from, to) == 0 || copy_file(from, to, info.st_mode & 0755) == 0)
        return 0;
    return fail("cannot copy %s: %s", from, strerror(errno));
}

/*
 * The CUDA release of the runtime in lib: libcudart.so.11.0.221 says "11.0";
 * NVIDIA's wheels ship the file under its soname alone (libcudart.so.13), which
 * says the major ("13") only. "" when no such file is there.
 */
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
    }
    if (dir != NULL)
        closedir(dir);
}

static int copy_folder(const char *folder, const char *lib, int *count)
{
    DIR *dir = opendir(folder);
    struct dirent *entry;
    int status = dir != NULL ? 0 : fail("cannot read %s: %s", folder, strerror(errno));
    *count = 0;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        if (!is_runtime_library(entry->d_name))
            continue;
        int taken = take_entry(folder, entry->d_name, lib);
        if (taken < 0)
            status = 1;
        *count += taken == 0;
    }
    if (dir != NULL)
        closedir(dir);
    return status;
}

/* Checks what was copied: a CUDA runtime at all, and of the pinned release. */
static int check_runtime(const char *folder, const char *lib, const char *release, int count)
{
    char found[32];
    runtime_release(lib, found, sizeof found);
    if (count == 0 || found[0] == '\0')
        return fail("%s holds no CUDA runtime (no libcudart.so.MAJOR.MINOR.PATCH); give the folder that holds CUDA %s's libraries (a toolkit's lib64, a conda environment's lib)",
                    folder, release);
    /* "11.0" against "11.2" is refused; against "13" (a wheel's soname alone) only the major can be compared */
    if (!cudnnv_name_has_prefix(release, found) && !cudnnv_name_has_prefix(found, release))
        return fail("%s holds the CUDA %s runtime, not the CUDA %s one the project pins; nothing was brought", folder,
                    found, release);
    return 0;
}

/* Where a runtime came from: a folder, or a package's address and the SHA-256 it was checked against. */
struct runtime_origin {
    const char *source;
    const char *sha256;     /* "" for a folder */
};

static int write_record(const char *staged, const char *release, const struct runtime_origin *origin)
{
    char path[PATH_MAX], text[2 * PATH_MAX + 256], stamp[32], source[PATH_MAX];
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    cudnnv_escape_text(origin->source, source, sizeof source);
    snprintf(text, sizeof text,
             "; written by cudnnv: a CUDA runtime a project pins\n[runtime]\nversion = %s\nsource = %s\n%s%s%sinstalled = %s\n",
             release, source, origin->sha256[0] ? "sha256 = " : "", origin->sha256, origin->sha256[0] ? "\n" : "", stamp);
    path_join(path, sizeof path, staged, "cudnnv.ini");
    return write_file_atomic(path, text);
}

static int publish(const char *root, const char *staged, const char *release)
{
    char area[PATH_MAX], target[PATH_MAX];
    if (path_join(area, sizeof area, root, CUDA_RUNTIME_AREA) != 0 || make_dirs(area, 0755) != 0 ||
        path_join(target, sizeof target, area, release) != 0)
        return fail("cannot create %s/%s: %s", root, CUDA_RUNTIME_AREA, strerror(errno));
    if (sync_tree_directories(staged) != 0 || rename(staged, target) != 0)
        return fail("cannot move the CUDA %s runtime into %s: %s", release, target, strerror(errno));
    return 0;
}

static int bring(const char *root, const char *staging, const char *release, const char *folder,
                 const struct runtime_origin *origin)
{
    char staged[PATH_MAX], lib[PATH_MAX];
    struct manifest_stats stats;
    int count;
    if (path_join(staged, sizeof staged, staging, release) != 0 || path_join(lib, sizeof lib, staged, "lib") != 0 ||
        make_dirs(lib, 0755) != 0)
        return fail("cannot create %s: %s", lib, strerror(errno));
    if (copy_folder(folder, lib, &count) != 0 || check_runtime(folder, lib, release, count) != 0)
        return 1;
    if (write_record(staged, release, origin) != 0 || manifest_build(root, staged, &stats) != 0)
        return fail("cannot write the record of %s: %s", staged, strerror(errno));
    if (publish(root, staged, release) != 0)
        return 1;
    note("brought the CUDA %s runtime (%d files and links) from %s into %s/%s/%s", release, count, origin->source,
         root, CUDA_RUNTIME_AREA, release);
    return 0;
}

/* A conda package (cudatoolkit) of the release, fetched and checked against the repodata's SHA-256, its libraries
 * unpacked under staging/raw; 0 with raw/lib in lib, or 1 after a message. */
static int unpack_package(const char *root, const char *staging, const char *release, const char *channel,
                          int platform, char *lib, size_t lib_size, struct source_file *package, char *sha256)
{
    char why[PATH_MAX + 256], archive_path[PATH_MAX], raw[PATH_MAX], payload[PATH_MAX] = "", error[PATH_MAX + 256];
    struct catalog_archive archive;
    struct config config;
    config_read(root, &config);
    if (conda_channel_find_release(channel, CUDA_RUNTIME_CONDA_PACKAGE, release, platform, package, why, sizeof why) != 0)
        return fail("%s; the channel has no CUDA %s runtime (give --cuda-libs-from a folder of its libraries)", why,
                    release);
    if (source_as_archive(package->name, package->url, package->sha256, &archive) != 0)
        return 1;
    note("CUDA %s runtime: %s %s from %s", release, CUDA_RUNTIME_CONDA_PACKAGE, package->version, package->url);
    if (install_fetch_archive(&archive, "the channel's repodata.json", archive_path, sizeof archive_path, sha256) != 0)
        return 1;
    if (path_join(raw, sizeof raw, staging, "raw") != 0 || make_dirs(raw, 0700) != 0)
        return fail("cannot create %s: %s", raw, strerror(errno));
    const char *unpack = archive_path;
    if (conda_is_package(archive_path)) {   /* a .conda's payload first, under the rules of every archive */
        if (path_join(payload, sizeof payload, staging, "payload.tar.zst") != 0 ||
            conda_take_payload(archive_path, payload, config.max_member_size, error, sizeof error) != 0)
            return fail("refusing %s: %s; nothing was brought", package->name, error);
        unpack = payload;
    }
    if (archive_extract_runtime_libraries(unpack, raw, config.max_member_size, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was brought", package->name, error);
    if (path_join(lib, lib_size, raw, "lib") != 0 || !is_directory(lib))
        return fail("%s holds no lib/ folder of libraries; is it conda's %s?", package->name, CUDA_RUNTIME_CONDA_PACKAGE);
    return 0;
}

/* Under the store's lock: nothing when the release is there, else staging, bring (from a folder, or a channel). */
static int install_runtime(const char *root, const char *release, const char *folder, const char *channel, int platform)
{
    char staging[PATH_MAX], lib[PATH_MAX], sha256[65] = "";
    struct source_file package;
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = 0;
    if (cuda_runtime_find(root, release, lib, sizeof lib))
        note("the CUDA %s runtime is already in %s", release, lib);
    else if ((status = store_new_staging(root, "runtime", staging, sizeof staging)) == 0) {
        if (folder != NULL) {
            struct runtime_origin origin = {folder, ""};
            status = bring(root, staging, release, folder, &origin);
        } else if ((status = unpack_package(root, staging, release, channel, platform, lib, sizeof lib, &package,
                                            sha256)) == 0) {
            struct runtime_origin origin = {package.url, sha256};
            status = bring(root, staging, release, lib, &origin);
        }
        remove_tree(staging);
    }
    store_unlock(lock);
    return status;
}

int cuda_runtime_install_folder(const char *root, const char *release, const char *folder)
{
    if (!is_directory(folder))
        return fail("%s is not a folder; give the folder that holds CUDA %s's libraries", folder, release);
    return install_runtime(root, release, folder, NULL, 0);
}

int cuda_runtime_install_channel(const char *root, const char *release, const char *channel, int platform)
{
    return install_runtime(root, release, NULL, channel, platform);
}
