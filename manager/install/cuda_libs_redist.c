/*
 * CUDA libraries from NVIDIA's CUDA redist ([catalog] cuda_redist; the catalog
 * row of the install-source table): the redist index names one
 * redistrib_X.Y.Z.json per CUDA release; the newest of the set's CUDA major
 * that has every component wanted is read, with the checks cuDNN's
 * manifests get (plain relative path, 64-hex SHA-256, size, an address
 * below the redist's).
 */
#include "cuda_libs_choice.h"

#include "catalog.h"
#include "config.h"
#include "download.h"
#include "messages.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INDEX_LIMIT (2u << 20)
#define MANIFEST_LIMIT (4u << 20)

/* 0 when this manifest has every component (into chosen), 1 when not, -1 when it is not readable. */
static int read_manifest(const char *base, const char *label, const struct cuda_libs_request *request,
                         struct cuda_libs_choice *chosen)
{
    char why[256];
    char *json = NULL;
    snprintf(chosen->label, sizeof chosen->label, "%s", label);
    snprintf(chosen->source, sizeof chosen->source, "%sredistrib_%s.json", base, label);
    if (download_text(chosen->source, MANIFEST_LIMIT, &json, why, sizeof why) != 0) {
        note("skipping %s: %s", chosen->source, why);
        return -1;
    }
    int status = 0;
    for (int i = 0; i < request->count && status == 0; i++) {
        status = redist_manifest_component(json, base, request->component[i], request->platform,
                                           &chosen->component[i], why, sizeof why);
        if (status == 0 && !catalog_url_is_allowed(chosen->component[i].archive.url, base))
            status = -1, snprintf(why, sizeof why, "an archive address outside the redist address");
        if (status < 0)
            note("skipping %s: %s", chosen->source, why);
    }
    free(json);
    return status;
}

/* The newest CUDA release of the major whose manifest has every component; 0, or 1 after a message. */
static int choose_release(const char *base, const struct cuda_libs_request *request, struct cuda_libs_choice *chosen)
{
    char labels[REDIST_MAX_LABELS][32];
    char why[256];
    char *index = NULL;
    if (download_text(base, INDEX_LIMIT, &index, why, sizeof why) != 0)
        return fail("cannot read NVIDIA's CUDA redist index %s: %s; check [catalog] cuda_redist in config or the network",
                    base, why);
    int count = redist_index_labels(index, labels, REDIST_MAX_LABELS);
    free(index);
    int tried[REDIST_MAX_LABELS] = {0};
    for (;;) {
        int best = -1;
        for (int i = 0; i < count; i++) {
            if (!tried[i] && atoi(labels[i]) == request->cuda_major &&
                (best < 0 || cudnnv_name_compare(labels[i], labels[best]) > 0))
                best = i;
        }
        if (best < 0)
            return fail("%s has no CUDA %d manifest with %s%s for %s; give another address with [catalog] cuda_redist",
                        base, request->cuda_major, request->component[0], request->count > 1 ? " and the rest" : "",
                        request->platform);
        tried[best] = 1;
        if (read_manifest(base, labels[best], request, chosen) == 0)
            return 0;
    }
}

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

/* From NVIDIA's CUDA redist ([catalog] cuda_redist): the newest release of the major with every component. */
int cuda_libs_from_redist(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                           struct cuda_libs_choice *chosen)
{
    char base[1100];
    if (cuda_redist_base(root, base, sizeof base) != 0)
        return 1;
    if (choose_release(base, request, chosen) != 0)
        return 1;
    *all = *request;
    if (cuda_libs_keep_present(root, chosen->label, all) && read_manifest(base, chosen->label, all, chosen) != 0)
        return fail("%s no longer has every component cuda/%s holds; nothing was brought", chosen->source,
                    chosen->label);
    return 0;
}
