/*
 * cudnnv lock [--platform P,...]: cudnn.lock beside the nearest
 * .cudnn-version. For each name it pins, the installed set it selects now
 * gives the exact release and CUDA build; the archive it was installed from
 * (else the catalog's) gives this platform's address and SHA-256, the
 * catalog each --platform's.
 * 'cudnnv install --locked' on another machine installs exactly that.
 */
#include "catalog.h"
#include "args.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "file_url.h"
#include "lock_file.h"
#include "set_info.h"
#include "store.h"

#include "cudnnv_select.h"
#include "fsutil.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

enum { LOCK_PLATFORM, LOCK_ARCHIVE_BASE };

static const struct option_spec options[] = {
    [LOCK_PLATFORM] = {.name = "--platform", .value_name = "P[,P...]", .complete = COMPLETE_PLATFORMS,
                       .help = "lock the archives of these platforms too (this machine's always)"},
    [LOCK_ARCHIVE_BASE] = {.name = "--archive-base", .value_name = "URL",
                           .help = "name each set's own archive (the file it was installed from, with\n"
                                   "the SHA-256 checked then) at URL/FILE: for a build that copies\n"
                                   "the archives beside the lock (file:///project), or a mirror"},
    {.name = NULL},
};

/* The platforms to lock: this machine's and --platform's; 0, or 1 after a message. */
static int read_platforms(const char *option, int wanted[CATALOG_PLATFORMS])
{
    char copy[256];
    memset(wanted, 0, CATALOG_PLATFORMS * sizeof wanted[0]);
    wanted[catalog_host_platform()] = 1;
    snprintf(copy, sizeof copy, "%s", option ? option : "");
    for (char *name = strtok(copy, ","); name != NULL; name = strtok(NULL, ",")) {
        int platform = catalog_platform_from_name(name);
        if (platform < 0)
            return catalog_platform_refused(name);
        wanted[platform] = 1;
    }
    return 0;
}

/*
 * The archive this set came from, as its cudnnv.ini recorded it at install
 * (the catalog's address, an index's wheel, a channel's package) with the
 * SHA-256 checked then; 0 with archive filled, -1 when it was not recorded.
 */
static int own_archive(const struct set_info *info, struct catalog_archive *archive)
{
    const char *name = strrchr(info->url, '/');
    memset(archive, 0, sizeof *archive);
    if (info->url[0] == '\0' || info->sha256[0] == '\0' || name == NULL || name[1] == '\0' ||
        strlen(name + 1) >= sizeof archive->name)
        return -1;
    snprintf(archive->name, sizeof archive->name, "%s", name + 1);
    snprintf(archive->url, sizeof archive->url, "%s", info->url);
    snprintf(archive->sha256, sizeof archive->sha256, "%s", info->sha256);
    return catalog_archive_problem(archive, "") == NULL ? 0 : -1;
}

/*
 * The archive file on this machine the set was installed from (an absolute
 * path, still there), with the SHA-256 checked then, as a file:// address;
 * 0 with archive filled, -1 when there is none.
 */
static int local_archive(const struct set_info *info, struct catalog_archive *archive)
{
    const char *name = strrchr(info->source, '/');
    struct stat st;
    memset(archive, 0, sizeof *archive);
    if (info->sha256[0] == '\0' || name == NULL || strlen(name + 1) >= sizeof archive->name ||
        stat(info->source, &st) != 0 || !S_ISREG(st.st_mode) ||
        file_url_of_path(info->source, archive->url, sizeof archive->url) != 0)
        return -1;
    snprintf(archive->name, sizeof archive->name, "%s", name + 1);
    snprintf(archive->sha256, sizeof archive->sha256, "%s", info->sha256);
    return catalog_archive_problem(archive, "") == NULL ? 0 : -1;
}

/* --archive-base URL: the file the set was installed from, at URL/FILE, with the SHA-256 install checked; 0, or 1
 * after a message. */
static int archive_at_base(const char *pin, const struct set_info *info, const char *base, struct catalog_archive *archive)
{
    const char *name = strrchr(info->source, '/') ? strrchr(info->source, '/') + 1 : info->source;
    size_t length = strlen(base);
    memset(archive, 0, sizeof *archive);
    if (info->sha256[0] == '\0' || name[0] == '\0' || strlen(name) >= sizeof archive->name)
        return fail("%s: its set was not installed from an archive file with a checked SHA-256 (%s); --archive-base names only such files",
                    pin, info->source[0] ? info->source : "no source recorded");
    snprintf(archive->name, sizeof archive->name, "%s", name);
    if (snprintf(archive->url, sizeof archive->url, "%s%s%s", base, length && base[length - 1] == '/' ? "" : "/",
                 name) >= (int)sizeof archive->url)
        return fail("--archive-base '%s' with %s makes an address too long to lock", base, name);
    snprintf(archive->sha256, sizeof archive->sha256, "%s", info->sha256);
    if (catalog_archive_problem(archive, "") != NULL)
        return fail("%s: %s/%s: %s", pin, base, name, catalog_archive_problem(archive, ""));
    return 0;
}

