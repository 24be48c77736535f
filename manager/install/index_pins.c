/*
 * index_pins.h. A company index (Artifactory, devpi, a PEP 503 folder) is
 * often the only thing a machine reaches; NVIDIA publishes, beside its
 * component wheels, a metapackage cuda-toolkit whose release (13.0.2) is the
 * CUDA release and whose extras pin each component ("nvidia-cublas==
 * 13.1.0.3.*; extra == 'cublas'"). Its METADATA is read as PEP 658 serves it
 * (WHEEL.metadata), else from the wheel; each is checked against the SHA-256
 * the index gives. Only when the index has no cuda-toolkit of the release
 * are the versions taken from NVIDIA's redist manifest, and that is said.
 */
#include "index_pins.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "catalog.h"
#include "cuda_components.h"
#include "cuda_libs.h"
#include "fsutil.h"
#include "install_source.h"
#include "lock_file.h"
#include "messages.h"
#include "python_index.h"
#include "python_requirement.h"
#include "redist_manifest.h"
#include "wheel_metadata.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOLKIT_METADATA_LIMIT (1 << 20)

const char *wheel_pins_find(const struct wheel_pins *pins, const char *project)
{
    char normal[80];
    python_name_normalize(project, normal, sizeof normal);
    for (int i = 0; i < pins->count; i++) {
        if (strcmp(pins->pin[i].project, normal) == 0)
            return pins->pin[i].specifier;
    }
    return NULL;
}

static void pins_add(struct wheel_pins *pins, const char *project, const char *specifier)
{
    if (pins->count >= WHEEL_PINS_MAX || wheel_pins_find(pins, project) != NULL)
        return;
    struct wheel_pin *pin = &pins->pin[pins->count++];
    python_name_normalize(project, pin->project, sizeof pin->project);
    snprintf(pin->specifier, sizeof pin->specifier, "%s", specifier);
}

int wheel_pins_from_metadata(const char *metadata, int platform, struct wheel_pins *pins)
{
    struct python_requirement requirement;
    const char *cursor = metadata;
    pins->count = 0;
    while (python_requirement_next(&cursor, &requirement)) {
        if (requirement.specifier[0] != '\0' && python_marker_holds(requirement.marker, platform, 1) == 1)
            pins_add(pins, requirement.name, requirement.specifier);
    }
    return pins->count;
}

/* The cuda-toolkit wheel's METADATA: served alone (PEP 658) when the index gives its sum, else read from the wheel;
 * 0 with it in *text, or 1 after a message. */
static int toolkit_metadata(const struct cuda_runtime_request *request, const struct source_file *toolkit, char **text)
{
    struct catalog_archive archive;
    char path[PATH_MAX], sha256[65], name[300], url[2100], why[512];
    int no_verify = request->origin.no_verify;
    if (toolkit->has_metadata && (toolkit->metadata_sha256[0] != '\0' || no_verify)) {
        snprintf(name, sizeof name, "%s.metadata", toolkit->name);
        snprintf(url, sizeof url, "%s.metadata", toolkit->url);
        if (source_as_archive(name, url, toolkit->metadata_sha256, &archive) != 0 ||
            install_fetch_archive(&archive, "the index's page", 0, path, sizeof path, sha256) != 0)
            return 1;
        *text = read_small_file(path, TOOLKIT_METADATA_LIMIT);
        return *text != NULL ? 0 : fail("cannot read %s", path);
    }
    if (toolkit->sha256[0] == '\0' && !no_verify)
        return fail("the index gives no SHA-256 for %s, so the versions it pins cannot be trusted: nothing was brought (" OPTION_NO_VERIFY " takes it unchecked)",
                    toolkit->name);
    if (source_as_archive(toolkit->name, toolkit->url, toolkit->sha256, &archive) != 0 ||
        install_fetch_archive(&archive, "the index's page", 0, path, sizeof path, sha256) != 0)
        return 1;
    if (wheel_metadata_read(path, TOOLKIT_METADATA_LIMIT, text, why, sizeof why) != 0)
        return fail("refusing %s: %s", toolkit->name, why);
    return 0;
}

/* From the index's cuda-toolkit of the release: 0; 1 when the index has none (why says so); -1 after a message. */
static int toolkit_pins(const struct cuda_runtime_request *request, struct wheel_pins *pins, char *why, size_t size)
{
    struct source_file toolkit;
    char specifier[48];
    char *metadata = NULL;
    snprintf(specifier, sizeof specifier, "==%s.*", request->release);
    struct wheel_query query = {request->origin.index, "cuda-toolkit", "cuda_toolkit", request->platform, "",
                                specifier, 1};
    if (python_index_find_wheel(&query, &toolkit, why, size) != 0)
        return 1;
    if (toolkit_metadata(request, &toolkit, &metadata) != 0)
        return -1;
    int count = wheel_pins_from_metadata(metadata, request->platform, pins);
    free(metadata);
    snprintf(pins->said, sizeof pins->said, "cuda-toolkit %s on the index", toolkit.version);
    if (count == 0)
        return fail("%s pins no component wheel for %s (no Requires-Dist with a version); nothing was brought",
                    pins->said, catalog_platform_name(request->platform)), -1;
    return 0;
}

/* From NVIDIA's redist manifest of the release's newest patch: each wheel package's version, whole; 0, or 1. */
static int redist_pins(const char *root, const struct cuda_runtime_request *request, struct wheel_pins *pins)
{
    const struct cuda_component *rows[LOCK_RUNTIME_PACKAGES];
    int required[LOCK_RUNTIME_PACKAGES];
    char base[1100], label[32], why[PATH_MAX + 256], project[64], prefix[64], specifier[48];
    char *json = NULL;
    const char *platform = catalog_platform_name(request->platform);
    if (cuda_redist_base(root, base, sizeof base) != 0 ||
        cuda_redist_newest_patch(base, request->release, label, sizeof label) != 0 ||
        cuda_redist_read_manifest(base, label, &json) != 0)
        return 1;
    size_t count = cuda_component_packages(CUDA_SOURCE_WHEEL, rows, required, LOCK_RUNTIME_PACKAGES);
    pins->count = 0;
    snprintf(pins->said, sizeof pins->said, "NVIDIA's redistrib_%s.json", label);
    for (size_t i = 0; i < count; i++) {
        struct redist_component part;
        int status = redist_manifest_component(json, base, rows[i]->redist, platform, &part, why, sizeof why);
        if (status < 0) {
            free(json);
            return fail("%s: %s", rows[i]->redist, why);
        }
        cuda_component_wheel(rows[i], atoi(request->release), project, prefix, sizeof project);
        snprintf(specifier, sizeof specifier, "==%s", part.version);
        if (status == 0)
            pins_add(pins, project, specifier);
    }
    free(json);
    return 0;
}

int index_pins_of_release(const char *root, const struct cuda_runtime_request *request, struct wheel_pins *pins)
{
    char why[2600];
    memset(pins, 0, sizeof *pins);
    int status = toolkit_pins(request, pins, why, sizeof why);
    if (status < 0)
        return 1;
    if (status == 0) {
        note("CUDA %s runtime: the versions of its wheels are those %s pins", request->release, pins->said);
        return 0;
    }
    note("the index has no cuda-toolkit of CUDA %s (%s): the versions of its wheels come from NVIDIA's redist manifest",
         request->release, why);
    if (redist_pins(root, request, pins) != 0)
        return 1;
    note("CUDA %s runtime: the versions of its wheels are those %s lists", request->release, pins->said);
    return 0;
}
