/*
 * Reads $CUDNNV_ROOT/config (or the file CUDNNV_CONFIG names, a job's own):
 *   preload = auto | always | never     (before any section, or in [shell])
 *   [catalog] remote = URL               (cudnnv update from a git copy of the catalog)
 *   [catalog] redist = URL               (cudnnv update from NVIDIA's redist manifests: another address)
 *   [download] base_url = URL            (archives from BASE/NAME instead of NVIDIA's addresses)
 *   [download] mirrors = DIR:DIR         (folders searched for archives before downloading)
 *   [download] connect_timeout = SECONDS (how long to wait for a server to accept; default 30)
 *   [download] low_speed_limit = BYTES   (a transfer slower than this per second...
 *   [download] low_speed_time = SECONDS  (...for this long is stopped; defaults 1024 and 30)
 *   [install] max_member_size = SIZE     (bytes, or with K, M, G: the largest file an archive may unpack)
 *   [install] runtime = true | false     (install keeps only the shared libraries and the licence)
 *   [sources] index_url = URL            (a Python package index, as pip's index-url, for install)
 * A missing file means the defaults; an unknown value is reported and the
 * default kept, so a typo never breaks a shell prompt.
 */
#include "config.h"

#include "messages.h"
#include "fsutil.h"

#include "ini_read.h"
#include "store.h"
#include "store_layout.h"
#include "cudnnv_select.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "4G", "512M", "1000": a size in bytes; 0 when it is not one. */
static unsigned long long parse_size(const char *text)
{
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    int shift = 0;
    if (end == text || text[0] == '-')
        return 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift != 0)
        end++;
    if (*end != '\0' || value > (~0ULL >> shift))
        return 0;
    return value << shift;
}

/* A setting of two words: *setting is 1 for yes, 0 for no; any other value keeps 0, said once. */
static void take_choice(int *setting, const char *key, const char *value, const char *yes, const char *no)
{
    if (strcmp(value, yes) == 0 || strcmp(value, no) == 0)
        *setting = strcmp(value, yes) == 0;
    else
        note("config: %s = %s is neither %s nor %s; using %s", key, value, yes, no, no);
}

static void take_install_setting(struct config *config, const char *key, const char *value)
{
    if (strcmp(key, "runtime") == 0)
        take_choice(&config->install_libraries_only, key, value, "true", "false");
    if (strcmp(key, "cuda_libs") == 0)
        take_choice(&config->cuda_libs_auto, key, value, "auto", "never");
    if (strcmp(key, "max_member_size") != 0)
        return;
    unsigned long long size = parse_size(value);
    if (size == 0)
        note("config: max_member_size = %s is not a size (e.g. 4G); using %lluG", value,
             CONFIG_MAX_MEMBER_SIZE >> 30);
    else
        config->max_member_size = size;
}

/* A whole number of seconds or bytes per second, 1 to 86400000; else the default, said once. */
static void take_count(long *setting, const char *key, const char *value)
{
    char *end;
    long number = strtol(value, &end, 10);
    if (end == value || *end != '\0' || number < 1 || number > 86400000L) {
        note("config: %s = %s is not a positive whole number; using %ld", key, value, *setting);
        return;
    }
    *setting = number;
}

/* [download] max_size: a size up to 8 EiB; else the default, said once. */
static void take_download_size(struct config *config, const char *value)
{
    unsigned long long size = parse_size(value);
    if (size == 0 || size > (unsigned long long)LLONG_MAX)
        note("config: max_size = %s is not a size (e.g. 16G); using %lldG", value, config->download_max_size >> 30);
    else
        config->download_max_size = (long long)size;
}

static void take_download_setting(struct config *config, const char *key, const char *value)
{
    if (strcmp(key, "base_url") == 0) {
        snprintf(config->download_base, sizeof config->download_base, "%s", value);
        size_t length = strlen(config->download_base);
        while (length > 0 && config->download_base[length - 1] == '/')
            config->download_base[--length] = '\0';   /* BASE/NAME, never BASE//NAME */
    } else if (strcmp(key, "mirrors") == 0)
        snprintf(config->download_mirrors, sizeof config->download_mirrors, "%s", value);
    else if (strcmp(key, "connect_timeout") == 0)
        take_count(&config->connect_timeout, key, value);
    else if (strcmp(key, "low_speed_limit") == 0)
        take_count(&config->low_speed_limit, key, value);
    else if (strcmp(key, "low_speed_time") == 0)
        take_count(&config->low_speed_time, key, value);
    else if (strcmp(key, "max_size") == 0)
        take_download_size(config, value);
}

