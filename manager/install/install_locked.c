/*
 * install --locked: the nearest .cudnn-version and the cudnn.lock beside it
 * must agree (the lock was written for exactly these pins, else it is
 * stale and says how to refresh it); each pin's archive for the platform
 * comes from the cache, a mirror or the lock's address, is checked against
 * the lock's SHA-256 (a sum that differs is refused, nothing installed) and
 * installed, unless the set it names is already there with those bits.
 */
#include "install_locked.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "lock_file.h"
#include "messages.h"
#include "set_info.h"
#include "store.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* The pins of the nearest version file, joined by spaces; 0, or 1 after a message. */
static int read_pins(char *version_file, size_t size, cudnnv_name *names, int *count, char *joined, size_t joined_size)
{
    char cwd[PATH_MAX];
    cudnnv_name bad;
    if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, size))
        return fail("no .cudnn-version here or in a folder above: 'install " OPTION_LOCKED "' installs what a project's cudnn.lock names");
    *count = cudnnv_read_version_file(version_file, names, CUDNNV_MAX_LINES, bad);
    if (*count <= 0)
        return fail("cannot read the pins of %s; fix it, or pin again with 'cudnnv use'", version_file);
    char *pointers[CUDNNV_MAX_LINES];
    for (int i = 0; i < *count; i++)
        pointers[i] = names[i];
    lock_join_pins(*count, pointers, joined, joined_size);
    return 0;
}

/*
 * Whether the pin already selects the locked release: 1 when it does (with
 * the locked bits, where the archive it came from is known), 0 when it does
 * not, -1 after saying that it holds other bits than the lock's (a set
 * installed from another archive of that release) unless force replaces it.
 */
static int already_installed(const char *pin, const struct catalog_release *release, const struct catalog_archive *archive,
                             int force)
{
    cudnnv_name set;
    char set_dir[PATH_MAX];
    struct set_info info;
    if (!cudnnv_resolve(store_root(), pin, set))
        return 0;
    store_set_dir(store_root(), set, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &info) != 0 || strcmp(info.version, release->version) != 0 ||
        cudnnv_name_major(info.cuda) != cudnnv_name_major(release->builds[0].cuda))
        return 0;
    if (info.sha256[0] != '\0' && strcasecmp(info.sha256, archive->sha256) != 0) {
        if (force)
            return 0;
        fail("%s: %s was installed from other bits (SHA-256 %s) than cudnn.lock names (%s); replace it with the locked archive: 'cudnnv install " OPTION_LOCKED " " OPTION_FORCE "'",
             pin, set, info.sha256, archive->sha256);
        return -1;
    }
    note("%s: %s is installed (cuDNN %s%s)", pin, set, info.version,
         info.sha256[0] ? ", the locked archive" : "; installed from a folder, not checked against the lock");
    return 1;
}

static int install_pin(const struct install_request *request, const struct lock_pin *entry, int platform,
                       install_one_fn install_one)
{
    struct resolved_archive found;
    const struct catalog_release *release = &entry->release;
    const struct catalog_archive *archive = &release->builds[0].archive[platform];
    if (archive->name[0] == '\0')
        return fail("cudnn.lock has no %s archive for %s: run 'cudnnv lock " OPTION_PLATFORM " %s' where it was written",
                    catalog_platform_name(platform), entry->pin, catalog_platform_name(platform));
    int installed = already_installed(entry->pin, release, archive, request->force);
    if (installed != 0)
        return installed < 0 ? 1 : 0;
    struct source_query query = {.request = request, .requested = entry->pin, .platform = platform, .pin = entry};
    int status = install_source_resolve(&query, &found);
    return status != 0 ? status : install_one(request, &found);
}

int install_locked(const struct install_request *request, install_one_fn install_one,
                   int (*cuda_libs)(const char *pin, const struct lock_cuda *cuda))
{
    static struct lock_file lock;
    cudnnv_name names[CUDNNV_MAX_LINES];
    char version_file[PATH_MAX], lock_path[PATH_MAX], why[PATH_MAX + 256], joined[sizeof lock.pins];
    int count = 0;
    if (read_pins(version_file, sizeof version_file, names, &count, joined, sizeof joined) != 0)
        return 1;
    if (lock_path_beside(version_file, lock_path, sizeof lock_path) != 0 ||
        lock_file_read(lock_path, &lock, why, sizeof why) != 0)
        return fail("%s; write one with 'cudnnv lock'", why);
    if (strcmp(lock.pins, joined) != 0)
        return fail("%s was written for '%s', but %s pins '%s' now: run 'cudnnv lock' to refresh it", lock_path,
                    lock.pins, version_file, joined);
    int platform = request->platform ? catalog_platform_from_name(request->platform) : (int)catalog_host_platform();
    for (int i = 0; i < count; i++) {
        const struct lock_pin *entry = lock_file_find(&lock, names[i]);
        if (entry == NULL)
            return fail("%s names no release for %s: run 'cudnnv lock' to refresh it", lock_path, names[i]);
        int status = install_pin(request, entry, platform, install_one);
        if (status != 0 && status != INSTALL_PLANNED)
            return status;
        const struct lock_cuda *cuda = entry->cuda_libs[0] ? lock_file_find_cuda(&lock, entry->cuda_libs) : NULL;
        if (status == 0 && cuda != NULL && (status = cuda_libs(entry->pin, cuda)) != 0)
            return status;
    }
    return 0;
}
