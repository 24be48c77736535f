/*
 * What cudnnv install does inside its staging directory. Each step either
 * succeeds or explains itself in one line; the caller removes the staging
 * directory whatever happens.
 */
#include "install_steps.h"
#include "build_platform.h"
#include "set_cudart_probe.h"

#include "install_archive.h"
#include "install_source.h"
#include "package_payload.h"
#include "wheel_record.h"
#include "messages.h"
#include "config.h"
#include "fsutil.h"
#include "set_needs_elf.h"
#include "set_layout_collect.h"
#include "store.h"
#include "version_detect.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Unpacks one archive (a conda package: its payload, kept as staging/PAYLOAD) into raw; 0, or 1 after a message. */
static int unpack_one(const char *source, const char *staging, const char *payload_name, const char *raw,
                      const struct config *config)
{
    char error[PATH_MAX + 256], payload[PATH_MAX];
    const char *archive = source;
    if (conda_is_package(source)) {
        path_join(payload, sizeof payload, staging, payload_name);
        if (conda_take_payload(source, payload, config->max_member_size, error, sizeof error) != 0)
            return fail("refusing %s: %s; nothing was installed", source, error);
        archive = payload;
    }
    if (archive_extract_safe(archive, raw, config->max_member_size, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was installed", source, error);
    if (wheel_is_file(source) && wheel_record_check(raw, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was installed", source, error);
    return 0;
}

/* Unpacks the archive into staging/raw, and the headers' package with it; the set records which bits it came from. */
static int unpack(const struct resolved_archive *from, const char *root, const char *staging, char *raw,
                  struct set_info *info)
{
    struct config config;
    config_read(root, &config);
    /* whatever checked it (or nothing): the sum is kept for install --locked */
    snprintf(info->sha256, sizeof info->sha256, "%s", from->sha256);
    if (info->sha256[0] == '\0' && archive_sha256(from->path, info->sha256) != 0)
        return fail("cannot read %s: %s", from->path, strerror(errno));
    path_join(raw, PATH_MAX, staging, "raw");
    if (make_dirs(raw, 0700) != 0)
        return fail("cannot create %s: %s", raw, strerror(errno));
    if (unpack_one(from->path, staging, "payload.tar.zst", raw, &config) != 0)
        return 1;
    if (from->headers_path[0] != '\0')
        return unpack_one(from->headers_path, staging, "headers-payload.tar.zst", raw, &config);
    return 0;
}

/* Whether a source's word for a version or a CUDA is digits and dots, as a file name's would be. */
static int is_dotted(const char *text)
{
    return text[0] != '\0' && strspn(text, "0123456789.") == strlen(text);
}

/*
 * The release name (build number, CUDA): what the source said, else from
 * the archive's name or a folder on the way to the set, else the set's
 * wheel metadata or toolkit.
 */
static void find_release_name(const struct resolved_archive *from, const char *raw, const struct set_layout *layout,
                              struct release_name *release)
{
    char path[PATH_MAX];
    const char *set_root = layout->root;
    memset(release, 0, sizeof *release);
    if (is_dotted(from->version) && is_dotted(from->cuda) && strlen(from->version) < sizeof release->version &&
        strlen(from->cuda) < sizeof release->cuda) {
        snprintf(release->version, sizeof release->version, "%s", from->version);
        snprintf(release->cuda, sizeof release->cuda, "%s", from->cuda);
        return;
    }
    if (release_name_parse(base_name(from->path), release))
        return;
    snprintf(path, sizeof path, "%s", set_root);
    while (strlen(path) > strlen(raw) || strcmp(path, raw) == 0) {
        if (release_name_parse(base_name(path), release))
            return;
        if (strcmp(path, raw) == 0)
            break;
        *strrchr(path, '/') = '\0';
    }
    if (!release_from_pip_metadata(set_root, release) &&
        !cuda_from_toolkit(set_root, release->cuda, sizeof release->cuda))
        cuda_from_runtime(set_root, layout->lib_dir, release->cuda, sizeof release->cuda);
}

static int detect_version(const char *set_dir, const char *source, struct set_version *version)
{
    char include_dir[PATH_MAX], lib_dir[PATH_MAX];
    path_join(include_dir, sizeof include_dir, set_dir, "include");
    path_join(lib_dir, sizeof lib_dir, set_dir, "lib");
    if (version_from_headers(include_dir, version) || version_from_library_names(lib_dir, version))
        return 0;
    return fail("cannot tell which cuDNN version %s holds: no CUDNN_MAJOR in cudnn_version.h or cudnn.h, and no libcudnn.so.X.Y.Z; add the headers to the set",
                source);
}

static void stamp_time(char *out, size_t size)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

/* Whether a file of lib/ or lib/x64/ is only for building: a static library or an import library. */
static int is_build_only(const char *name)
{
    size_t length = strlen(name);
    return (length > 2 && strcmp(name + length - 2, ".a") == 0) || (length > 4 && strcmp(name + length - 4, ".lib") == 0);
}

/* --runtime: the staged set without its headers, static and import libraries (what only a build needs). */
static int keep_libraries_only(const char *set_dir)
{
    static const char *const folders[] = {"lib/x64", "lib"};
    char path[PATH_MAX], file[PATH_MAX];
    if (path_join(path, sizeof path, set_dir, "include") != 0 || (is_directory(path) && remove_tree(path) != 0))
        return fail("cannot leave out %s: %s", path, strerror(errno));
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++) {
        path_join(path, sizeof path, set_dir, folders[i]);
        DIR *dir = opendir(path);
        struct dirent *entry;
        while (dir != NULL && (entry = readdir(dir)) != NULL) {
            if (is_build_only(entry->d_name) && path_join(file, sizeof file, path, entry->d_name) == 0)
                unlink(file);
        }
        if (dir != NULL)
            closedir(dir);
        rmdir(path);   /* lib/x64 of a Windows set is empty now */
    }
    return 0;
}

/*
 * A source that vouches for the exact release (a lock) must have brought
 * that release: an archive holding another is refused, naming both, so no
 * pin is left unanswered under exit status 0.
 */
static int holds_other_release(const struct resolved_archive *from, const struct set_version *version)
{
    char plain[48];
    snprintf(plain, sizeof plain, "%d.%d.%d", version->major, version->minor, version->patch);
    size_t length = strlen(plain);
    if (from->release_vouched == NULL || !is_dotted(from->version) ||
        (strncmp(from->version, plain, length) == 0 && (from->version[length] == '.' || from->version[length] == '\0')))
        return 0;
    return fail("%s holds cuDNN %s, but %s names release %s; nothing was installed (the archive is not the one published for that release)",
                base_name(from->path), plain, from->release_vouched, from->version);
}

/* Finds the set in the source, copies its files into staging/set and names it. */
static int build_set(const struct install_request *request, const struct resolved_archive *from, const char *root,
                     const char *raw, int confined, struct install_result *result)
{
    struct set_layout layout;
    struct set_version version;
    struct release_name release;
    char error[PATH_MAX + 256], version_name[64];
    if (!set_layout_find(raw, &layout))
        return fail("no cuDNN libraries in %s (looked for lib/libcudnn*, lib64/libcudnn*, bin/cudnn*.dll); give the folder that holds include/ and lib/",
                    from->path);
    if (set_layout_collect(&layout, result->staged_set, confined ? raw : NULL, error, sizeof error) != 0)
        return fail("refusing %s: %s; nothing was installed", from->path, error);
    if (detect_version(result->staged_set, from->path, &version) != 0)
        return 1;
    if (holds_other_release(from, &version) != 0)
        return 1;
    find_release_name(from, raw, &layout, &release);
    version_compose_name(&version, &release, version_name, sizeof version_name);
    snprintf(result->info.version, sizeof result->info.version, "%s", version_name);
    snprintf(result->info.cuda, sizeof result->info.cuda, "%s", release.cuda);
    snprintf(result->info.platform, sizeof result->info.platform, "%s", set_layout_platform(&layout, base_name(from->path)));
    if (request->libraries_only) {
        if (keep_libraries_only(result->staged_set) != 0)
            return 1;
        strcpy(result->info.content, "runtime");
    }
    return install_choose_name(request, from->path, root, version_name, result);
}

/*
 * A Linux set's lib/ gets the soname links ldconfig would make (a conda
 * package may hold libcudnn.so.9.1.0 alone), and must then hold its main
 * library under its soname: a set no program can load is refused.
 */
static int link_sonames(const char *source, const char *set_dir, const struct set_info *info)
{
    char lib_dir[PATH_MAX], main_library[PATH_MAX], why[PATH_MAX + 128], soname[32];
    int made;
    if (cudnnv_platform_is_windows(info->platform))
        return 0;
    path_join(lib_dir, sizeof lib_dir, set_dir, "lib");
    if (set_needs_make_soname_links(lib_dir, &made, why, sizeof why) != 0)
        return fail("refusing %s: %s; nothing was installed", source, why);
    cudnnv_main_library(NULL, 0, cudnnv_name_major(info->version), soname, sizeof soname);
    if (path_join(main_library, sizeof main_library, lib_dir, soname) != 0 || !is_regular_file(main_library))
        return fail("refusing %s: its lib/ has no %s (no library names that soname), so no program could load it; nothing was installed",
                    source, soname);
    return 0;
}

/*
 * A set whose name and files do not say its CUDA build (a distribution's
 * package, a toolkit's folder): its own library says it, asked in a child
 * process (set_cudart_probe.c), when the set is built for this machine.
 */
static void learn_cuda_build(struct install_result *result)
{
    char lib_dir[PATH_MAX], cuda[24];
    if (result->info.cuda[0] != '\0' || path_join(lib_dir, sizeof lib_dir, result->staged_set, "lib") != 0 ||
        set_cudart_probe_lib(lib_dir, result->info.version, result->info.platform, cuda, sizeof cuda) != 0)
        return;
    snprintf(result->info.cuda, sizeof result->info.cuda, "%s", cuda);
    note("its CUDA build, as its library says (cudnnGetCudartVersion): %s", cuda);
}

/* The [needs] section of the staged set's cudnnv.ini: what its libraries load that it does not hold. */
static int record_needs(const char *set_dir)
{
    char lib_dir[PATH_MAX], why[PATH_MAX + 128];
    struct set_needs needs;
    path_join(lib_dir, sizeof lib_dir, set_dir, "lib");
    if (!is_directory(lib_dir))
        return 0;
    if (set_needs_collect(lib_dir, &needs, why, sizeof why) != 0)
        return fail("cannot read what the set needs: %s", why);
    if (needs.recorded && set_needs_append(set_dir, &needs) != 0)
        return fail("cannot write the set's cudnnv.ini: %s", strerror(errno));
    return 0;
}

int install_in_staging(const struct install_request *request, const struct resolved_archive *from,
                       const char *root, const char *staging, struct install_result *result)
{
    char raw[PATH_MAX];
    memset(result, 0, sizeof *result);
    path_join(result->staged_set, sizeof result->staged_set, staging, "set");
    if (make_dirs(result->staged_set, 0755) != 0)
        return fail("cannot create %s: %s", result->staged_set, strerror(errno));
    int confined = !is_directory(from->path);
    if (confined && unpack(from, root, staging, raw, &result->info) != 0)
        return 1;
    if (!confined && realpath(from->path, raw) == NULL)
        return fail("cannot read %s: %s", from->path, strerror(errno));
    if (build_set(request, from, root, raw, confined, result) != 0 ||
        link_sonames(from->path, result->staged_set, &result->info) != 0)
        return 1;
    learn_cuda_build(result);
    strcpy(result->info.kind, "installed");
    if (realpath(from->path, result->info.source) == NULL)
        snprintf(result->info.source, sizeof result->info.source, "%s", from->path);
    /* the address is kept for 'cudnnv lock' (a file to commit): never one that carries a password */
    if (strlen(from->url) < sizeof result->info.url && strpbrk(from->url, " \t\r\n;#@") == NULL)
        snprintf(result->info.url, sizeof result->info.url, "%s", from->url);
    stamp_time(result->info.installed, sizeof result->info.installed);
    if (set_info_write(result->staged_set, &result->info) != 0)
        return fail("cannot write the set's cudnnv.ini: %s", strerror(errno));
    if (record_needs(result->staged_set) != 0)
        return 1;
    if (manifest_build(root, result->staged_set, &result->stats) != 0)
        return fail("cannot write the set's MANIFEST: %s", strerror(errno));
    store_own_set_dir(root, result->name, result->set_dir, sizeof result->set_dir);
    return 0;
}
