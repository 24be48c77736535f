/*
 * Reading NVIDIA's redist index and manifests (redist_manifest.h) with
 * jansson. Only the cudnn product is read; its platforms are those of the
 * catalog (linux-x86_64, linux-sbsa, linux-aarch64, windows-x86_64); a build
 * is "cudaNN" under a platform, or (older manifests) the platform itself.
 */
#include "redist_manifest.h"

#include "archive_member.h"
#include "fsutil.h"
#include "version_detect.h"

#include "cudnnv_select.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int redist_manifest_url(const char *base, const char *label, char *out, size_t size)
{
    return snprintf(out, size, "%sredistrib_%s.json", base, label) < (int)size ? 0 : -1;
}

int redist_label_is_valid(const char *label, size_t length)
{
    size_t parts = 0;
    for (size_t at = 0; at <= length; parts++) {
        size_t digits = 0;
        while (at + digits < length && isdigit((unsigned char)label[at + digits]))
            digits++;
        if (digits == 0 || digits > 5 || (at + digits < length && label[at + digits] != '.'))
            return 0;
        at += digits + 1;
    }
    return parts >= 2 && parts <= 4;
}

/* The labels of "redistrib_9.7.1.json" links in the index, each once; releases only (redist_label_is_valid). */
int redist_index_labels(const char *index, char labels[][32], int max)
{
    static const char prefix[] = "redistrib_", suffix[] = ".json";
    int count = 0;
    for (const char *c = strstr(index, prefix); c != NULL && count < max; c = strstr(c + 1, prefix)) {
        const char *label = c + sizeof prefix - 1;
        size_t length = strspn(label, "0123456789.");
        if (length > 0 && label[length - 1] == '.')
            length--;   /* the dot of ".json" */
        if (length >= 32 || strncmp(label + length, suffix, sizeof suffix - 1) != 0 ||
            !redist_label_is_valid(label, length))
            continue;
        int seen = 0;
        for (int i = 0; i < count && !seen; i++)
            seen = strncmp(labels[i], label, length) == 0 && labels[i][length] == '\0';
        if (seen)
            continue;
        memcpy(labels[count], label, length);
        labels[count++][length] = '\0';
    }
    return count;
}

static const char *string_member(json_t *object, const char *key)
{
    json_t *value = json_object_get(object, key);
    return json_is_string(value) ? json_string_value(value) : NULL;
}

/* The build of release for this CUDA version, made when missing; NULL when the release is full. */
static struct catalog_build *build_for(struct catalog_release *release, const char *cuda)
{
    for (int i = 0; i < release->build_count; i++) {
        if (strcmp(release->builds[i].cuda, cuda) == 0)
            return &release->builds[i];
    }
    if (release->build_count == CATALOG_MAX_BUILDS)
        return NULL;
    struct catalog_build *build = &release->builds[release->build_count++];
    snprintf(build->cuda, sizeof build->cuda, "%s", cuda);
    return build;
}

/* True when text is exactly 64 hexadecimal digits. */

/* The archive's size: a positive whole number, as a JSON string of digits or a JSON integer; 0 if not one. */
static long long positive_size(json_t *value)
{
    if (json_is_integer(value))
        return json_integer_value(value) > 0 ? json_integer_value(value) : 0;
    const char *text = json_is_string(value) ? json_string_value(value) : NULL;
    if (text == NULL || text[0] == '\0' || strlen(text) > 18 || strspn(text, "0123456789") != strlen(text))
        return 0;
    return atoll(text);
}

/*
 * A path joined to the redist address: plain relative (no '..', no leading
 * '/') and made of the bytes NVIDIA's paths use, so no '%'-escape, scheme,
 * query or backslash can change what it names.
 */
static int is_plain_relative_path(const char *path)
{
    char clean[PATH_MAX];
    static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-/";
    return path != NULL && strspn(path, allowed) == strlen(path) &&
           archive_member_clean(path, clean, sizeof clean) == NULL && strcmp(clean, path) == 0;
}

/* One archive entry ({relative_path, sha256, size}) into a catalog archive: all three are required and checked. */
static int take_archive(json_t *entry, const char *base_url, struct catalog_archive *archive, char *why, size_t size)
{
    const char *path = string_member(entry, "relative_path");
    const char *sha256 = string_member(entry, "sha256");
    long long bytes = positive_size(json_object_get(entry, "size"));
    if (!is_plain_relative_path(path)) {
        snprintf(why, size, "an archive path that is not a plain relative path");
        return -1;
    }
    if (!catalog_is_sha256(sha256)) {
        snprintf(why, size, "an archive without a SHA-256 of 64 hexadecimal digits");
        return -1;
    }
    if (bytes <= 0) {
        snprintf(why, size, "an archive whose size is not a positive whole number");
        return -1;
    }
    if (strlen(base_name(path)) >= sizeof archive->name ||
        (size_t)snprintf(archive->url, sizeof archive->url, "%s%s", base_url, path) >= sizeof archive->url) {
        snprintf(why, size, "an archive path too long");
        return -1;
    }
    snprintf(archive->name, sizeof archive->name, "%s", base_name(path));
    for (int i = 0; i < 64; i++)
        archive->sha256[i] = (char)tolower((unsigned char)sha256[i]);
    archive->sha256[64] = '\0';
    archive->size = bytes;
    return 0;
}

