/*
 * libFuzzer harness: a Python package index's project page (HTML or JSON;
 * an index, or whoever answers for it, is outside input). Parsing must never
 * crash, and a file chosen has a wheel name of the platform, a version that
 * continues the request, a sum of 64 hexadecimal digits or none, and an
 * address the catalog's checks accept.
 */
#include "catalog.h"
#include "config.h"
#include "download.h"
#include "python_index.h"
#include "store.h"

#include "cudnnv_select.h"

#include "harness.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What python_index.c also links, not reached by parsing. */
int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    (void)url, (void)limit, (void)text, (void)why, (void)why_size;
    return -1;
}

int config_read(const char *root, struct config *config)
{
    (void)root;
    memset(config, 0, sizeof *config);
    return 0;
}

const char *store_root(void)
{
    return "/nonexistent";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct source_file best;
    char why[512];
    char *page = fuzz_text(data, size);
    if (python_index_parse(page, "http://127.0.0.1:8080/simple/nvidia-cudnn-cu12/", CATALOG_LINUX, "9", &best, why,
                           sizeof why) == 0) {
        if (!cudnnv_name_has_prefix(best.version, "9") || strstr(best.name, "nvidia_cudnn_cu") != best.name ||
            (best.sha256[0] && !catalog_is_sha256(best.sha256)) || !catalog_url_is_allowed(best.url, "http://127.0.0.1:8080/"))
            abort();
    }
    free(page);
    return 0;
}