/*
 * One pin's entry: the set it selects, its release and CUDA build, and for
 * each platform wanted an archive with its SHA-256: for this platform the
 * archive the set really came from where install recorded it (an index's
 * wheel, a channel's package, the catalog's archive), else the catalog's;
 * for another platform the catalog's.
 */
static int lock_pin(const struct catalog *catalog, const char *pin, const int wanted[CATALOG_PLATFORMS],
                    const char *archive_base, struct lock_pin *entry)
{
    cudnnv_name set;
    char set_dir[PATH_MAX];
    struct set_info info;
    struct catalog_archive own;
    if (!cudnnv_resolve(store_root(), pin, set))
        return fail("%s is not installed here: install it ('cudnnv install %s'), then lock", pin, pin);
    store_set_dir(store_root(), set, set_dir, sizeof set_dir);
    int known = set_info_read(set_dir, &info) == 0;
    const struct catalog_release *release = known ? catalog_release_of_set(catalog, info.version) : NULL;
    const struct catalog_build *build = release && info.cuda[0] ? catalog_build_for(release, info.cuda) : NULL;
    int host = (int)catalog_host_platform(), has_own = known && own_archive(&info, &own) == 0;
    if (known && archive_base != NULL) {
        if (archive_at_base(pin, &info, archive_base, &own) != 0)
            return 1;
        has_own = 1;
    }
    /* installed from a local file that is not the catalog's archive: the lock names that file, not other bits */
    if (known && !has_own && (build == NULL || strcasecmp(info.sha256, build->archive[host].sha256) != 0) &&
        local_archive(&info, &own) == 0) {
        has_own = 1;
        note("%s: %s came from the local file %s, not the catalog's archive of it: the lock names that file (on "
             "another machine, 'cudnnv lock --archive-base URL' names where it is served)", pin, set, info.source);
    }
    if (build == NULL && !has_own)
        return fail("%s (%s) is no release and CUDA build of the catalog, and its install recorded no archive address (installed from a folder or a local file?): a lock names archives by address and SHA-256",
                    pin, set);
    memset(entry, 0, sizeof *entry);
    snprintf(entry->pin, sizeof entry->pin, "%.*s", CUDNNV_NAME_MAX, pin);
    snprintf(entry->release.version, sizeof entry->release.version, "%.31s", build ? release->version : info.version);
    entry->release.build_count = 1;
    snprintf(entry->release.builds[0].cuda, sizeof entry->release.builds[0].cuda, "%s", build ? build->cuda : info.cuda);
    for (int p = 0; p < CATALOG_PLATFORMS; p++) {
        if (!wanted[p])
            continue;
        if (p == host && has_own) {
            entry->release.builds[0].archive[p] = own;
            continue;
        }
        if (build == NULL || build->archive[p].name[0] == '\0' || build->archive[p].sha256[0] == '\0')
            return fail("cuDNN %s for CUDA %s has no %s archive with a published SHA-256 in the catalog",
                        entry->release.version, entry->release.builds[0].cuda,
                        catalog_platform_name((enum catalog_platform)p));
        entry->release.builds[0].archive[p] = build->archive[p];
    }
    note("%s: cuDNN %s for CUDA %s%s%s", pin, entry->release.version, entry->release.builds[0].cuda,
         has_own ? ", from " : "", has_own ? own.url : "");
    if (!has_own && wanted[host] && strcasecmp(info.sha256, build->archive[host].sha256) != 0)
        note("%s: %s was not installed from the catalog's archive of cuDNN %s (its recorded SHA-256 says %s); the lock names the catalog's",
             pin, set, release->version, info.sha256[0] ? info.sha256 : "nothing");
    return 0;
}

/*
 * The CUDA libraries the set loads (install --with-cuda-libs), from the store's
 * record of them, into the lock's [cuda LABEL] section (one per label).
 */
