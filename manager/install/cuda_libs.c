/*
 * Bringing a set's companions from NVIDIA's CUDA redist (cuda_libs.h). The
 * redist index names one redistrib_X.Y.Z.json per CUDA release; the newest
 * of the set's CUDA major that has every component wanted is read, with the
 * checks cuDNN's manifests get (plain relative path, 64-hex SHA-256, size);
 * or each component from an archive file or a folder of them (--cuda-libs-from).
 * Each archive is fetched like a set's (cache, mirrors, address; its sum
 * checked), unpacked with the archive rules of every install, and its lib/
 * entries moved into a staging folder, which replaces cuda/LABEL by one
 * rename. cuDNN 8 opens the unversioned "libnvrtc.so", a name no library of
 * NVIDIA's carries as its soname; a forwarder shipped with cudnnv (soname
 * libnvrtc.so, needing NVRTC's real soname) stands under that name.
 */
#include "cuda_libs.h"

#include "catalog.h"
#include "config.h"
#include "download.h"
#include "fsutil.h"
#include "install_archive.h"
#include "archive_fetch.h"
#include "conda_channel.h"
#include "package_payload.h"
#include "lock_file.h"
#include "manifest.h"
#include "messages.h"
#include "platform.h"
#include "redist_manifest.h"
#include "set_needs_elf.h"
#include "shim_files.h"
#include "store.h"
#include "python_index.h"
#include "wheel_record.h"

#include "cudnnv_select.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INDEX_LIMIT (2u << 20)
#define MANIFEST_LIMIT (4u << 20)

/* Linux sonames (libcublasLt.so.11) and Windows DLL names (cublasLt64_11.dll, nvrtc64_112_0.dll). */
const char *cuda_libs_component_of(const char *library)
{
    const char *name = strncmp(library, "lib", 3) == 0 ? library + 3 : library;
    if (strncmp(name, "cublas", 6) == 0)
        return "libcublas";
    if (strncmp(name, "nvrtc", 5) == 0)
        return "cuda_nvrtc";
    if (strncmp(name, "cudart", 6) == 0)
        return "cuda_cudart";
    return NULL;
}

/* Where a platform's libraries lie in NVIDIA's archives and in cuda/LABEL: bin for Windows DLLs, else lib. */
const char *cuda_libs_folder(const char *platform)
{
    return strncmp(platform, "windows", 7) == 0 ? "bin" : "lib";
}

struct chosen {
    char label[32];
    char manifest_url[1200];
    struct redist_component component[CUDA_LIBS_MAX_COMPONENTS];
};

/* 0 when this manifest has every component (into chosen), 1 when not, -1 when it is not readable. */
static int read_manifest(const char *base, const char *label, const struct cuda_libs_request *request,
                         struct chosen *chosen)
{
    char why[256];
    char *json = NULL;
    snprintf(chosen->label, sizeof chosen->label, "%s", label);
    snprintf(chosen->manifest_url, sizeof chosen->manifest_url, "%sredistrib_%s.json", base, label);
    if (download_text(chosen->manifest_url, MANIFEST_LIMIT, &json, why, sizeof why) != 0) {
        note("skipping %s: %s", chosen->manifest_url, why);
        return -1;
    }
    int status = 0;
    for (int i = 0; i < request->count && status == 0; i++) {
        status = redist_manifest_component(json, base, request->component[i], request->platform,
                                           &chosen->component[i], why, sizeof why);
        if (status == 0 && !catalog_url_is_allowed(chosen->component[i].archive.url, base))
            status = -1, snprintf(why, sizeof why, "an archive address outside the redist address");
        if (status < 0)
            note("skipping %s: %s", chosen->manifest_url, why);
    }
    free(json);
    return status;
}

