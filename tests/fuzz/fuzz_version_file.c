/*
 * libFuzzer harness: a .cudnn-version file's bytes, read by the selection
 * exactly as the shim and the manager read it (a real file in a project
 * folder, a store with a few sets), then asked for every major. A failure's
 * message must come out escaped: no control byte may survive.
 */
#include "cudnnv_select.h"

#include "harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char top[] = "/tmp/cudnnv-fuzz-version-XXXXXX";
static char root[256], project[256], file[300];

static void make_set(const char *name, const char *version)
{
    char path[512];
    snprintf(path, sizeof path, "%s/versions/%s", root, name);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/versions/%s/cudnnv.ini", root, name);
    FILE *out = fopen(path, "w");
    fprintf(out, "[set]\nversion = %s\nplatform = linux\n", version);
    fclose(out);
}

static void prepare(void)
{
    if (mkdtemp(top) == NULL)
        abort();
    snprintf(root, sizeof root, "%s/store", top);
    snprintf(project, sizeof project, "%s/project", top);
    snprintf(file, sizeof file, "%s/.cudnn-version", project);
    mkdir(root, 0755);
    mkdir(project, 0755);
    char versions[300];
    snprintf(versions, sizeof versions, "%s/versions", root);
    mkdir(versions, 0755);
    make_set("8.0.4", "8.0.4");
    make_set("8.1.0.77", "8.1.0.77");
    make_set("9.1.0", "9.1.0");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        prepare();
        ready = 1;
    }
    FILE *out = fopen(file, "wb");
    fwrite(data, 1, size, out);
    fclose(out);
    struct cudnnv_where where = {root, NULL, project, 0};
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    char message[PATH_MAX + 512], escaped[sizeof message];
    cudnnv_read_sources(&where, &sources);
    for (int major = 7; major <= 9; major++) {
        enum cudnnv_status status = cudnnv_choose_major(&where, &sources, major, &choice);
        if (status == CUDNNV_SELECTED && !cudnnv_name_is_valid(choice.name))
            abort();
        cudnnv_describe_failure(status, &choice, major, message, sizeof message);
        cudnnv_escape_text(message, escaped, sizeof escaped);
        if (cudnnv_text_has_controls(escaped))
            abort();
    }
    /* the same bytes as CUDNNV_VERSION */
    char *text = fuzz_text(data, size);
    where.env_version = text;
    cudnnv_select_first(&where, &choice);
    free(text);
    return 0;
}
