/*
 * libFuzzer harness: a conda channel's repodata.json (outside input).
 * Parsing must never crash, and a package chosen is cudnn's or libcudnn's,
 * with a plain file name, a version continuing the request, a sha256 of 64
 * hexadecimal digits, and an address inside the channel's folder.
 */
#include "catalog.h"
#include "conda_channel.h"
#include "source_file.h"

#include "cudnnv_select.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char subdir[] = "http://127.0.0.1:8080/channel/linux-64/";
    struct source_file best;
    char why[512];
    char *text = fuzz_text(data, size);
    if (conda_channel_parse(text, subdir, "9", 0, &best, why, sizeof why) == 0) {
        if (!cudnnv_name_has_prefix(best.version, "9") || !catalog_is_sha256(best.sha256) ||
            strncmp(best.url, subdir, strlen(subdir)) != 0 || strchr(best.name, '/') != NULL)
            abort();
    }
    free(text);
    return 0;
}