static int lock_cuda_libs(const char *pin, struct lock_pin *entry, struct lock_file *lock)
{
    static struct lock_cuda cuda;
    cudnnv_name set;
    char set_dir[PATH_MAX], dir[PATH_MAX], load[CUDNNV_COMPANIONS_MAX], record[PATH_MAX + 16];
    if (!cudnnv_resolve(store_root(), pin, set) || store_set_dir(store_root(), set, set_dir, sizeof set_dir) != 0 ||
        !cudnnv_set_cuda_libs(set_dir, dir, sizeof dir, load, sizeof load))
        return 0;
    *strrchr(dir, '/') = '\0';   /* cuda/LABEL */
    path_join(record, sizeof record, dir, CUDNNV_STORE_RECORD);
    if (lock_cuda_read_record(record, &cuda) != 0)
        return fail("%s: the record of the CUDA libraries %s loads (%s) cannot be read; bring them again with 'cudnnv install --with-cuda-libs %s'",
                    pin, set, record, set);
    snprintf(entry->cuda_libs, sizeof entry->cuda_libs, "%s", cuda.label);
    if (lock_file_find_cuda(lock, cuda.label) == NULL && lock->cuda_count < CUDNNV_MAX_LINES)
        lock->cuda[lock->cuda_count++] = cuda;
    note("%s: with CUDA %s's libraries (%d component%s)", pin, cuda.label, cuda.count, cuda.count == 1 ? "" : "s");
    return 0;
}

/*
 * The CUDA runtime the project pins ("cuda 11.0"), from the store's record
 * of the packages it was unpacked from, into the lock's [runtime RELEASE].
 */
static int lock_cuda_runtime(const char *version_file, struct lock_file *lock)
{
    char release[24], lib[PATH_MAX], record[PATH_MAX + 16];
    if (cudnnv_version_file_cuda(version_file, release, sizeof release) != 1)
        return 0;
    if (!cuda_runtime_find(store_root(), release, lib, sizeof lib))
        return fail("the CUDA %s runtime %s pins is not installed here: install it ('cudnnv install' there), then lock",
                    release, version_file);
    if (cuda_runtime_record_of(lib, record, sizeof record) != 0 || lock_cuda_runtime_read_record(record, &lock->cuda_runtime) != 0)
        return fail("the record of the CUDA %s runtime (%s) cannot be read; bring it again", release, record);
    snprintf(lock->cuda_runtime.release, sizeof lock->cuda_runtime.release, "%s", release);
    if (lock->cuda_runtime.count == 0) {   /* brought from a folder: locked by what it holds */
        if (lock_cuda_runtime_files_sum(lib, &lock->cuda_runtime) != 0)
            return fail("the files of the CUDA %s runtime (%s) cannot all be read or are too many to lock", release, lib);
        note("CUDA %s runtime: brought from a folder on this machine (%s), locked by its %d files' XXH3-128: elsewhere 'cudnnv install --locked --cuda-libs-from DIR' checks a folder of that CUDA against them",
             release, lock->cuda_runtime.from, lock->cuda_runtime.file_count);
        return 0;
    }
    note("CUDA %s runtime: %d package%s from %s", release, lock->cuda_runtime.count, lock->cuda_runtime.count == 1 ? "" : "s",
         lock->cuda_runtime.from);
    return 0;
}

static int run(struct args *args)
{
    static struct lock_file lock;
    struct catalog catalog;
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    char cwd[PATH_MAX], version_file[PATH_MAX], path[PATH_MAX];
    int wanted[CATALOG_PLATFORMS], status = 0;
    if (read_platforms(args->value[LOCK_PLATFORM], wanted) != 0)
        return EXIT_USAGE;
    if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, sizeof version_file))
        return fail("no .cudnn-version here or in a folder above: pin first ('cudnnv use VERSION'), then lock");
    int count = cudnnv_read_version_file(version_file, names, CUDNNV_MAX_LINES, bad);
    if (count <= 0)
        return fail("cannot read the pins of %s; fix it, or pin again with 'cudnnv use'", version_file);
    if (catalog_load(&catalog) != 0)
        return catalog_unreadable(NULL);
    memset(&lock, 0, sizeof lock);
    char *pointers[CUDNNV_MAX_LINES];
    for (int i = 0; i < count && status == 0; i++) {
        pointers[i] = names[i];
        status = lock_pin(&catalog, names[i], wanted, args->value[LOCK_ARCHIVE_BASE], &lock.entries[lock.count]);
        if (status == 0)
            status = lock_cuda_libs(names[i], &lock.entries[lock.count], &lock);
        lock.count++;
    }
    lock_join_pins(count, pointers, lock.pins, sizeof lock.pins);
    if (status == 0)
        status = lock_cuda_runtime(version_file, &lock);
    catalog_free(&catalog);
    if (status != 0)
        return status;
    if (lock_path_beside(version_file, path, sizeof path) != 0 || lock_file_write(path, &lock) != 0)
        return fail("cannot write %s beside %s", LOCK_FILE_NAME, version_file);
    note("wrote %s: 'cudnnv install --locked' installs exactly these archives", path);
    return 0;
}

const struct command command_lock = {
    .name = "lock",
    .run = run,
    .options = options,
};
