/*
 * libFuzzer harness: names and fields that arrive with catalog data and
 * archive file names: NVIDIA's archive-name parser, version names and their
 * order, and the catalog's field checks. A release that passes the checks
 * must hold an archive name that is a plain file name.
 */
#include "catalog.h"
#include "cudnnv_select.h"
#include "version_detect.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Takes the next line of text into field (cut to size), moving text on. */
static void take_line(char **text, char *field, size_t size)
{
    char *end = strchr(*text, '\n');
    if (end != NULL)
        *end = '\0';
    snprintf(field, size, "%s", *text);
    *text = end != NULL ? end + 1 : *text + strlen(*text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *cursor = text;
    struct release_name release_name;
    struct catalog_release release;
    memcpy(text, data, size);
    text[size] = '\0';
    release_name_parse(text, &release_name);
    if (cudnnv_name_is_valid(text)) {
        cudnnv_name_major(text);
        if (cudnnv_name_compare(text, text) != 0)
            abort();
        cudnnv_name_has_prefix("8.1.0.77", text);
    }
    memset(&release, 0, sizeof release);
    release.build_count = 1;
    take_line(&cursor, release.version, sizeof release.version);
    take_line(&cursor, release.builds[0].cuda, sizeof release.builds[0].cuda);
    take_line(&cursor, release.builds[0].archive[0].name, sizeof release.builds[0].archive[0].name);
    take_line(&cursor, release.builds[0].archive[0].url, sizeof release.builds[0].archive[0].url);
    take_line(&cursor, release.builds[0].archive[0].sha256, sizeof release.builds[0].archive[0].sha256);
    if (catalog_release_problem(&release, "") == NULL) {
        const char *name = release.builds[0].archive[0].name;
        if (strchr(name, '/') != NULL || strcmp(name, "..") == 0 || cudnnv_text_has_controls(name))
            abort();
    }
    free(text);
    return 0;
}
