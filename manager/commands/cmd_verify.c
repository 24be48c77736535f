/*
 * cudnnv verify: re-hashes installed sets against their MANIFEST and names
 * every file that is missing, changed, or was never recorded.
 */
#include "args.h"
#include "build_platform.h"
#include "commands.h"
#include "cuda_runtime.h"
#include "fsutil.h"
#include "manifest.h"
#include "set_info.h"
#include "selection.h"
#include "store.h"

#include "cudnnv_select.h"
#include "store_layout.h"
#include "progress.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { VERIFY_JSON };

static const struct option_spec options[] = {
    [VERIFY_JSON] = {.name = "--json", .help = "one object per set: name, status, files, missing, changed,\n"
                                               "extra, problems"},
    {.name = NULL},
};

struct verify_output {
    json_t *json;         /* --json: the problems array of this set's object; NULL for text */
    int problems;
    const char *name;
    struct progress progress;   /* a running count on a terminal: cleared before a problem is printed */
    const char *set_dir;  /* where the set's files are: a changed file's hard-linked twins are named */
};

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

/* A running count on a terminal: the real cuDNN 9 is 450 MB. */
static void show_progress(int files, unsigned long long bytes, void *user)
{
    struct verify_output *output = user;
    progress_show(&output->progress, "verifying %s: %d files, %llu MiB", output->name, files, bytes >> 20);
}

static void print_problem(const char *kind, const char *path, void *user)
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

static void count_only(const char *kind, const char *path, void *user)
{
    (void)kind;
    (void)path;
    (void)user;
}

/*
 * What else a set needs to load: its main library under its soname (a set
 * whose lib/ lacks it loads nowhere, whatever its MANIFEST says), and the
 * CUDA libraries the shim loads for it, checked against their own MANIFEST.
 * 1 when something is wrong (said on stdout as a problem line).
 */
static int verify_loading(const char *name, const char *set_dir, const struct set_info *info,
                          struct verify_output *output)
{
    char library[PATH_MAX + 32], cuda_libs[PATH_MAX], load[CUDNNV_COMPANIONS_MAX], message[PATH_MAX + 512];
    struct verify_result result;
    int bad = 0;
    int major = cudnnv_name_major(info->version);
    if (set_name_disagrees(name, info->version)) {
        snprintf(message, sizeof message, "versions/%.64s holds cuDNN %.64s, not the release its name says", name,
                 info->version);
        print_problem("changed", message, output);
        bad = 1;
    }
    char lib[PATH_MAX];
    path_join(lib, sizeof lib, set_dir, "lib");
    cudnnv_main_library(lib, 0, major, library, sizeof library);
    if (major > 0 && !cudnnv_platform_is_windows(info->platform) && access(library, R_OK) != 0) {
        print_problem("missing", library + strlen(set_dir) + 1, output);
        bad = 1;
    }
    if (!cudnnv_set_cuda_libs(set_dir, cuda_libs, sizeof cuda_libs, load, sizeof load))
        return bad;
    *strrchr(cuda_libs, '/') = '\0';   /* cuda/X.Y.Z, which holds the MANIFEST */
    if (manifest_verify(cuda_libs, &result, count_only, NULL, NULL) != 0 || result.missing + result.changed + result.extra) {
        snprintf(message, sizeof message, "%s (the CUDA libraries %.64s loads; bring them again with 'cudnnv install --with-cuda-libs %.64s')",
                 cuda_libs, name, name);
        print_problem("changed", message, output);
        bad = 1;
    }
    return bad;
}

/* How to bring a damaged set's files back: install it again from where it came (the archive, while it is there;
 * else its address; else the catalog's release). */
static void say_repair(const char *name, const struct set_info *info)
{
    const char *from = info == NULL ? name
                       : is_regular_file(info->source) || is_directory(info->source) ? info->source
                       : info->url[0] ? info->url
                                      : info->version;
    note("repair %s: 'cudnnv install --force --name %s %s' brings its files again", name, name, from);
}

