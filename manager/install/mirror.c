/*
 * cudnnv mirror's work (mirror.h), in the install helper: the archives a lock
 * (or the catalog's releases) names, fetched and checked as install fetches
 * them (archive_fetch.c), copied to where NVIDIA's server keeps them
 * (mirror_path.c), and listed in redistrib_*.json manifests
 * (redist_manifest_write.c). A file already in the mirror is never
 * rewritten: the same bits are "already there", other bits an error. One
 * run at a time writes there (the mirror's lock), never through a link it
 * did not make, and the next run removes the part a killed one left.
 */
#define _GNU_SOURCE   /* nftw's FTW_PHYS */
#include "mirror.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "catalog.h"
#include "fsutil.h"
#include "install_archive.h"
#include "lock_file.h"
#include "messages.h"
#include "mirror_path.h"
#include "redist_manifest.h"
#include "store.h"

#include "cudnnv_select.h"
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define MIRROR_MAX_ITEMS 256

/* One archive to keep, and what its manifest says of it. */
struct mirror_item {
    struct catalog_archive archive;
    const char *authority;     /* who gives its sum: "cudnn.lock", "the catalog" */
    char product[24];          /* "cudnn", "libcublas"; "" for an archive no manifest lists */
    char version[32];
    char label[32];            /* the manifest: redistrib_LABEL.json */
    char platform[24];
    char cuda[24];             /* cuDNN's build; "" for a CUDA component */
};

struct mirror_plan {
    struct mirror_item item[MIRROR_MAX_ITEMS];
    int count;
    struct lock_file lock;
    struct catalog catalog;
};

static struct mirror_item *plan_add(struct mirror_plan *plan, const struct catalog_archive *archive,
                                    const char *authority)
{
    if (archive->name[0] == '\0' || plan->count == MIRROR_MAX_ITEMS)
        return NULL;
    struct mirror_item *item = &plan->item[plan->count++];
    memset(item, 0, sizeof *item);
    item->archive = *archive;
    item->authority = authority;
    return item;
}

/* cuDNN's manifest label: the first three parts of its version (9.1.0.70 is redistrib_9.1.0.json). */
static void cudnn_label(const char *version, char *out, size_t size)
{
    snprintf(out, size, "%s", version);
    char *dot = strchr(out, '.');
    dot = dot ? strchr(dot + 1, '.') : NULL;
    dot = dot ? strchr(dot + 1, '.') : NULL;
    if (dot != NULL)
        *dot = '\0';
}

static void plan_release(struct mirror_plan *plan, const struct catalog_release *release, const int *platforms,
                         const char *authority)
{
    for (int b = 0; b < release->build_count; b++) {
        for (int p = 0; p < CATALOG_PLATFORMS; p++) {
            struct mirror_item *item = platforms[p] ? plan_add(plan, &release->builds[b].archive[p], authority) : NULL;
            if (item == NULL)
                continue;
            snprintf(item->product, sizeof item->product, "cudnn");
            snprintf(item->version, sizeof item->version, "%s", release->version);
            cudnn_label(release->version, item->label, sizeof item->label);
            snprintf(item->platform, sizeof item->platform, "%s", catalog_platform_name(p));
            snprintf(item->cuda, sizeof item->cuda, "%s", release->builds[b].cuda);
        }
    }
}

/* Every archive of the lock: each pin's, every platform; the CUDA libraries; the runtime's packages. */
static int plan_from_lock(const char *option, struct mirror_plan *plan)
{
    char path[PATH_MAX], version_file[PATH_MAX], cwd[PATH_MAX], why[PATH_MAX + 256];
    if (option != NULL)
        snprintf(path, sizeof path, "%s", option);
    else if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, sizeof version_file) ||
             lock_path_beside(version_file, path, sizeof path) != 0)
        return fail("no .cudnn-version here or above, so no cudnn.lock: give one with " OPTION_LOCK " FILE, or releases by name");
    if (lock_file_read(path, &plan->lock, why, sizeof why) != 0)
        return fail("%s; write one with 'cudnnv lock'", why);
    int all[CATALOG_PLATFORMS];
    for (int p = 0; p < CATALOG_PLATFORMS; p++)
        all[p] = 1;
    for (int i = 0; i < plan->lock.count; i++)
        plan_release(plan, &plan->lock.entries[i].release, all, LOCK_FILE_NAME);
    for (int i = 0; i < plan->lock.cuda_count; i++) {
        const struct lock_cuda *cuda = &plan->lock.cuda[i];
        for (int k = 0; k < cuda->count; k++) {
            struct mirror_item *item = plan_add(plan, &cuda->part[k].archive, LOCK_FILE_NAME);
            if (item == NULL)
                continue;
            snprintf(item->product, sizeof item->product, "%s", cuda->part[k].component);
            snprintf(item->version, sizeof item->version, "%s", cuda->part[k].version);
            snprintf(item->label, sizeof item->label, "%s", cuda->label);
            snprintf(item->platform, sizeof item->platform, "%s", cuda->platform);
        }
    }
    for (int k = 0; k < plan->lock.cuda_runtime.count; k++)
        plan_add(plan, &plan->lock.cuda_runtime.package[k], LOCK_FILE_NAME);
    return 0;
}

