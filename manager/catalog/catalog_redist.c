/*
 * cudnnv update from NVIDIA: reads the redist index, fetches each
 * redistrib_LABEL.json not seen before, and writes each release it can
 * check into $CUDNNV_ROOT/catalog-redist/LABEL.ini (one rename each: never
 * half written). A manifest that does not parse, or a field that fails the
 * catalog's checks, is reported and skipped; it is asked for again next
 * time. Releases before 8.3 are not in NVIDIA's manifests: they stay in the
 * catalog shipped with cudnnv.
 */
#include "catalog_redist.h"

#include "catalog.h"
#include "messages.h"
#include "download.h"
#include "fsutil.h"
#include "redist_manifest.h"

#include "cudnnv_select.h"
#include "progress.h"
#include "store_layout.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


struct redist_counts {
    int read, added, skipped, seen;
};

/*
 * Temporary files (NAME.ini.tmp.XXXXXX) left by an update that was killed
 * before its rename: removed, since only one update runs at a time (the
 * catalog lock is held).
 */
static void remove_stale_temporaries(const char *dir)
{
    char path[PATH_MAX];
    DIR *folder = opendir(dir);
    if (folder == NULL)
        return;
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        if (strstr(entry->d_name, ".ini.tmp.") != NULL && path_join(path, sizeof path, dir, entry->d_name) == 0)
            unlink(path);
    }
    closedir(folder);
}

/* Fetches, checks and writes one release; 0 when written, 1 when skipped (said why). */
static int take_manifest(const char *base_url, const char *label, const char *target)
{
    char url[2048], why[256], text[16384];
    char *json = NULL;
    struct catalog_release release;
    if (redist_manifest_url(base_url, label, url, sizeof url) != 0) {
        note("skipping redistrib_%s.json: its address is too long", label);
        return 1;
    }
    if (download_text(url, REDIST_MANIFEST_LIMIT, &json, why, sizeof why) != 0) {
        note("skipping %s: %s", url, why);
        return 1;
    }
    int status = redist_manifest_release(json, base_url, &release, why, sizeof why);
    free(json);
    if (status != 0) {
        note("skipping %s: %s", url, why);
        return 1;
    }
    const char *problem = catalog_release_problem(&release, base_url);
    if (problem != NULL) {
        note("skipping %s: it has %s", url, problem);
        return 1;
    }
    if (redist_release_ini(&release, url, text, sizeof text) != 0 || write_file_atomic(target, text) != 0) {
        note("skipping %s: cannot write %s: %s", url, target, strerror(errno));
        return 1;
    }
    return 0;
}

int catalog_redist_update(const char *root, const char *base_url)
{
    static char labels[REDIST_MAX_LABELS][32];
    char dir[PATH_MAX], target[PATH_MAX + 64], why[256];
    char *index = NULL;
    struct redist_counts counts = {0, 0, 0, 0};
    struct progress progress;
    if (cudnnv_text_has_controls(base_url) || !catalog_url_is_allowed(base_url, base_url))
        return fail("the redist address '%s' is not a plain https, file or http URL; fix [catalog] redist in config or CUDNNV_REDIST_URL",
                    base_url);
    if (download_text(base_url, REDIST_INDEX_LIMIT, &index, why, sizeof why) != 0)
        return fail("cannot read NVIDIA's redist index %s: %s; check the address ([catalog] redist in config, CUDNNV_REDIST_URL) or the network",
                    base_url, why);
    int count = redist_index_labels(index, labels, REDIST_MAX_LABELS);
    free(index);
    if (count == 0)
        return fail("%s names no redistrib_*.json manifest; is it NVIDIA's cuDNN redist address?", base_url);
    if (cudnnv_store_path(dir, sizeof dir, root, CUDNNV_STORE_CATALOG_REDIST, NULL) != 0 || make_dirs(dir, 0755) != 0)
        return fail("cannot create %s: %s", dir, strerror(errno));
    remove_stale_temporaries(dir);
    progress_start(&progress);
    for (int i = 0; i < count; i++) {
        progress_show(&progress, "reading NVIDIA's manifests: %d/%d", i + 1, count);
        if (snprintf(target, sizeof target, "%s/%s.ini", dir, labels[i]) >= (int)sizeof target)
            continue;
        if (is_regular_file(target)) {
            counts.seen++;
            continue;
        }
        counts.read++;
        if (take_manifest(base_url, labels[i], target) == 0)
            counts.added++;
        else
            counts.skipped++;
    }
    progress_stop(&progress);
    note("%d new release%s from %s (%d manifests read, %d skipped, %d already known); see 'cudnnv known'",
         counts.added, counts.added == 1 ? "" : "s", base_url, counts.read, counts.skipped, counts.seen);
    return counts.skipped > 0 && counts.added == 0 ? 1 : 0;
}
