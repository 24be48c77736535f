/*
 * How verify says what it found: a problem line (or a JSON object) per
 * file, a changed file's hard-linked twins in other sets named (the change
 * shows there too), a running count on a terminal; and the CUDA runtimes'
 * own check, which says its lines the same way.
 */
#include "cuda_runtime.h"
#include "option_names.h"
#include "json.h"
#include "manifest.h"
#include "messages.h"
#include "store.h"
#include "verify_set.h"

#include "cudnnv_select.h"
#include "store_layout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The other sets whose file at the same place is this very file (hard links, as install shares them). */
static void shared_with(const struct verify_output *output, const char *relative, char *out, size_t size)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char path[2 * PATH_MAX], other[2 * PATH_MAX];
    struct stat mine, theirs;
    out[0] = '\0';
    snprintf(path, sizeof path, "%.4000s/%.3000s", output->set_dir, relative);
    if (lstat(path, &mine) != 0 || !S_ISREG(mine.st_mode) || mine.st_nlink < 2)
        return;
    int count = cudnnv_list_sets(store_root(), names, CUDNNV_MAX_SETS);
    for (int i = 0; i < count; i++) {
        size_t used = strlen(out);
        if (strcmp(names[i], output->name) == 0)
            continue;
        char set[PATH_MAX];
        if (cudnnv_store_path(set, sizeof set, store_root(), CUDNNV_STORE_SET, names[i]) != 0 ||
            snprintf(other, sizeof other, "%s/%.3000s", set, relative) >= (int)sizeof other)
            continue;
        if (lstat(other, &theirs) == 0 && theirs.st_ino == mine.st_ino && theirs.st_dev == mine.st_dev &&
            used + strlen(names[i]) + 3 < size)
            snprintf(out + used, size - used, "%s%s", used ? ", " : "", names[i]);
    }
}

void verify_show_progress(int files, unsigned long long bytes, void *user)
{
    struct verify_output *output = user;
    progress_show(&output->progress, "verifying %s: %d files, %llu MiB", output->name, files, bytes >> 20);
}

void verify_print_problem(const char *kind, const char *path, void *user)
{
    struct verify_output *output = user;
    if (output->json) {
        json_t *problem = json_object();
        cudnnv_json_put_text(problem, "kind", kind);
        cudnnv_json_put_text(problem, "path", path);
        json_array_append_new(output->json, problem);
    } else {
        char twins[512];
        progress_stop(&output->progress);
        shared_with(output, path, twins, sizeof twins);
        if (strcmp(kind, "changed") == 0 && twins[0] != '\0')
            printf("  %-8s %s (one file, hard-linked with %s: the change shows there too)\n", kind, path, twins);
        else
            printf("  %-8s %s\n", kind, path);
        fflush(stdout);
    }
    output->problems++;
}

void verify_count_only(const char *kind, const char *path, void *user)
{
    (void)kind;
    (void)path;
    (void)user;
}

int verify_runtimes(const char *root)
{
    cudnnv_name names[64];
    char dir[PATH_MAX], why[4 * PATH_MAX];
    struct verify_result result;
    int count = cuda_runtime_list(root, names, 64), failed = 0;
    for (int i = 0; i < count; i++) {
        struct verify_output output = {.name = names[i]};
        if (cudnnv_store_path(dir, sizeof dir, root, CUDNNV_STORE_RUNTIME, names[i]) != 0)
            continue;
        output.set_dir = dir;
        if (cuda_runtime_problem(root, names[i], why, sizeof why)) {
            printf("cuda %s: REFUSED (%s)\n", names[i], why);
            note("repair the CUDA %s runtime: 'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %s', then 'cudnnv install' in a project that pins it",
                 names[i], names[i]);
            failed = 1;
            continue;
        }
        if (manifest_verify(dir, &result, verify_print_problem, NULL, &output) != 0) {
            printf("cuda %s: CHANGED (its MANIFEST cannot be read)\n", names[i]);
            failed = 1;
            continue;
        }
        int bad = result.missing + result.changed + result.extra;
        failed |= bad != 0;
        printf("cuda %s: %s (a CUDA runtime: %d files; %d missing, %d changed, %d extra)\n", names[i],
               bad ? "CHANGED" : "ok", result.files, result.missing, result.changed, result.extra);
        if (bad)
            note("repair the CUDA %s runtime: 'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %s', then 'cudnnv install' in a project that pins it",
                 names[i], names[i]);
    }
    return failed;
}