/* Every build of each release named, for this machine's platform and --platform's. */
static int plan_from_releases(const struct mirror_request *request, struct mirror_plan *plan)
{
    int wanted[CATALOG_PLATFORMS] = {0};
    char copy[256];
    wanted[catalog_host_platform()] = 1;
    snprintf(copy, sizeof copy, "%s", request->platforms ? request->platforms : "");
    for (char *name = strtok(copy, ","); name != NULL; name = strtok(NULL, ",")) {
        int platform = catalog_platform_from_name(name);
        if (platform < 0)
            return catalog_platform_refused(name);
        wanted[platform] = 1;
    }
    if (catalog_load(&plan->catalog) != 0)
        return catalog_unreadable(NULL);
    for (int i = 0; i < request->release_count; i++) {
        const struct catalog_release *release = catalog_find(&plan->catalog, request->releases[i]);
        if (release == NULL)
            return fail("the catalog has no release %s: see 'cudnnv known'", request->releases[i]);
        plan_release(plan, release, wanted, "the catalog");
    }
    return 0;
}

/*
 * Each folder from dir down to target's, made where missing: a folder that is
 * a link (someone else's, in a mirror others may write) is never gone
 * through. 0, or -1 after a message.
 */
static int folders_below(const char *dir, const char *target)
{
    char folder[PATH_MAX];
    struct stat info;
    size_t top = strlen(dir);
    snprintf(folder, sizeof folder, "%s", target);
    for (char *slash = strchr(folder + top + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        if (lstat(folder, &info) != 0 && mkdir(folder, 0755) != 0 && errno != EEXIST)
            return fail("cannot create %s: %s", folder, strerror(errno));
        if (lstat(folder, &info) != 0 || !S_ISDIR(info.st_mode))
            return fail("%s is a link or a file, not a folder cudnnv made: a mirror is never written through it (remove it)",
                        folder);
        *slash = '/';
    }
    return 0;
}

/* Copies from to target by a temporary file beside it (MIRROR_PART in its name) and one rename. */
#define MIRROR_PART ".cudnnv-part."
static int copy_into_place(const char *dir, const char *from, const char *target)
{
    char temporary[PATH_MAX + 32];
    snprintf(temporary, sizeof temporary, "%s" MIRROR_PART "%ld", target, (long)getpid());
    unlink(temporary);
    if (folders_below(dir, target) != 0)
        return -1;
    if (copy_file(from, temporary, 0644) != 0)
        return fail("cannot write %s: %s", target, strerror(errno));
    if (rename(temporary, target) != 0) {
        int saved = errno;
        unlink(temporary);
        return fail("cannot write %s: %s", target, strerror(saved));
    }
    return 0;
}

/* A part a killed run left (the name copy_into_place gives its temporaries), removed; the walk never follows a
 * link. Under the mirror's lock, no other run is writing one. */
static int remove_part(const char *path, const struct stat *info, int type, struct FTW *walk)
{
    (void)walk;
    if (type == FTW_F && S_ISREG(info->st_mode) && strstr(base_name(path), MIRROR_PART) != NULL && unlink(path) == 0)
        note("removed %s, left by a mirror run that was stopped", path);
    return 0;
}

/* The mirror's lock (DIR/.cudnnv-mirror.lock): one run at a time writes archives and manifests there. */
static int mirror_lock(const char *dir)
{
    char path[PATH_MAX];
    int fd = path_join(path, sizeof path, dir, ".cudnnv-mirror.lock") == 0
                 ? open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644) : -1;
    if (fd < 0) {
        fail("cannot open the mirror's lock in %s: %s", dir, strerror(errno));
        return -1;
    }
    if (platform_lock(fd, 0) != 0) {
        note("waiting for another cudnnv mirror into %s", dir);
        if (platform_lock(fd, 1) != 0) {
            fail("cannot lock %s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
    }
    nftw(dir, remove_part, 16, FTW_PHYS);
    return fd;
}

/* The item in the mirror: already there with its bits (1), copied (0), or an error (-1, said). */
static int place(const char *dir, const struct mirror_item *item, const char *relative)
{
    char target[PATH_MAX], fetched[PATH_MAX], actual[65];
    if (item->archive.sha256[0] == '\0') {
        fail("%s gives no SHA-256 for %s: a mirror keeps only checked archives", item->authority,
             item->archive.name);
        return -1;
    }
    if (path_join(target, sizeof target, dir, relative) != 0) {
        fail("%s/%s: the path is too long", dir, relative);
        return -1;
    }
    struct stat info;
    if (lstat(target, &info) == 0 && !S_ISREG(info.st_mode)) {
        fail("%s is a link or not a regular file: a mirror keeps only files it wrote (remove it)", target);
        return -1;
    }
    if (is_regular_file(target)) {
        if (archive_sha256(target, actual) != 0) {
            fail("cannot read %s", target);
            return -1;
        }
        if (strcasecmp(actual, item->archive.sha256) == 0)
            return 1;
        fail("%s is in the mirror with SHA-256 %s, but %s says %s; the mirror keeps what it has (move it away to replace it)",
             target, actual, item->authority, item->archive.sha256);
        return -1;
    }
    if (install_fetch_archive(&item->archive, item->authority, 0, fetched, sizeof fetched, actual) != 0)
        return -1;
    return copy_into_place(dir, fetched, target) == 0 ? 0 : -1;
}

/*
 * The item listed in its manifest, when it lies in a redist folder of the
 * mirror, with the size of the file there (a lock may not give one); 0, or
 * -1 after a message.
 */
static int list_in_manifest(const char *dir, const struct mirror_item *item, const char *relative)
{
    static const char *const roots[] = {"cudnn/redist/", "cuda/redist/"};
    char folder[PATH_MAX], path[PATH_MAX], why[PATH_MAX + 256];
    struct stat info;
    if (path_join(path, sizeof path, dir, relative) != 0 || stat(path, &info) != 0)
        return fail("cannot read %s/%s", dir, relative);
    for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++) {
        size_t length = strlen(roots[r]);
        if (item->product[0] == '\0' || strncmp(relative, roots[r], length) != 0)
            continue;
        struct redist_entry entry = {item->product, item->version, item->platform, item->cuda[0] ? item->cuda : NULL,
                                     relative + length, item->archive.sha256, (long long)info.st_size};
        snprintf(folder, sizeof folder, "%s/%.*s", dir, (int)length - 1, roots[r]);
        if (redist_manifest_add(folder, item->label, &entry, why, sizeof why) != 0)
            return fail("%s", why);
        return 0;
    }
    return 0;
}

static int mirror_all(const char *dir, const struct mirror_plan *plan)
{
    int copied = 0, there = 0, failed = 0;
    char relative[sizeof plan->item[0].archive.url];
    for (int i = 0; i < plan->count; i++) {
        const struct mirror_item *item = &plan->item[i];
        mirror_relative_path(&item->archive, relative, sizeof relative);
        int placed = place(dir, item, relative);
        if (placed >= 0 && list_in_manifest(dir, item, relative) != 0)
            placed = -1;
        if (placed < 0)
            failed++;
        else if (placed == 1)
            there++;
        else {
            copied++;
            note("kept %s", relative);
        }
    }
    note("%s: %d archive%s copied, %d already there%s", dir, copied, copied == 1 ? "" : "s", there,
         failed ? "" : "; every one checked against its SHA-256");
    if (failed)
        return fail("%d archive%s could not be kept (above)", failed, failed == 1 ? "" : "s");
    return 0;
}

int mirror_fill(const struct mirror_request *request)
{
    const char *dir = request->dir;
    if (request->release_count > 0 && request->lock != NULL)
        return usage_problem("give releases or " OPTION_LOCK ", not both");
    struct mirror_plan *plan = calloc(1, sizeof *plan);
    if (plan == NULL)
        return fail("out of memory");
    int status = request->release_count > 0 ? plan_from_releases(request, plan) : plan_from_lock(request->lock, plan);
    if (status == 0 && plan->count == 0)
        status = fail("nothing to keep: the lock names no archive");
    if (status == 0 && store_prepare(store_root()) != 0)
        status = 1;
    if (status == 0 && make_dirs(dir, 0755) != 0)
        status = fail("cannot create %s: %s", dir, strerror(errno));
    int lock = status == 0 ? mirror_lock(dir) : -1;
    if (status == 0 && lock < 0)
        status = 1;
    if (status == 0)
        status = mirror_all(dir, plan);
    if (lock >= 0)
        close(lock);
    if (request->release_count > 0)
        catalog_free(&plan->catalog);
    free(plan);
    return status;
}