/* The newest CUDA release of the major whose manifest has every component; 0, or 1 after a message. */
static int choose_release(const char *base, const struct cuda_libs_request *request, struct chosen *chosen)
{
    static char labels[REDIST_MAX_LABELS][32];
    char why[256];
    char *index = NULL;
    if (download_text(base, INDEX_LIMIT, &index, why, sizeof why) != 0)
        return fail("cannot read NVIDIA's CUDA redist index %s: %s; check [catalog] cuda_redist in config or the network",
                    base, why);
    int count = redist_index_labels(index, labels, REDIST_MAX_LABELS);
    free(index);
    int tried[REDIST_MAX_LABELS] = {0};
    for (;;) {
        int best = -1;
        for (int i = 0; i < count; i++) {
            if (!tried[i] && atoi(labels[i]) == request->cuda_major &&
                (best < 0 || cudnnv_name_compare(labels[i], labels[best]) > 0))
                best = i;
        }
        if (best < 0)
            return fail("%s has no CUDA %d manifest with %s%s for %s; give another address with [catalog] cuda_redist",
                        base, request->cuda_major, request->component[0], request->count > 1 ? " and the rest" : "",
                        request->platform);
        tried[best] = 1;
        if (read_manifest(base, labels[best], request, chosen) == 0)
            return 0;
    }
}

/* NVIDIA's wheels of a component for a CUDA major: nvidia-cublas-cu12 (files nvidia_cublas_cu12-...). */
static void wheel_project(const char *component, int major, char *project, char *prefix, size_t size)
{
    const char *stem = strcmp(component, "libcublas") == 0    ? "cublas"
                       : strcmp(component, "cuda_nvrtc") == 0 ? "cuda_nvrtc"
                                                              : "cuda_runtime";
    snprintf(prefix, size, "nvidia_%s_cu%d", stem, major);
    snprintf(project, size, "%s", prefix);
    for (char *c = project; *c; c++)
        *c = *c == '_' ? '-' : *c;
}

/* A conda channel's package of a component: libcublas, cuda-nvrtc, cuda-cudart. */
static const char *channel_package(const char *component)
{
    return strcmp(component, "libcublas") == 0 ? "libcublas" : strcmp(component, "cuda_nvrtc") == 0 ? "cuda-nvrtc"
                                                                                                     : "cuda-cudart";
}

/* The newest package of one component from an index (a wheel) or a channel; 0, or -1 with why. */
static int find_package(const struct cuda_libs_request *request, int i, struct source_file *best, char *why,
                        size_t why_size)
{
    char project[64], prefix[64];
    int platform = catalog_platform_from_name(request->platform);
    if (request->channel_url != NULL)
        return conda_channel_find_package(request->channel_url, channel_package(request->component[i]),
                                          request->cuda_major, platform, best, why, why_size);
    wheel_project(request->component[i], request->cuda_major, project, prefix, sizeof project);
    return python_index_find_project(request->index_url, project, prefix, platform, "", best, why, why_size);
}

/* The newest package of each component from a Python index or a conda channel, checked by the SHA-256 it gives. */
static int choose_packages(const struct cuda_libs_request *request, struct chosen *chosen)
{
    static struct source_file best;
    char why[2600];
    const char *source = request->channel_url ? request->channel_url : request->index_url;
    snprintf(chosen->label, sizeof chosen->label, "%s-cu%d", request->channel_url ? "channel" : "index",
             request->cuda_major);
    snprintf(chosen->manifest_url, sizeof chosen->manifest_url, "%s", source);
    for (int i = 0; i < request->count; i++) {
        struct catalog_archive *archive = &chosen->component[i].archive;
        if (find_package(request, i, &best, why, sizeof why) != 0)
            return fail("cannot bring %s for CUDA %d from %s: %s", request->component[i], request->cuda_major,
                        request->channel_url ? "the channel" : "the index", why);
        if (best.sha256[0] == '\0' && !request->no_verify)
            return fail("the index gives no SHA-256 for %s; nothing was brought (--no-verify takes it unchecked: its RECORD is still checked)",
                        best.name);
        if (strlen(best.url) >= sizeof archive->url || strlen(best.name) >= sizeof archive->name ||
            strlen(best.version) >= sizeof chosen->component[i].version)
            return fail("the address, name or version of %s is too long", best.name);
        memset(archive, 0, sizeof *archive);
        snprintf(chosen->component[i].version, sizeof chosen->component[i].version, "%.31s", best.version);
        snprintf(archive->name, sizeof archive->name, "%.159s", best.name);
        snprintf(archive->url, sizeof archive->url, "%s", best.url);
        snprintf(archive->sha256, sizeof archive->sha256, "%s", best.sha256);
    }
    return 0;
}