/* One set checked: its line, or (list not NULL) its object added to list; its status word. */
static const char *verify_one(const char *name, json_t *list, int *failed)
{
    char set_dir[PATH_MAX];
    struct set_info info;
    struct verify_result result;
    struct verify_output output = {.name = name};
    char refused[2 * PATH_MAX];
    store_set_dir(store_root(), name, set_dir, sizeof set_dir);
    output.set_dir = set_dir;
    int known = set_info_read(set_dir, &info) == 0;
    if (known && set_info_is_linked(&info))
        return "linked";
    const char *runtime = known && set_info_is_libraries_only(&info) ? "runtime only: " : "";
    json_t *item = list ? json_object() : NULL;
    if (item != NULL) {
        json_array_append_new(list, item);
        cudnnv_json_put_text(item, "name", name);
    }
    if (!selection_set_trusted(store_root(), name, refused, sizeof refused)) {
        *failed = 1;
        if (item != NULL) {
            cudnnv_json_put_text(item, "status", "refused");
            cudnnv_json_put_text(item, "reason", refused);
        } else
            printf("%s: REFUSED (%s)\n", name, refused);
        return "refused";
    }
    progress_start(&output.progress);
    if (item != NULL) {
        output.json = json_array();
        json_object_set_new(item, "problems", output.json);
    }
    int verified = manifest_verify(set_dir, &result, print_problem, output.progress.terminal ? show_progress : NULL,
                                   &output);
    int why = errno;   /* read first: anything after may change it */
    progress_stop(&output.progress);
    if (verified != 0) {
        *failed = 1;
        const char *status = why == ENOENT ? "no-manifest" : "unreadable-manifest";
        if (item != NULL) {
            cudnnv_json_put_text(item, "status", status);
            cudnnv_json_put_text(item, "reason", why == EINVAL ? "not a regular file" : strerror(why));
        } else if (why != ENOENT)
            note("cannot read the MANIFEST of %s (%s/MANIFEST): %s", name, set_dir,
                 why == EINVAL ? "not a regular file" : strerror(why));
        return status;
    }
    int bad = result.missing + result.changed + result.extra + verify_loading(name, set_dir, &info, &output);
    *failed |= bad != 0;
    if (item != NULL) {
        cudnnv_json_put_text(item, "status", bad ? "changed" : "ok");
        cudnnv_json_put_int(item, "files", result.files);
        cudnnv_json_put_int(item, "missing", result.missing);
        cudnnv_json_put_int(item, "changed", result.changed);
        cudnnv_json_put_int(item, "extra", result.extra);
        cudnnv_json_put_bool(item, "runtime", runtime[0] != '\0');
    } else
        printf("%s: %s (%s%d files; %d missing, %d changed, %d extra)\n", name, bad ? "CHANGED" : "ok", runtime,
               result.files, result.missing, result.changed, result.extra);
    if (bad && item == NULL && result.missing + result.changed + result.extra > 0)
        say_repair(name, known ? &info : NULL);
    return bad ? "changed" : "ok";
}

/* The CUDA runtimes projects pin (cuda/runtime/NAME), each against its own MANIFEST; 1 when one differs. */
static int verify_runtimes(const char *root)
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
            note("repair the CUDA %s runtime: 'cudnnv uninstall --cuda-runtime --force %s', then 'cudnnv install' in a project that pins it",
                 names[i], names[i]);
            failed = 1;
            continue;
        }
        if (manifest_verify(dir, &result, print_problem, NULL, &output) != 0) {
            printf("cuda %s: CHANGED (its MANIFEST cannot be read)\n", names[i]);
            failed = 1;
            continue;
        }
        int bad = result.missing + result.changed + result.extra;
        failed |= bad != 0;
        printf("cuda %s: %s (a CUDA runtime: %d files; %d missing, %d changed, %d extra)\n", names[i],
               bad ? "CHANGED" : "ok", result.files, result.missing, result.changed, result.extra);
        if (bad)
            note("repair the CUDA %s runtime: 'cudnnv uninstall --cuda-runtime --force %s', then 'cudnnv install' in a project that pins it",
                 names[i], names[i]);
    }
    return failed;
}

static int run(struct args *args)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    int json = args_has(args, VERIFY_JSON), count = 0, failed = 0;
    const char *root = store_root();
    for (int i = 0; i < args->count && count < CUDNNV_MAX_SETS; i++) {
        if (!cudnnv_resolve(root, args->operand[i], names[count]))   /* '8.0' as use takes it */
            return fail("'%s' is not installed; see 'cudnnv versions'", args->operand[i]);
        count++;
    }
    if (args->count == 0)
        count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    if (count == 0)
        note("no sets are installed in %s: nothing to verify", root);
    json_t *list = json ? json_array() : NULL;
    for (int i = 0; i < count; i++) {
        const char *status = verify_one(names[i], list, &failed);
        if (strcmp(status, "linked") == 0)
            note("%s is linked, not copied: nothing to verify", names[i]);
        if (strcmp(status, "no-manifest") == 0)
            note("%s has no MANIFEST; reinstall it with 'cudnnv install --force'", names[i]);
    }
    if (json)
        cudnnv_json_print(stdout, list);
    if (!json && args->count == 0)
        failed |= verify_runtimes(root);
    return failed ? EXIT_USER_ERROR : 0;
}

const struct command command_verify = {
    .name = "verify",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};
