/*
 * The data files beside the catalog (advisories.ini, frameworks.ini,
 * framework-cuda-libs.ini, cudnn-opens.ini) fail closed: each is read
 * whole through ini_read, the copy 'cudnnv update' fetched into the store
 * first; a copy that cannot be read (a FIFO, a link to /dev/zero, over
 * 1 MiB, a NUL byte, a bad line) is named in a warning and the copy shipped
 * with cudnnv is read instead, so no advisory or check silently goes away.
 */
#include "catalog.h"

#include "fsutil.h"
#include "ini_read.h"
#include "messages.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int take_nothing(void *user, const char *section, const char *key, const char *value)
{
    (void)user, (void)section, (void)key, (void)value;
    return 1;
}

/* Why ini_read refused a file, in words. */
static void describe_status(int status, char *out, size_t size)
{
    if (status > 0)
        snprintf(out, size, "line %d is not INI, holds a NUL byte, or is longer than %d bytes", status,
                 INI_READ_MAX_LINE);
    else
        snprintf(out, size, "it is not a regular file, cannot be read, or is over %d KiB", INI_READ_MAX_FILE >> 10);
}

/* Says once per run and file that a copy cannot be read. */
static void warn_once(const char *path, int status, const char *instead)
{
    static char warned[8][PATH_MAX];
    char why[160];
    for (size_t i = 0; i < sizeof warned / sizeof warned[0]; i++) {
        if (strcmp(warned[i], path) == 0)
            return;
        if (warned[i][0] == '\0') {
            snprintf(warned[i], sizeof warned[i], "%s", path);
            break;
        }
    }
    describe_status(status, why, sizeof why);
    note("warning: %s cannot be used: %s; %s", path, why, instead);
}

int catalog_data_read(const char *leaf, ini_handler handler, void *user)
{
    char path[PATH_MAX], prefix[PATH_MAX], catalog[PATH_MAX];
    struct stat info;
    cudnnv_store_path(catalog, sizeof catalog, store_root(), CUDNNV_STORE_CATALOG, NULL);
    path_join(path, sizeof path, catalog, leaf);
    if (lstat(path, &info) == 0) {
        int status = ini_read(path, take_nothing, NULL);
        if (status == 0)
            return ini_read(path, handler, user) == 0 ? 0 : -1;
        warn_once(path, status, "reading the copy shipped with cudnnv instead (run 'cudnnv update' to fetch it again)");
    }
    if (installation_prefix(prefix, sizeof prefix) != 0 ||
        snprintf(path, sizeof path, "%s/share/cudnnv/%s", prefix, leaf) >= (int)sizeof path)
        return -1;
    int status = ini_read(path, handler, user);
    if (status != 0)
        warn_once(path, status, "reinstall cudnnv");
    return status == 0 ? 0 : -1;
}
