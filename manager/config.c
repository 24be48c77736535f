/*
 * Reads $CUDNNV_ROOT/config:
 *   preload = auto | always | never     (before any section, or in [shell])
 *   [catalog] remote = URL               (cudnnv update)
 *   [download] base_url = URL            (archives from BASE/NAME instead of NVIDIA's addresses)
 *   [download] mirrors = DIR:DIR         (folders searched for archives before downloading)
 * A missing file means the defaults; an unknown value is reported and the
 * default kept, so a typo never breaks a shell prompt.
 */
#include "config.h"

#include "cli.h"
#include "fsutil.h"

#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static int take_setting(void *user, const char *section, const char *key, const char *value)
{
    struct config *config = user;
    if (strcmp(section, "catalog") == 0 && strcmp(key, "remote") == 0)
        snprintf(config->catalog_remote, sizeof config->catalog_remote, "%s", value);
    if (strcmp(section, "download") == 0 && strcmp(key, "base_url") == 0)
        snprintf(config->download_base, sizeof config->download_base, "%s", value);
    if (strcmp(section, "download") == 0 && strcmp(key, "mirrors") == 0)
        snprintf(config->download_mirrors, sizeof config->download_mirrors, "%s", value);
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
        note("cudnnv: config: preload = %s is not auto, always or never; using auto", value);
    return 1;
}

int config_read(const char *root, struct config *config)
{
    char path[PATH_MAX];
    memset(config, 0, sizeof *config);
    config->preload = PRELOAD_AUTO;
    if (path_join(path, sizeof path, root, "config") != 0 || !is_regular_file(path))
        return 0;
    return ini_parse(path, take_setting, config) == 0 ? 0 : -1;
}
