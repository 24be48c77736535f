/*
 * Bringing a set's CUDA libraries (cuda_libs.h). Which archives is asked of the
 * install-source table (install_source_cuda_libs: the lock, the archives
 * given, a conda channel, a Python index, NVIDIA's CUDA redist; each
 * chooser in its source's source_X.c); what follows is the same
 * whatever chose them. Each archive is fetched like a set's (cache,
 * mirrors, address; its sum checked), unpacked with the archive rules of
 * every install, and its lib/
 * entries moved into a staging folder, which replaces cuda/LABEL by one
 * rename. cuDNN 8 opens the unversioned "libnvrtc.so", a name no library of
 * NVIDIA's carries as its soname; a forwarder shipped with cudnnv (soname
 * libnvrtc.so, needing NVRTC's real soname) stands under that name.
 */
#include "cuda_libs_choice.h"
#include "build_platform.h"

#include "config.h"
#include "fsutil.h"
#include "install_archive.h"
#include "install_source.h"
#include "archive_fetch.h"
#include "package_payload.h"
#include "lock_file.h"
#include "manifest.h"
#include "messages.h"
#include "platform.h"
#include "set_needs_elf.h"
#include "shim_files.h"
#include "store.h"
#include "wheel_record.h"
#include "store_layout.h"
#include "cuda_components.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where a platform's libraries lie in NVIDIA's archives and in cuda/LABEL: bin for Windows DLLs, else lib. */
const char *cuda_libs_folder(const char *platform)
{
    return cudnnv_platform_is_windows(platform) ? "bin" : "lib";
}

/*
 * The lib/ (bin/) folder of an unpacked archive: raw/TOP/lib (NVIDIA's redist
 * archives hold one top folder), or raw/nvidia/NAME/lib (a wheel) one level
 * further down.
 */
static int find_lib_folder(const char *raw, const char *folder, int depth, char *out, size_t size)
{
    char below[PATH_MAX];
    DIR *dir = opendir(raw);
    struct dirent *entry;
    int found = 0;
    while (dir != NULL && !found && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.' || strstr(entry->d_name, ".dist-info") != NULL ||
            path_join(below, sizeof below, raw, entry->d_name) != 0 || !is_directory(below))
            continue;
        found = (path_join(out, size, below, folder) == 0 && is_directory(out)) ||
                (depth > 1 && find_lib_folder(below, folder, depth - 1, out, size));
    }
    if (dir != NULL)
        closedir(dir);
    return found;
}

/* Whether a link stays within its own folder once moved: a plain name, as a set's links must be. */
static int link_stays_in_folder(const char *link)
{
    char target[PATH_MAX];
    ssize_t length = readlink(link, target, sizeof target - 1);
    if (length < 0)
        return 0;
    target[length] = '\0';
    return strchr(target, '/') == NULL && strcmp(target, ".") != 0 && strcmp(target, "..") != 0;
}

/*
 * Moves the files and links of from/ (not its folders) into to/: 0, -1 on a
 * system error, or -2 with the name of a link that would lead out of to/
 * (a member "lib/libcublasLt.so.11 -> ../../x"), which is refused.
 */
static int move_entries(const char *from, const char *to, char *refused, size_t refused_size)
{
    char source[PATH_MAX], target[PATH_MAX];
    DIR *dir = opendir(from);
    struct dirent *entry;
    struct stat info;
    int status = dir != NULL ? 0 : -1;
    while (status == 0 && (entry = readdir(dir)) != NULL) {
        if (path_join(source, sizeof source, from, entry->d_name) != 0 || lstat(source, &info) != 0 ||
            S_ISDIR(info.st_mode))
            continue;
        if (S_ISLNK(info.st_mode) && !link_stays_in_folder(source)) {
            snprintf(refused, refused_size, "%s", entry->d_name);
            status = -2;
        } else if (path_join(target, sizeof target, to, entry->d_name) != 0 || rename(source, target) != 0) {
            status = -1;
        }
    }
    if (dir != NULL)
        closedir(dir);
    return status;
}

