/*
 * Writing NVIDIA's redist manifest format for a mirror ('cudnnv mirror'):
 * redistrib_LABEL.json listing exactly the archives the mirror holds, in the
 * form redist_manifest.c reads (a product's version, and per platform, or
 * per platform and "cudaNN" build for cuDNN, the archive's relative_path,
 * sha256 and size). A manifest already there is read and added to, so
 * mirroring two projects' locks into one folder lists both; it is written
 * whole by one rename.
 */
#include "redist_manifest.h"

#include "fsutil.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The manifest already at path, or a new one for label; NULL with why when one there cannot be read. */
static json_t *manifest_open(const char *path, const char *label, const char *product, char *why, size_t size)
{
    if (!is_regular_file(path)) {
        json_t *root = json_object();
        json_object_set_new(root, "release_label", json_string(label));
        json_object_set_new(root, "release_product", json_string(product));
        return root;
    }
    char *text = read_small_file(path, REDIST_MANIFEST_LIMIT);
    json_error_t error;
    json_t *root = text ? json_loads(text, JSON_REJECT_DUPLICATES, &error) : NULL;
    free(text);
    if (!json_is_object(root)) {
        snprintf(why, size, "%s is there but is not a manifest cudnnv can read; move it away and run 'cudnnv mirror' again",
                 path);
        json_decref(root);
        return NULL;
    }
    return root;
}

/* The entry's place: {product: {version, platform: {cudaNN: here}}}; NULL with why when another version holds it. */
static json_t *entry_place(json_t *root, const struct redist_entry *entry, const char *path, char *why, size_t size)
{
    json_t *product = json_object_get(root, entry->product);
    if (!json_is_object(product)) {
        product = json_object();
        json_object_set_new(product, "version", json_string(entry->version));
        json_object_set_new(root, entry->product, product);
    }
    const char *version = json_string_value(json_object_get(product, "version"));
    if (version == NULL || strcmp(version, entry->version) != 0) {
        snprintf(why, size, "%s lists %s %s; one manifest holds one release of each, so %s %s cannot be added",
                 path, entry->product, version ? version : "(no version)", entry->product, entry->version);
        return NULL;
    }
    json_t *platform = json_object_get(product, entry->platform);
    if (!json_is_object(platform)) {
        platform = json_object();
        json_object_set_new(product, entry->platform, platform);
    }
    if (entry->cuda == NULL)
        return platform;
    char key[32];
    snprintf(key, sizeof key, "cuda%s", entry->cuda);
    json_t *build = json_object();
    json_object_set_new(platform, key, build);
    return build;
}

int redist_manifest_add(const char *dir, const char *label, const struct redist_entry *entry, char *why, size_t size)
{
    char path[4096], name[64], bytes[32];
    redist_manifest_url("", label, name, sizeof name);
    if (path_join(path, sizeof path, dir, name) != 0) {
        snprintf(why, size, "the folder's path is too long");
        return -1;
    }
    json_t *root = manifest_open(path, label, entry->product, why, size);
    json_t *place = root ? entry_place(root, entry, path, why, size) : NULL;
    if (place == NULL) {
        json_decref(root);
        return -1;
    }
    snprintf(bytes, sizeof bytes, "%lld", entry->size);
    json_object_set_new(place, "relative_path", json_string(entry->relative_path));
    json_object_set_new(place, "sha256", json_string(entry->sha256));
    json_object_set_new(place, "size", json_string(bytes));
    char *text = json_dumps(root, JSON_INDENT(4) | JSON_PRESERVE_ORDER);
    json_decref(root);
    int status = text != NULL && write_file_atomic(path, text) == 0 ? 0 : -1;
    if (status != 0)
        snprintf(why, size, "cannot write %s", path);
    free(text);
    return status;
}
