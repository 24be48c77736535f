/*
 * libFuzzer harness: a redist manifest and index as NVIDIA's server (or
 * anyone in its place) sends them. Parsing must never crash; a release that
 * passes the catalog's checks must write an INI file that reads back as
 * one line per value (no new line can sneak a key in).
 */
#include "catalog.h"
#include "redist_manifest.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char labels[REDIST_MAX_LABELS][32];
    struct catalog_release release;
    char why[256], text[16384];
    char *json = fuzz_text(data, size);
    redist_index_labels(json, labels, REDIST_MAX_LABELS);
    if (redist_manifest_release(json, "https://example.org/redist/", &release, why, sizeof why) == 0 &&
        catalog_release_problem(&release, "https://example.org/redist/") == NULL &&
        redist_release_ini(&release, "https://example.org/redist/redistrib_1.json", text, sizeof text) == 0) {
        for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
            if (strchr(line, '\n') == NULL)
                break;
            if (strchr(line, '\r') != NULL && strchr(line, '\r') < strchr(line, '\n'))
                abort();
        }
    }
    free(json);
    return 0;
}
