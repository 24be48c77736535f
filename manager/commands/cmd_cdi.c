/*
 * cudnnv cdi: describes the store to container engines as a CDI spec
 * (cdi_spec.c), so that 'podman run --device cudnnv.dev/set=8.1 IMAGE'
 * gets that set with nothing of cuDNN in the image (docs/containers.md).
 */
#include "cdi_spec.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "fsutil.h"
#include "json.h"
#include "messages.h"
#include "shim_files.h"
#include "store.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CDI_OUTPUT, CDI_JSON };

static const struct option_spec options[] = {
    [CDI_OUTPUT] = {.name = OPTION_OUTPUT, .short_name = 'o', .value_name = "DIR", .complete = COMPLETE_DIRS,
                    .help = "write DIR/" CDI_SPEC_FILE " (default: /etc/cdi as root, else\n"
                            "$XDG_RUNTIME_DIR/cdi)"},
    [CDI_JSON] = {.name = "--json", .help = "print an object: spec (its path), devices (device, set),\n"
                                            "left_out (set, why)"},
    {.name = NULL},
};

/* Where the spec goes when --output does not say: the folder engines read for root, else the user's runtime one. */
static int default_folder(char *out, size_t size)
{
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (geteuid() == 0)
        return snprintf(out, size, "/etc/cdi") < (int)size ? 0 : -1;
    if (runtime != NULL && runtime[0] == '/')
        return path_join(out, size, runtime, "cdi");
    return fail("no folder for the CDI spec: not root and XDG_RUNTIME_DIR is unset; give --output DIR (podman reads /etc/cdi and /var/run/cdi)");
}

static void print_text(const char *path, const struct cdi_plan *plan)
{
    note("wrote %s: %d device%s", path, plan->count, plan->count == 1 ? "" : "s");
    for (int i = 0; i < plan->count; i++) {
        char device[CUDNNV_NAME_MAX + 32];
        snprintf(device, sizeof device, CDI_KIND "=%s", plan->devices[i].name);
        const struct cdi_device *one = &plan->devices[i];
        if (one->cuda_runtime[0] != '\0')
            printf("%-34s (the CUDA %s runtime, after the shims on LD_LIBRARY_PATH)\n", device, one->cuda_runtime);
        else
            printf("%-34s %s\n", device, one->set[0] ? one->set : "(the whole store)");
    }
    for (int i = 0; i < plan->left_count; i++)
        note("%s is left out: %s", plan->left_out[i].set, plan->left_out[i].why);
}

static void print_json(const char *path, const struct cdi_plan *plan)
{
    char device[CUDNNV_NAME_MAX + 32];
    json_t *answer = json_object(), *devices = json_array(), *left_out = json_array();
    cudnnv_json_put_text(answer, "spec", path);
    for (int i = 0; i < plan->count; i++) {
        json_t *item = json_object();
        snprintf(device, sizeof device, CDI_KIND "=%s", plan->devices[i].name);
        cudnnv_json_put_text(item, "device", device);
        cudnnv_json_put_text(item, "set", plan->devices[i].set);
        if (plan->devices[i].cuda_runtime[0] != '\0')
            cudnnv_json_put_text(item, "cuda_runtime", plan->devices[i].cuda_runtime);
        json_array_append_new(devices, item);
    }
    for (int i = 0; i < plan->left_count; i++) {
        json_t *item = json_object();
        cudnnv_json_put_text(item, "set", plan->left_out[i].set);
        cudnnv_json_put_text(item, "why", plan->left_out[i].why);
        json_array_append_new(left_out, item);
    }
    json_object_set_new(answer, "devices", devices);
    json_object_set_new(answer, "left_out", left_out);
    cudnnv_json_print(stdout, answer);
}

static int write_in(const char *folder, int json)
{
    char real[PATH_MAX], path[PATH_MAX + sizeof CDI_SPEC_FILE + 1];
    const char *root = store_root();
    int copied;
    if (make_dirs(folder, 0755) != 0 || realpath(folder, real) == NULL)
        return fail("cannot make the folder %s: %s", folder, strerror(errno));
    snprintf(path, sizeof path, "%s/%s", real, CDI_SPEC_FILE);
    if (store_prepare(root) != 0 || shim_files_refresh(root, &copied) != 0)
        return 1;
    struct cdi_plan *plan = malloc(sizeof *plan);
    if (plan == NULL)
        return fail("out of memory");
    cdi_plan_make(root, plan);
    int status = cdi_spec_write(root, plan, path);
    if (status == 0) {
        cdi_specs_remember(root, path);
        json ? print_json(path, plan) : print_text(path, plan);
    }
    free(plan);
    return status;
}

static int run(struct args *args)
{
    char folder[PATH_MAX];
    if (strcmp(CUDNNV_HOST_PLATFORM, "linux") != 0)
        return fail("CDI specs describe Linux containers: run 'cudnnv cdi' on the Linux machine that runs them");
    if (args->value[CDI_OUTPUT] != NULL)
        snprintf(folder, sizeof folder, "%s", args->value[CDI_OUTPUT]);
    else if (default_folder(folder, sizeof folder) != 0)
        return 1;
    return write_in(folder, args_has(args, CDI_JSON));
}

const struct command command_cdi = {
    .name = "cdi",
    .run = run,
    .options = options,
};