static int take_component(const char *staging, const struct redist_component *component, const char *manifest_url,
                          const char *lib, const char *folder, unsigned long long max_member_size)
{
    char archive[PATH_MAX], raw[PATH_MAX], found[PATH_MAX], sha256[65], error[PATH_MAX + 256], payload[PATH_MAX] = "";
    int status = install_fetch_archive(&component->archive, manifest_url, 0, archive, sizeof archive, sha256);
    if (status != 0)
        return 1;
    if (path_join(raw, sizeof raw, staging, "raw") != 0 || make_dirs(raw, 0700) != 0)
        return fail("cannot create %s: %s", raw, strerror(errno));
    const char *unpack = archive;
    if (conda_is_package(archive)) {   /* a .conda's payload first, under the rules of every archive */
        if (path_join(payload, sizeof payload, staging, "payload.tar.zst") != 0 ||
            conda_take_payload(archive, payload, max_member_size, error, sizeof error) != 0)
            return fail("refusing %s: %s; nothing was brought", component->archive.name, error);
        unpack = payload;
    }
    if (archive_extract_cuda_libraries(unpack, raw, max_member_size, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was brought", component->archive.name, error);
    unlink(payload);
    if (wheel_is_file(component->archive.name) && wheel_record_check(raw, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was brought", component->archive.name, error);
    if (!(path_join(found, sizeof found, raw, folder) == 0 && is_directory(found)) &&   /* a conda package */
        !find_lib_folder(raw, folder, 2, found, sizeof found))
        return fail("%s holds no TOP/%s folder; is it NVIDIA's CUDA redist archive?", component->archive.name, folder);
    status = move_entries(found, lib, error, sizeof error);
    if (status == -2)
        return fail("refusing %s: its %s/%s is a link that leads out of its folder; nothing was brought",
                    component->archive.name, folder, error);
    if (status != 0)
        return fail("cannot move the libraries of %s: %s", component->archive.name, strerror(errno));
    remove_tree(raw);
    return 0;
}

/* cuDNN 8's "libnvrtc.so": the forwarder for this NVRTC's soname, in place of NVIDIA's link, where one ships. */
static void provide_unversioned_nvrtc(const char *lib)
{
    char real[PATH_MAX], soname[64], name[128], forwarder[PATH_MAX], target[PATH_MAX];
    path_join(target, sizeof target, lib, "libnvrtc.so");
    if (realpath(target, real) == NULL || elf_soname(real, soname, sizeof soname) != 0)
        return;
    snprintf(name, sizeof name, "forward/%s/libnvrtc.so", soname);
    if (shipped_file(name, forwarder, sizeof forwarder) != 0) {
        note("no forwarder for %s ships with cudnnv: cuDNN 8's libnvrtc.so is NVIDIA's link, found by the loader only on its path",
             soname);
        return;
    }
    unlink(target);
    if (copy_file(forwarder, target, 0755) != 0)
        note("cannot copy %s: %s", forwarder, strerror(errno));
}

/* cuda/LABEL/cudnnv.ini: the [cuda LABEL] section a lock copies (lock_file.h), and where it came from. */
static int write_record(const char *dir, const struct cuda_libs_choice *chosen, const struct cuda_libs_request *request)
{
    struct lock_cuda cuda;
    char path[PATH_MAX], temporary[PATH_MAX + 32];
    memset(&cuda, 0, sizeof cuda);
    snprintf(cuda.label, sizeof cuda.label, "%s", chosen->label);
    snprintf(cuda.platform, sizeof cuda.platform, "%s", request->platform);
    for (int i = 0; i < request->count && i < LOCK_CUDA_PARTS; i++) {
        struct lock_cuda_part *part = &cuda.part[cuda.count++];
        snprintf(part->component, sizeof part->component, "%s", request->component[i]);
        snprintf(part->version, sizeof part->version, "%s", chosen->component[i].version);
        part->archive = chosen->component[i].archive;
    }
    FILE *out = path_join(path, sizeof path, dir, CUDNNV_STORE_RECORD) == 0
                    ? safe_file_begin(path, temporary, sizeof temporary) : NULL;
    if (out == NULL)
        return -1;
    fprintf(out, "; written by cudnnv: CUDA libraries that cuDNN sets load, from %s\n", chosen->source);
    lock_cuda_write(out, &cuda);
    return safe_file_commit(out, temporary, path, !ferror(out));
}

/* True when root/cuda/LABEL already holds every component asked for. */
static int already_there(const char *root, const char *label, const struct cuda_libs_request *request)
{
    char path[PATH_MAX], key[64];
    char *text = cudnnv_store_path(path, sizeof path, root, CUDNNV_STORE_CUDA_RECORD, label) == 0
                     ? read_small_file(path, 16384) : NULL;
    int all = text != NULL;
    for (int i = 0; i < request->count && all; i++) {
        snprintf(key, sizeof key, "\n%s.archive = ", request->component[i]);
        all = strstr(text, key) != NULL;
    }
    free(text);
    return all;
}

static int publish(const char *root, const char *staged, const char *label)
{
    char target[PATH_MAX];
    if (cudnnv_store_path(target, sizeof target, root, CUDNNV_STORE_CUDA_LIBS, label) != 0)
        return fail("the store's path %s is too long for CUDA's libraries", root);
    return store_publish_tree(staged, target, 1, "the CUDA libraries");
}

static int bring_into(const char *root, const char *staging, const struct cuda_libs_choice *chosen,
                      const struct cuda_libs_request *request)
{
    char staged[PATH_MAX], lib[PATH_MAX], why[PATH_MAX + 128];
    struct config config;
    struct manifest_stats stats;
    int made;
    config_read(root, &config);
    const char *folder = cuda_libs_folder(request->platform);
    if (path_join(staged, sizeof staged, staging, chosen->label) != 0 || path_join(lib, sizeof lib, staged, folder) != 0 ||
        make_dirs(lib, 0755) != 0)
        return fail("cannot create %s: %s", lib, strerror(errno));
    for (int i = 0; i < request->count; i++) {
        /* where from is said by the fetch: the cache, a mirror or the address it downloads */
        note("bringing %s %s (CUDA %s)", request->component[i], chosen->component[i].version, chosen->label);
        if (take_component(staging, &chosen->component[i], chosen->source, lib, folder, config.max_member_size) != 0)
            return 1;
    }
    if (set_needs_make_soname_links(lib, &made, why, sizeof why) != 0)
        return fail("%s; nothing was brought", why);
    provide_unversioned_nvrtc(lib);
    if (write_record(staged, chosen, request) != 0 || manifest_build(root, staged, &stats) != 0)
        return fail("cannot write the record of %s: %s", staged, strerror(errno));
    return publish(root, staged, chosen->label);
}

/* The chosen archives into root/cuda/LABEL, unless it holds them all already. */
static int bring_chosen(const char *root, const struct cuda_libs_request *request, const struct cuda_libs_choice *chosen)
{
    char staging[PATH_MAX];
    if (already_there(root, chosen->label, request)) {
        note("CUDA %s's %s%s already in %s/cuda/%s", chosen->label, request->component[0],
             request->count > 1 ? " and the rest are" : " is", root, chosen->label);
        return 0;
    }
    if (store_new_staging(root, "cuda", staging, sizeof staging) != 0)
        return 1;
    int status = bring_into(root, staging, chosen, request);
    remove_tree(staging);
    return status;
}

int cuda_libs_bring(const char *root, const struct cuda_libs_request *request, char *label, size_t label_size)
{
    struct cuda_libs_request all;
    struct cuda_libs_choice *chosen = calloc(1, sizeof *chosen);
    if (chosen == NULL)
        return fail("out of memory");
    int status = install_source_cuda_libs(root, request, &all, chosen);
    if (status == 0) {
        snprintf(label, label_size, "%s", chosen->label);
        status = bring_chosen(root, &all, chosen);
    }
    free(chosen);
    return status;
}

/* The CUDA libraries a lock names ([cuda LABEL] of cudnn.lock), fetched and checked against it, into root/cuda/LABEL. */
int cuda_libs_bring_locked(const char *root, const struct lock_cuda *cuda)
{
    char label[32];
    struct cuda_libs_request request = {.platform = cuda->platform, .origin = {.locked = 1}, .locked = cuda};
    return cuda_libs_bring(root, &request, label, sizeof label);
}
