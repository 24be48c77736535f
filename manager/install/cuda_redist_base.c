/*
 * NVIDIA's CUDA redist address ([catalog] cuda_redist in config, else
 * NVIDIA's own), checked, for the sources that read its manifests (NVIDIA's
 * CUDA, and the index's fallback for a release's component versions).
 */
#include "catalog.h"
#include "config.h"
#include "cuda_libs.h"
#include "messages.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

int cuda_redist_base(const char *root, char *base, size_t size)
{
    struct config config;
    config_read(root, &config);
    snprintf(base, size - 1, "%s", config.cuda_redist[0] ? config.cuda_redist : CUDA_LIBS_DEFAULT_REDIST);
    if (base[strlen(base) - 1] != '/')
        strcat(base, "/");
    if (cudnnv_text_has_controls(base) || !catalog_url_is_allowed(base, base))
        return fail("the CUDA redist address '%s' is not a plain https, file or http URL; fix [catalog] cuda_redist in config",
                    base);
    return 0;
}
