/*
 * One pin's entry in a project's lock: the installed set it selects, its
 * release and CUDA build, and for each platform an archive with its
 * SHA-256 (the one the set really came from on this platform where install
 * recorded it, a local file, or an address given; else the catalog's).
 */
#include "catalog.h"
#include "option_names.h"
#include "file_url.h"
#include "lock_file.h"
#include "messages.h"
#include "project_lock.h"
#include "set_info.h"
#include "store.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

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
        return fail("%s: its set was not installed from an archive file with a checked SHA-256 (%s); " OPTION_ARCHIVE_BASE " names only such files",
                    pin, info->source[0] ? info->source : "no source recorded");
    snprintf(archive->name, sizeof archive->name, "%s", name);
    if (snprintf(archive->url, sizeof archive->url, "%s%s%s", base, length && base[length - 1] == '/' ? "" : "/",
                 name) >= (int)sizeof archive->url)
        return fail(OPTION_ARCHIVE_BASE " '%s' with %s makes an address too long to lock", base, name);
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
int lock_pin_entry(const struct catalog *catalog, const char *pin, const int wanted[CATALOG_PLATFORMS],
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
             "another machine, 'cudnnv lock " OPTION_ARCHIVE_BASE " URL' names where it is served)", pin, set, info.source);
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