static int take_setting(void *user, const char *section, const char *key, const char *value)
{
    struct config *config = user;
    if (strcmp(section, "catalog") == 0 && strcmp(key, "remote") == 0)
        snprintf(config->catalog_remote, sizeof config->catalog_remote, "%s", value);
    if (strcmp(section, "catalog") == 0 && strcmp(key, "redist") == 0)
        snprintf(config->catalog_redist, sizeof config->catalog_redist, "%s", value);
    if (strcmp(section, "catalog") == 0 && strcmp(key, "cuda_redist") == 0)
        snprintf(config->cuda_redist, sizeof config->cuda_redist, "%s", value);
    if (strcmp(section, "catalog") == 0 && strcmp(key, "cuda_apt") == 0)
        snprintf(config->cuda_apt, sizeof config->cuda_apt, "%s", value);
    if (strcmp(section, "download") == 0)
        take_download_setting(config, key, value);
    if (strcmp(section, "sources") == 0 && strcmp(key, "index_url") == 0)
        snprintf(config->index_url, sizeof config->index_url, "%s", value);
    if (strcmp(section, "install") == 0)
        take_install_setting(config, key, value);
    if (strcmp(section, "") != 0 && strcmp(section, "shell") != 0)
        return 1;
    if (strcmp(key, "preload") != 0)
        return 1;
    if (strcmp(value, "auto") == 0)
        config->preload = PRELOAD_AUTO;
    else if (strcmp(value, "always") == 0)
        config->preload = PRELOAD_ALWAYS;
    else if (strcmp(value, "never") == 0)
        config->preload = PRELOAD_NEVER;
    else
        note("config: preload = %s is not auto, always or never; using auto", value);
    return 1;
}

/*
 * A job's own settings (CUDNNV_CONFIG) are obeyed as the store's are: only
 * when the file, and every folder above it, is this user's, root's or the
 * store's owner's and written by no one else (the shim's rule for a set).
 * A config in another user's hands would choose where runtimes and sets
 * come from; refused, it is said once and every setting keeps its default.
 */
static int job_config_trusted(const char *root, const char *path)
{
    struct cudnnv_trust trust;
    char why[PATH_MAX + 128];
    if (!is_regular_file(path))
        return 1;   /* nothing to read */
    cudnnv_trust_init(&trust, root, store_system_root());
    if (cudnnv_trusted_path(&trust, path, why, sizeof why))
        return 1;
    fail("refusing CUDNNV_CONFIG=%s: %s; every setting keeps its default (unset CUDNNV_CONFIG, or give a file of your own)",
         path, why);
    return 0;
}

static int config_read_file(const char *root, struct config *config)
{
    char path[PATH_MAX];
    memset(config, 0, sizeof *config);
    config->preload = PRELOAD_AUTO;
    config->max_member_size = CONFIG_MAX_MEMBER_SIZE;
    config->connect_timeout = CONFIG_CONNECT_TIMEOUT;
    config->low_speed_limit = CONFIG_LOW_SPEED_LIMIT;
    config->low_speed_time = CONFIG_LOW_SPEED_TIME;
    config->download_max_size = CONFIG_DOWNLOAD_MAX_SIZE;
    const char *own = getenv("CUDNNV_CONFIG");   /* a job's own settings (the CI action), instead of the store's */
    if (own != NULL && own[0] != '\0') {
        snprintf(path, sizeof path, "%s", own);
        if (!job_config_trusted(root, path))
            return -1;
    } else if (cudnnv_store_path(path, sizeof path, root, CUDNNV_STORE_CONFIG, NULL) != 0)
        return 0;
    if (!is_regular_file(path))
        return 0;
    /* a line too long for the reader leaves every setting at its default (callers that report say so) */
    return ini_read(path, take_setting, config) == 0 ? 0 : -1;
}

/*
 * The settings of the store at root. A cudnnv process runs one command, and
 * the parts of one install (the catalog, the fetch, the download, the
 * steps) each ask: the file is read once per store a process asks about,
 * and each later caller gets a copy (and a bad value is said once).
 */
int config_read(const char *root, struct config *config)
{
    static struct {
        char root[PATH_MAX];
        struct config config;
        int status, valid;
    } last;
    if (!last.valid || strcmp(last.root, root) != 0) {
        if (strlen(root) >= sizeof last.root)
            return config_read_file(root, config);
        last.status = config_read_file(root, &last.config);
        snprintf(last.root, sizeof last.root, "%s", root);
        last.valid = 1;
    }
    *config = last.config;
    return last.status;
}
