/*
 * libFuzzer harness: a set's MANIFEST, which lies in the store where other
 * tools (or a damaged disk) may change it. verify reads it against a small
 * set of real files; it must never crash nor count below zero.
 */
#include "manifest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char set_dir[] = "/tmp/cudnnv-fuzz-manifest-XXXXXX";

static void ignore(const char *kind, const char *path, void *user)
{
    (void)kind;
    (void)path;
    (void)user;
}

static void prepare(void)
{
    char path[256];
    if (mkdtemp(set_dir) == NULL)
        abort();
    snprintf(path, sizeof path, "%s/lib", set_dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/lib/libcudnn.so.8.1.0", set_dir);
    FILE *out = fopen(path, "w");
    fputs("library bytes\n", out);
    fclose(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    char path[256];
    struct verify_result result;
    if (!ready) {
        prepare();
        ready = 1;
    }
    snprintf(path, sizeof path, "%s/MANIFEST", set_dir);
    FILE *out = fopen(path, "wb");
    fwrite(data, 1, size, out);
    fclose(out);
    if (manifest_verify(set_dir, &result, ignore, NULL, NULL) == 0 &&
        (result.missing < 0 || result.changed < 0 || result.extra < 0 || result.files < 0))
        abort();
    return 0;
}