/* One platform's object: builds keyed "cudaNN", or (older manifests) one archive with the CUDA in its name. */
static int take_platform(json_t *platform_object, int platform, const char *base_url,
                         struct catalog_release *release, char *why, size_t size)
{
    const char *key;
    json_t *entry;
    struct release_name name;
    if (json_object_get(platform_object, "relative_path") != NULL) {
        const char *path = string_member(platform_object, "relative_path");
        if (path == NULL || !release_name_parse(base_name(path), &name) || name.cuda[0] == '\0') {
            snprintf(why, size, "an archive whose name does not say its CUDA version");
            return -1;
        }
        struct catalog_build *build = build_for(release, name.cuda);
        return build == NULL ? 0 : take_archive(platform_object, base_url, &build->archive[platform], why, size);
    }
    json_object_foreach(platform_object, key, entry) {
        if (strncmp(key, "cuda", 4) != 0 || !json_is_object(entry))
            continue;
        struct catalog_build *build = build_for(release, key + 4);
        if (build != NULL && take_archive(entry, base_url, &build->archive[platform], why, size) != 0)
            return -1;
    }
    return 0;
}

/* A manifest's cuDNN release. 0, or -1 with why (the release must then not be written). */
int redist_manifest_release(const char *json, const char *base_url, struct catalog_release *release,
                            char *why, size_t why_size)
{
    json_error_t error;
    json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, &error);
    json_t *cudnn = root ? json_object_get(root, "cudnn") : NULL;
    const char *version = cudnn ? string_member(cudnn, "version") : NULL;
    int status = -1;
    memset(release, 0, sizeof *release);
    if (root == NULL)
        snprintf(why, why_size, "not JSON (line %d: %s)", error.line, error.text);
    else if (!json_is_object(cudnn) || version == NULL || strlen(version) >= sizeof release->version)
        snprintf(why, why_size, "no cudnn object with a version");
    else {
        snprintf(release->version, sizeof release->version, "%s", version);
        status = 0;
        for (int p = 0; p < CATALOG_PLATFORMS && status == 0; p++) {
            json_t *platform_object = json_object_get(cudnn, catalog_platform_name(p));
            if (json_is_object(platform_object))
                status = take_platform(platform_object, p, base_url, release, why, why_size);
        }
        if (status == 0 && release->build_count == 0) {
            snprintf(why, why_size, "no archive for any platform cudnnv knows");
            status = -1;
        }
    }
    json_decref(root);
    return status;
}

static int is_plain_version(const char *version)
{
    return version != NULL && version[0] != '\0' && strlen(version) < 32 &&
           strspn(version, "0123456789.") == strlen(version);
}

/*
 * A component of NVIDIA's CUDA redist manifest (the same format as cuDNN's:
 * "libcublas": {"version": ..., "linux-x86_64": {relative_path, sha256,
 * size}}), with the same checks on each field.
 */
int redist_manifest_component(const char *json, const char *base_url, const char *component, const char *platform,
                              struct redist_component *out, char *why, size_t why_size)
{
    json_error_t error;
    json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, &error);
    json_t *object = root ? json_object_get(root, component) : NULL;
    json_t *entry = json_is_object(object) ? json_object_get(object, platform) : NULL;
    const char *version = json_is_object(object) ? string_member(object, "version") : NULL;
    int status = 1;
    memset(out, 0, sizeof *out);
    if (root == NULL) {
        snprintf(why, why_size, "not JSON (line %d: %s)", error.line, error.text);
        status = -1;
    } else if (json_is_object(entry) && !is_plain_version(version)) {
        snprintf(why, why_size, "%s has no plain version number", component);
        status = -1;
    } else if (json_is_object(entry)) {
        snprintf(out->version, sizeof out->version, "%s", version);
        status = take_archive(entry, base_url, &out->archive, why, why_size);
    }
    json_decref(root);
    return status;
}

/* The release as a catalog INI file (values already checked: one line each). */
int redist_release_ini(const struct catalog_release *release, const char *source, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "; written by cudnnv update from %s\n[release]\nversion = %s\n",
                                   source, release->version);
    for (int b = 0; b < release->build_count && used < size; b++) {
        const struct catalog_build *build = &release->builds[b];
        used += (size_t)snprintf(out + used, size - used, "\n[build cuda%s]\ncuda = %s\n", build->cuda, build->cuda);
        for (int p = 0; p < CATALOG_PLATFORMS && used < size; p++) {
            const struct catalog_archive *archive = &build->archive[p];
            const char *key = catalog_platform_key(p);
            if (archive->name[0] == '\0')
                continue;
            used += (size_t)snprintf(out + used, size - used, "%sarchive = %s\n%surl = %s\n%ssha256 = %s\n%ssize = %lld\n",
                                     key, archive->name, key, archive->url, key, archive->sha256, key,
                                     archive->size);
        }
    }
    return used < size ? 0 : -1;
}
