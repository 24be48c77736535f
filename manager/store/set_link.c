/*
 * Registering a set by reference: versions/NAME/ gets cudnnv.ini (kind =
 * linked, path = the directory) and links include/, lib/, bin/ to the
 * directories found there. Used by cudnnv link, and by cudnnv init for the
 * cuDNN it finds in the standard places.
 */
#include "set_link.h"
#include "option_names.h"

#include "messages.h"
#include "fsutil.h"
#include "set_cudart_probe.h"
#include "set_info.h"
#include "store.h"
#include "version_detect.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int link_part(const char *staged, const char *part, const char *target)
{
    char path[PATH_MAX];
    if (target[0] == '\0')
        return 0;
    path_join(path, sizeof path, staged, part);
    if (symlink(target, path) != 0)
        return fail("cannot create %s: %s", path, strerror(errno));
    return 0;
}

static int describe(const char *dir, const struct set_layout *layout, struct set_info *info)
{
    struct set_version version;
    struct release_name release;
    memset(info, 0, sizeof *info);
    if (!version_from_headers(layout->include_dir, &version) &&
        !version_from_library_names(layout->lib_dir, &version))
        return fail("cannot tell which cuDNN version %s holds (no cudnn_version.h, no libcudnn.so.X.Y.Z)", dir);
    int named = release_name_parse(base_name(layout->root), &release) ||
                release_from_pip_metadata(layout->root, &release) ||
                cuda_from_toolkit(layout->root, release.cuda, sizeof release.cuda) ||
                cuda_from_runtime(layout->root, layout->lib_dir, release.cuda, sizeof release.cuda);
    version_compose_name(&version, named ? &release : NULL, info->version, sizeof info->version);
    snprintf(info->cuda, sizeof info->cuda, "%s", named ? release.cuda : "");
    snprintf(info->platform, sizeof info->platform, "%s", set_layout_platform(layout, layout->root));
    if (info->cuda[0] == '\0')   /* nothing names it: the library itself, asked in a child (set_cudart_probe.c) */
        set_cudart_probe_lib(layout->lib_dir, info->version, info->platform, info->cuda, sizeof info->cuda);
    strcpy(info->kind, "linked");
    snprintf(info->source, sizeof info->source, "%s", layout->root);
    snprintf(info->path, sizeof info->path, "%s", layout->root);
    time_t now = time(NULL);
    strftime(info->installed, sizeof info->installed, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    return 0;
}

static int stage_link(const char *staged, const char *dir, const struct set_layout *layout)
{
    struct set_info info;
    if (describe(dir, layout, &info) != 0)
        return 1;
    if (link_part(staged, "include", layout->include_dir) != 0 ||
        link_part(staged, "lib", layout->lib_dir) != 0 ||
        link_part(staged, "bin", layout->bin_dir) != 0)
        return 1;
    if (set_info_write(staged, &info) != 0)
        return fail("cannot write the set's cudnnv.ini: %s", strerror(errno));
    note("linked %s -> %s (cuDNN %s)", base_name(staged), layout->root, info.version);
    return 0;
}

/* Call with the store lock held. */
int set_link_register(const char *root, const char *name, const struct set_layout *layout, int force)
{
    char staging[PATH_MAX], staged[PATH_MAX];
    const char *dir = layout->root;
    if (store_name_problem(name) != NULL)
        return fail("a set cannot be called '%s': the name %s; choose another name", name, store_name_problem(name));
    if (cudnnv_set_exists(root, name) && !cudnnv_set_in_system(root, name) && !force)
        return fail("'%s' is already in the store; add " OPTION_FORCE " to replace it", name);
    if (store_new_staging(root, "link", staging, sizeof staging) != 0)
        return 1;
    path_join(staged, sizeof staged, staging, name);
    int status = make_dirs(staged, 0755) == 0 ? stage_link(staged, dir, layout)
                                                : fail("cannot create %s: %s", staged, strerror(errno));
    if (status == 0)
        status = store_publish(root, staged, name, force);
    remove_tree(staging);
    return status;
}

/*
 * The first standard place holding cuDNN becomes the set "system" (pyenv's
 * 'system': what programs found before cudnnv). Returns 1 when linked.
 */
int set_link_standard_system(const char *root)
{
    static const char *const places[] = {"/usr/local/cuda", "/usr"};
    struct set_layout layout;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        if (!set_layout_at(places[i], &layout))
            continue;
        int lock = store_begin_change(root);
        if (lock < 0)
            return 0;
        int linked = set_link_register(root, "system", &layout, 0) == 0;
        store_unlock(lock);
        return linked;
    }
    return 0;
}

/* Before 'system' is written as a choice: link it from the standard places when no such set exists. */
void set_link_system_if_named(const char *root, int count, char **names)
{
    cudnnv_name resolved;
    for (int i = 0; i < count; i++) {
        if (strcmp(names[i], "system") == 0 && !cudnnv_resolve(root, "system", resolved))
            set_link_standard_system(root);
    }
}
