/*
 * conda_channel.h. repodata.json is outside input: a package is considered
 * only when it is named cudnn or libcudnn, its file name is a plain name
 * ending in .conda or .tar.bz2, its version a dotted number that continues
 * the request on a dot boundary, and its sha256 64 hexadecimal digits (a
 * package without one is passed over: conda checks them, so must we). Of
 * those whose CUDA requirement fits (cuda-version, or cudatoolkit for old
 * builds), the newest wins, a .conda file over a .tar.bz2 of the same.
 */
#include "conda_channel.h"

#include "catalog.h"
#include "download.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPODATA_LIMIT (64 << 20)

/* The channel's folder for a platform: linux-64, linux-aarch64 or win-64. */
const char *conda_subdir(int platform)
{
    return platform == CATALOG_WINDOWS ? "win-64" : platform == CATALOG_LINUX ? "linux-64" : "linux-aarch64";
}

/* The CUDA major a package requires: "cuda-version >=12,<13", "cuda-version 12.*", "cudatoolkit >=11.2"; 0 for none. */
static int required_cuda(json_t *depends)
{
    size_t index;
    json_t *item;
    json_array_foreach(depends, index, item) {
        const char *text = json_string_value(item);
        const char *rest = NULL;
        if (text != NULL && strncmp(text, "cuda-version ", 13) == 0)
            rest = text + 13;
        else if (text != NULL && strncmp(text, "cudatoolkit ", 12) == 0)
            rest = text + 12;
        while (rest != NULL && *rest && !isdigit((unsigned char)*rest))
            rest++;
        if (rest != NULL && isdigit((unsigned char)*rest))
            return atoi(rest);
    }
    return 0;
}

static int plain_package_name(const char *name)
{
    size_t length = strlen(name);
    return length < 256 && strchr(name, '/') == NULL && strchr(name, '\\') == NULL && name[0] != '.' &&
           !cudnnv_text_has_controls(name) &&
           ((length > 6 && strcmp(name + length - 6, ".conda") == 0) ||
            (length > 8 && strcmp(name + length - 8, ".tar.bz2") == 0));
}

static int dotted(const char *version)
{
    if (!isdigit((unsigned char)version[0]) || strlen(version) >= 64)
        return 0;
    for (const char *c = version; *c; c++) {
        if (!isdigit((unsigned char)*c) && *c != '.')
            return 0;
    }
    return 1;
}

/* One package of a "packages" or "packages.conda" object: kept as best when it fits and is newer. */
static void consider(const char *file_name, json_t *package, const char *subdir_url, const char *requested,
                     int cuda_major, struct source_file *best)
{
    const char *name = json_string_value(json_object_get(package, "name"));
    const char *version = json_string_value(json_object_get(package, "version"));
    const char *sha256 = json_string_value(json_object_get(package, "sha256"));
    int cuda = required_cuda(json_object_get(package, "depends"));
    if (name == NULL || (strcmp(name, "cudnn") != 0 && strcmp(name, "libcudnn") != 0) || version == NULL ||
        !dotted(version) || !cudnnv_name_has_prefix(version, requested) || sha256 == NULL ||
        !catalog_is_sha256(sha256) || !plain_package_name(file_name) || (cuda_major > 0 && cuda != cuda_major))
        return;
    int newer = best->name[0] == '\0' || cudnnv_name_compare(version, best->version) > 0;
    int same = best->name[0] != '\0' && strcmp(version, best->version) == 0;
    size_t length = strlen(file_name);
    if (!newer && !(same && strcmp(file_name + length - 6, ".conda") == 0))
        return;
    if (snprintf(best->url, sizeof best->url, "%s%s", subdir_url, file_name) >= (int)sizeof best->url)
        return;
    snprintf(best->name, sizeof best->name, "%s", file_name);
    snprintf(best->version, sizeof best->version, "%s", version);
    snprintf(best->sha256, sizeof best->sha256, "%s", sha256);
}

int conda_channel_parse(const char *repodata, const char *subdir_url, const char *requested, int cuda_major,
                        struct source_file *best, char *why, size_t why_size)
{
    static const char *const groups[] = {"packages", "packages.conda"};
    json_error_t error;
    json_t *root = json_loads(repodata, 0, &error);
    memset(best, 0, sizeof *best);
    if (!json_is_object(root)) {
        snprintf(why, why_size, "%srepodata.json is not JSON (line %d)", subdir_url, error.line);
        json_decref(root);
        return -1;
    }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        const char *file_name;
        json_t *package;
        json_object_foreach(json_object_get(root, groups[g]), file_name, package)
            consider(file_name, package, subdir_url, requested, cuda_major, best);
    }
    json_decref(root);
    if (best->name[0] == '\0') {
        snprintf(why, why_size, "%srepodata.json has no cudnn package of version %s%s%.0d with a SHA-256", subdir_url,
                 requested, cuda_major > 0 ? " for CUDA " : "", cuda_major);
        return -1;
    }
    return 0;
}

int conda_channel_find(const char *channel_url, int cuda_major, int platform, const char *requested,
                       struct source_file *best, char *why, size_t why_size)
{
    char subdir_url[2048], repodata_url[2100];
    char *text = NULL;
    size_t length = strlen(channel_url);
    snprintf(subdir_url, sizeof subdir_url, "%s%s%s/", channel_url, length && channel_url[length - 1] == '/' ? "" : "/",
             conda_subdir(platform));
    snprintf(repodata_url, sizeof repodata_url, "%srepodata.json", subdir_url);
    if (source_page_fetch(repodata_url, REPODATA_LIMIT, &text, why, why_size) != 0)
        return -1;
    int status = conda_channel_parse(text, subdir_url, requested, cuda_major, best, why, why_size);
    free(text);
    return status;
}