/*
 * The component an archive file holds, by its name: NVIDIA's redist
 * (libcublas-linux-x86_64-11.6.5.2-archive.tar.xz, cuda_nvrtc-...), its
 * wheels (nvidia_cublas_cu12-..., nvidia_cuda_nvrtc_cu12-...), a conda
 * package (libcublas-..., cuda-nvrtc-...). NULL for another file, and for
 * headers-only packages (-dev) and static libraries.
 */
static const char *archive_component(const char *file)
{
    static const char *const prefixes[][2] = {
        {"libcublas_", "libcublas"},     {"cublas_", "libcublas"},        {"cuda_nvrtc_", "cuda_nvrtc"},
        {"cuda_cudart_", "cuda_cudart"}, {"cuda_runtime_", "cuda_cudart"},
    };
    char name[160];
    snprintf(name, sizeof name, "%s", file);
    for (char *c = name; *c; c++)
        *c = *c == '-' ? '_' : *c;
    const char *at = strncmp(name, "nvidia_", 7) == 0 ? name + 7 : name;
    if (strstr(at, "_dev_") != NULL || strstr(at, "_static") != NULL)
        return NULL;
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (strncmp(at, prefixes[i][0], strlen(prefixes[i][0])) == 0)
            return prefixes[i][1];
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
static int choose_local(const struct cuda_libs_request *request, struct chosen *chosen)
{
    char path[PATH_MAX];
    int folder = is_directory(request->local);
    snprintf(chosen->label, sizeof chosen->label, "local-cu%d", request->cuda_major);
    snprintf(chosen->manifest_url, sizeof chosen->manifest_url, "%s", request->local);
    for (int i = 0; i < request->count; i++) {
        const char *name = strrchr(request->local, '/') ? strrchr(request->local, '/') + 1 : request->local;
        const char *holds = folder ? NULL : archive_component(name);
        if (folder ? !newest_in_folder(request->local, request->component[i], request->cuda_major, path, sizeof path)
                   : holds == NULL || strcmp(holds, request->component[i]) != 0 ||
                         !archive_of_major(name, request->cuda_major))
            return fail("%s holds no %s archive for CUDA %d (NVIDIA's %s-%s-%d.x-archive, its wheel or conda package); nothing was brought: give a folder that holds one for each library the set needs",
                        request->local, request->component[i], request->cuda_major, request->component[i],
                        request->platform, request->cuda_major);
        if (!folder)
            snprintf(path, sizeof path, "%s", request->local);
        if (take_local_file(path, &chosen->component[i]) != 0)
            return 1;
    }
    return 0;
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
static int write_record(const char *dir, const struct chosen *chosen, const struct cuda_libs_request *request)
{
    static struct lock_cuda cuda;
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
    FILE *out = path_join(path, sizeof path, dir, "cudnnv.ini") == 0 ? safe_file_begin(path, temporary, sizeof temporary)
                                                                     : NULL;
    if (out == NULL)
        return -1;
    fprintf(out, "; written by cudnnv: CUDA libraries that cuDNN sets load, from %s\n", chosen->manifest_url);
    lock_cuda_write(out, &cuda);
    return safe_file_commit(out, temporary, path, !ferror(out));
}

/* True when root/cuda/LABEL already holds every component asked for. */
static int already_there(const char *root, const char *label, const struct cuda_libs_request *request)
{
    char path[PATH_MAX], key[64];
    char *text = snprintf(path, sizeof path, "%s/cuda/%s/cudnnv.ini", root, label) < (int)sizeof path
                     ? read_small_file(path, 16384) : NULL;
    int all = text != NULL;
    for (int i = 0; i < request->count && all; i++) {
        snprintf(key, sizeof key, "\n%s.archive = ", request->component[i]);
        all = strstr(text, key) != NULL;
    }
    free(text);
    return all;
}

/* Adds to the request the components cuda/LABEL already holds, so replacing it keeps them; 1 when any was added. */
static int keep_present_components(const char *root, const char *label, struct cuda_libs_request *request)
{
    static const char *const known[] = {"libcublas", "cuda_nvrtc", "cuda_cudart"};
    char path[PATH_MAX], key[64];
    int added = 0;
    char *text = snprintf(path, sizeof path, "%s/cuda/%s/cudnnv.ini", root, label) < (int)sizeof path
                     ? read_small_file(path, 16384) : NULL;
    for (size_t k = 0; text != NULL && k < sizeof known / sizeof known[0]; k++) {
        int asked = 0;
        for (int i = 0; i < request->count; i++)
            asked |= strcmp(request->component[i], known[k]) == 0;
        snprintf(key, sizeof key, "\n%s.archive = ", known[k]);
        if (!asked && strstr(text, key) != NULL && request->count < CUDA_LIBS_MAX_COMPONENTS) {
            request->component[request->count++] = known[k];
            added = 1;
        }
    }
    free(text);
    return added;
}

static int publish(const char *root, const char *staged, const char *label)
{
    char cuda[PATH_MAX], target[PATH_MAX];
    path_join(cuda, sizeof cuda, root, "cuda");
    if (make_dirs(cuda, 0755) != 0 || path_join(target, sizeof target, cuda, label) != 0)
        return fail("cannot create %s: %s", cuda, strerror(errno));
    if (sync_tree_directories(staged) != 0)
        return fail("cannot flush %s to the disk: %s", staged, strerror(errno));
    if (rename(staged, target) == 0)
        return 0;
    if ((errno != EEXIST && errno != ENOTEMPTY) || platform_exchange(staged, target) != 0)
        return fail("cannot move the CUDA libraries into %s: %s", target, strerror(errno));
    return 0;
}

static int bring_into(const char *root, const char *staging, const struct chosen *chosen,
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
        note("bringing %s %s (CUDA %s) from %s", request->component[i], chosen->component[i].version, chosen->label,
             chosen->component[i].archive.url);
        if (take_component(staging, &chosen->component[i], chosen->manifest_url, lib, folder, config.max_member_size) != 0)
            return 1;
    }
    if (set_needs_make_soname_links(lib, &made, why, sizeof why) != 0)
        return fail("%s; nothing was brought", why);
    provide_unversioned_nvrtc(lib);
    if (write_record(staged, chosen, request) != 0 || manifest_build(root, staged, &stats) != 0)
        return fail("cannot write the record of %s: %s", staged, strerror(errno));
    return publish(root, staged, chosen->label);
}

/* From an index or a channel: every component asked for and those cuda/index-cuNN (channel-cuNN) holds already. */
static int choose_from_packages(const char *root, const struct cuda_libs_request *request,
                                struct cuda_libs_request *all, struct chosen *chosen)
{
    char label[32];
    *all = *request;
    snprintf(label, sizeof label, "%s-cu%d", request->channel_url ? "channel" : "index", request->cuda_major);
    keep_present_components(root, label, all);
    return choose_packages(all, chosen);
}

/* The chosen archives into root/cuda/LABEL, unless it holds them all already. */
static int bring_chosen(const char *root, const struct cuda_libs_request *request, const struct chosen *chosen)
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

/* From --cuda-libs-from: the archive file, or the folder of archives, given. */
static int choose_given(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                        struct chosen *chosen)
{
    (void)root;
    *all = *request;
    return choose_local(all, chosen);
}

/* From NVIDIA's CUDA redist ([catalog] cuda_redist): the newest release of the major with every component. */
static int choose_from_redist(const char *root, const struct cuda_libs_request *request,
                              struct cuda_libs_request *all, struct chosen *chosen)
{
    char base[1100];
    struct config config;
    config_read(root, &config);
    snprintf(base, sizeof base, "%s", config.cuda_redist[0] ? config.cuda_redist : CUDA_LIBS_DEFAULT_REDIST);
    if (base[strlen(base) - 1] != '/')
        strcat(base, "/");
    if (cudnnv_text_has_controls(base) || !catalog_url_is_allowed(base, base))
        return fail("the CUDA redist address '%s' is not a plain https, file or http URL; fix [catalog] cuda_redist in config",
                    base);
    if (choose_release(base, request, chosen) != 0)
        return 1;
    *all = *request;
    if (keep_present_components(root, chosen->label, all) && read_manifest(base, chosen->label, all, chosen) != 0)
        return fail("%s no longer has every component cuda/%s holds; nothing was brought", chosen->manifest_url,
                    chosen->label);
    return 0;
}

static int takes_given(const struct cuda_libs_request *request)
{
    return request->local != NULL;
}

static int takes_packages(const struct cuda_libs_request *request)
{
    return request->index_url != NULL || request->channel_url != NULL;
}

static int takes_any(const struct cuda_libs_request *request)
{
    (void)request;
    return 1;
}

/*
 * Where companions come from, in the order they are asked (as the sets'
 * sources are in install_source.c): the first row that takes the request
 * chooses the archives (into chosen, with every component the request and
 * the folder already there need, in all); the choice is then brought the
 * same way whatever chose it.
 */
static const struct companion_source {
    const char *name;
    int (*takes)(const struct cuda_libs_request *request);
    int (*choose)(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                  struct chosen *chosen);
} companion_sources[] = {
    {"the archives given (--cuda-libs-from)", takes_given, choose_given},
    {"a Python index or a conda channel", takes_packages, choose_from_packages},
    {"NVIDIA's CUDA redist", takes_any, choose_from_redist},
};

int cuda_libs_bring(const char *root, const struct cuda_libs_request *request, char *label, size_t label_size)
{
    struct cuda_libs_request all;
    struct chosen *chosen = calloc(1, sizeof *chosen);
    size_t row = 0;
    if (chosen == NULL)
        return fail("out of memory");
    while (!companion_sources[row].takes(request))
        row++;
    int status = companion_sources[row].choose(root, request, &all, chosen);
    if (status == 0) {
        snprintf(label, label_size, "%s", chosen->label);
        status = bring_chosen(root, &all, chosen);
    }
    free(chosen);
    return status;
}

/* The companions a lock names ([cuda LABEL] of cudnn.lock), fetched and checked against it, into root/cuda/LABEL. */
int cuda_libs_bring_locked(const char *root, const struct lock_cuda *cuda)
{
    static const char *const known[] = {"libcublas", "cuda_nvrtc", "cuda_cudart"};
    struct cuda_libs_request request = {.platform = cuda->platform};
    struct chosen *chosen = calloc(1, sizeof *chosen);
    if (chosen == NULL)
        return fail("out of memory");
    snprintf(chosen->label, sizeof chosen->label, "%s", cuda->label);
    snprintf(chosen->manifest_url, sizeof chosen->manifest_url, "cudnn.lock");
    for (int i = 0; i < cuda->count && request.count < CUDA_LIBS_MAX_COMPONENTS; i++) {
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
            if (strcmp(cuda->part[i].component, known[k]) != 0)
                continue;
            snprintf(chosen->component[request.count].version, sizeof chosen->component[0].version, "%s",
                     cuda->part[i].version);
            chosen->component[request.count].archive = cuda->part[i].archive;
            request.component[request.count++] = known[k];
        }
    }
    int status = bring_chosen(root, &request, chosen);
    free(chosen);
    return status;
}
