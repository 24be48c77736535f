/*
 * One set checked against its MANIFEST (cudnnv verify): every file missing,
 * changed or never recorded, then what else it needs to load (its main
 * library under its soname, the CUDA libraries the shim loads for it), with
 * how to bring its files back.
 */
#include "build_platform.h"
#include "option_names.h"
#include "fsutil.h"
#include "json.h"
#include "manifest.h"
#include "messages.h"
#include "selection.h"
#include "set_info.h"
#include "store.h"
#include "verify_set.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
        verify_print_problem("changed", message, output);
        bad = 1;
    }
    char lib[PATH_MAX];
    path_join(lib, sizeof lib, set_dir, "lib");
    cudnnv_main_library(lib, 0, major, library, sizeof library);
    if (major > 0 && !cudnnv_platform_is_windows(info->platform) && access(library, R_OK) != 0) {
        verify_print_problem("missing", library + strlen(set_dir) + 1, output);
        bad = 1;
    }
    if (!cudnnv_set_cuda_libs(set_dir, cuda_libs, sizeof cuda_libs, load, sizeof load))
        return bad;
    *strrchr(cuda_libs, '/') = '\0';   /* cuda/X.Y.Z, which holds the MANIFEST */
    if (manifest_verify(cuda_libs, &result, verify_count_only, NULL, NULL) != 0 || result.missing + result.changed + result.extra) {
        snprintf(message, sizeof message, "%s (the CUDA libraries %.64s loads; bring them again with 'cudnnv install " OPTION_WITH_CUDA_LIBS " %.64s')",
                 cuda_libs, name, name);
        verify_print_problem("changed", message, output);
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
    note("repair %s: 'cudnnv install " OPTION_FORCE " " OPTION_NAME " %s %s' brings its files again", name, name, from);
}

const char *verify_one(const char *name, json_t *list, int *failed)
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
    int verified = manifest_verify(set_dir, &result, verify_print_problem, output.progress.terminal ? verify_show_progress : NULL,
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
