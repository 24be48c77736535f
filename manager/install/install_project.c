/*
 * install_project.h: the forms of an install. Each set goes in under the
 * store's lock through one staging folder and one rename; the CUDA
 * libraries a set lacks and the project's CUDA runtime come after it,
 * each by the install-source table's order.
 */
#include "install_project.h"
#include "option_names.h"

#include "archive_fetch.h"
#include "catalog.h"
#include "cdi_spec.h"
#include "cuda_libs.h"
#include "cuda_runtime.h"
#include "cuda_runtime_install.h"
#include "fsutil.h"
#include "install_locked.h"
#include "lock_file.h"
#include "messages.h"
#include "needs_judge.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include "cudnnv_select.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* How each installed set is said: the command's, for the whole run (install_locked calls install_one back). */
static install_report_fn reporter;

/*
 * What SOURCE names (a file, a folder or a release), from the source that
 * takes it (install_source.c); catalog is read once for the whole run, by
 * the first source that needs it.
 */
static int resolve(const struct install_request *request, const char *requested, struct catalog_once *catalog,
                   struct resolved_archive *found)
{
    int platform = request->platform ? catalog_platform_from_name(request->platform) : (int)catalog_host_platform();
    struct source_query query = {.request = request, .requested = requested, .platform = platform,
                                 .catalog = catalog};
    return install_source_resolve(&query, found);
}

/* --dry-run for a file or folder given: nothing to fetch, and nothing is changed. */
static int plan_local(const struct resolved_archive *from)
{
    printf("%s\n  from    this machine (nothing to fetch)\n", from->path);
    note("nothing was changed (" OPTION_DRY_RUN ")");
    return 0;
}

/* One source into the store: staged, published by one rename, reported. */
static int install_one(const struct install_request *request, const struct resolved_archive *from)
{
    const struct source_origin origin = request->origin;
    struct install_result result;
    char staging[4096];
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = store_new_staging(root, "install", staging, sizeof staging);
    if (status != 0) {
        store_unlock(lock);
        return status;
    }
    status = install_in_staging(request, from, root, staging, &result);
    if (status == 0)
        status = store_publish(root, result.staged_set, result.name, result.replace);
    if (status == 0) {
        shim_files_follow_store(root);
        reporter(request, from, &result);
    }
    remove_tree(staging);
    store_unlock(lock);
    if (status == 0 && (request->with_cuda_libs || request->cuda_libs_auto))
        status = install_cuda_libs_for(root, result.name, 0, &origin);
    if (status == 0)
        needs_note_unmet(root, result.name, 1);
    return status;
}

/* install --with-cuda-libs NAME for a set already installed: only what it lacks is brought. */
static int is_installed_set(const struct install_request *request, cudnnv_name name)
{
    return request->with_cuda_libs && cudnnv_name_is_valid(request->source) &&
           cudnnv_resolve(store_root(), request->source, name) &&
           cudnnv_set_exists(store_root(), name);
}

/*
 * The CUDA libraries an installed set lacks (install --with-cuda-libs NAME):
 * brought, or under --dry-run only named (what a program started here would
 * not find), nothing fetched.
 */
static int cuda_libs_for_installed(const struct install_request *request, const char *set)
{
    const struct source_origin origin = request->origin;
    if (!request->dry_run)
        return install_cuda_libs_for(store_root(), set, 1, &origin);
    needs_note_unmet(store_root(), set, 1);
    return 0;
}

/* One pin of the project, unless a set answers it already: brought as 'install NAME' would. */
static int install_pin(struct install_request *request, const char *pin, const char *version_file,
                       struct catalog_once *catalog)
{
    struct resolved_archive found;
    cudnnv_name set;
    if (cudnnv_resolve(store_root(), pin, set)) {
        note("%s (pinned in %s): installed as %s", pin, version_file, set);
        return request->with_cuda_libs ? cuda_libs_for_installed(request, set) : 0;
    }
    const char *release = (pin[0] == 'v' || pin[0] == 'V') ? pin + 1 : pin;   /* nvm's spelling */
    if (cudnnv_name_major(release) < 0)
        return fail("%s (pinned in %s) is no release to install; install or link a set of that name ('cudnnv install " OPTION_NAME " %s SOURCE', 'cudnnv link %s DIR')",
                    pin, version_file, pin, pin);
    note("%s (pinned in %s): %s", pin, version_file, request->dry_run ? "not installed; it would be" : "installing");
    request->source = release;
    int status = resolve(request, release, catalog, &found);
    if (status == INSTALL_ALREADY || status == INSTALL_PLANNED)
        return 0;   /* the next pin is looked at too */
    return status != 0 ? status : install_one(request, &found);
}

/*
 * The CUDA runtime the project pins ("cuda 11.0" in its .cudnn-version),
 * unless the store holds it: from the source the options name (the folder
 * --cuda-libs-from gives, --channel's cudatoolkit), else from NVIDIA's CUDA
 * apt repository ([catalog] cuda_apt): the install-source table decides.
 */
static int install_project_runtime(const struct install_request *request, const char *runtime_from,
                                   const char *version_file)
{
    char release[32], lib[PATH_MAX];
    int pinned = cudnnv_version_file_cuda(version_file, release, sizeof release);
    if (pinned == CUDNNV_READ_BAD_NAME)
        return fail("'%s %s' in %s is not a CUDA release; write it as 'cuda 11.0'", CUDNNV_CUDA_KEYWORD, release,
                    version_file);
    if (pinned != 1)
        return 0;
    if (cuda_runtime_find(store_root(), release, lib, sizeof lib)) {
        note("CUDA %s runtime (pinned in %s): installed in %s", release, version_file, lib);
        return 0;
    }
    struct cuda_runtime_request runtime = {
        .release = release, .version_file = version_file, .plan_only = request->dry_run,
        .platform = request->platform ? catalog_platform_from_name(request->platform) : (int)catalog_host_platform(),
        .origin = request->origin,
    };
    runtime.origin.local = runtime_from;   /* a folder for the runtime only (take_runtime_folder) */
    return install_source_runtime(store_root(), &runtime);
}

/* The store's runtime (lib) against the lock's: the same packages, by SHA-256, or refused as a set would be; 0, or
 * 1 after a message. */
static int locked_runtime_matches(const struct lock_cuda_runtime *locked, const char *lib, const char *lock_path)
{
    static struct lock_cuda_runtime have;
    char record[PATH_MAX + 16], why[400];
    int same;
    if (locked->local) {
        if (!lock_cuda_runtime_files_match(lib, locked, why, sizeof why))
            return fail("the CUDA %s runtime in %s is not the folder's %s locked: %s; replace it: 'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %s', then 'cudnnv install " OPTION_LOCKED " " OPTION_CUDA_LIBS_FROM " DIR'",
                        locked->release, lib, lock_path, why, locked->release);
        note("CUDA %s runtime (locked, from a folder): installed in %s, each of its %d files as the lock names it",
             locked->release, lib, locked->file_count);
        return 0;
    }
    same = cuda_runtime_record_of(lib, record, sizeof record) == 0 && lock_cuda_runtime_read_record(record, &have) == 0 &&
           have.count == locked->count;
    for (int i = 0; same && i < have.count; i++)
        same = strcasecmp(have.package[i].sha256, locked->package[i].sha256) == 0;
    if (!same)
        return fail("the CUDA %s runtime in %s is not the one %s names (other packages, or brought from a folder); replace it: 'cudnnv uninstall " OPTION_CUDA_RUNTIME " " OPTION_FORCE " %s', then 'cudnnv install " OPTION_LOCKED "'",
                    locked->release, lib, lock_path, locked->release);
    note("CUDA %s runtime (locked): installed in %s", locked->release, lib);
    return 0;
}

/* The runtime a lock names ([runtime RELEASE]), when the project still pins that release (a runtime locked from a
 * folder comes from runtime_from, --cuda-libs-from, and is checked file by file); 0, or 1. */
static int install_locked_runtime(const char *runtime_from)
{
    static struct lock_file lock;
    char cwd[PATH_MAX], version_file[PATH_MAX], path[PATH_MAX], release[32], lib[PATH_MAX], why[PATH_MAX + 256];
    if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, sizeof version_file) ||
        lock_path_beside(version_file, path, sizeof path) != 0 || lock_file_read(path, &lock, why, sizeof why) != 0)
        return 0;   /* install_locked said what was wrong with them */
    int pinned = cudnnv_version_file_cuda(version_file, release, sizeof release) == 1;
    if (!pinned && lock.cuda_runtime.release[0] == '\0')
        return 0;
    if (!pinned || strcmp(release, lock.cuda_runtime.release) != 0)
        return fail("%s names the CUDA %s runtime but %s pins %s; run 'cudnnv lock' again", path,
                    lock.cuda_runtime.release[0] ? lock.cuda_runtime.release : "no", version_file, pinned ? release : "none");
    if (cuda_runtime_find(store_root(), release, lib, sizeof lib))
        return locked_runtime_matches(&lock.cuda_runtime, lib, path);
    if (lock.cuda_runtime.local && runtime_from == NULL)
        return fail("%s locks the CUDA %s runtime by the files of a folder on the machine that locked it (%s); give this machine's folder of that CUDA: 'cudnnv install " OPTION_LOCKED " " OPTION_CUDA_LIBS_FROM " DIR' (its files are checked against the lock's SHA-256)",
                    path, release, lock.cuda_runtime.from);
    struct cuda_runtime_request runtime = {.release = release, .version_file = version_file,
                                           .origin = {.locked = !lock.cuda_runtime.local, .local = runtime_from},
                                           .locked = &lock.cuda_runtime};
    int status = install_source_runtime(store_root(), &runtime);
    if (status != 0 || !lock.cuda_runtime.local || !cuda_runtime_find(store_root(), release, lib, sizeof lib))
        return status;
    if (locked_runtime_matches(&lock.cuda_runtime, lib, path) == 0)
        return 0;
    char runtime_dir[PATH_MAX];
    if (cudnnv_store_path(runtime_dir, sizeof runtime_dir, store_root(), CUDNNV_STORE_RUNTIME, release) == 0)
        remove_tree(runtime_dir);   /* not the locked bits: nothing of it is kept */
    return 1;
}

/*
 * --cuda-libs-from a folder that holds a CUDA runtime (libcudart.so.*, on
 * Windows cudart64_*.dll; there or in its lib/ as the redist lays it out) is
 * where the project's runtime comes from, not a
 * folder of NVIDIA's archives for a set's CUDA libraries: taken out of the
 * request, and returned.
 */
static const char *take_runtime_folder(struct install_request *request)
{
    const char *folder = request->origin.local;
    char runtime[PATH_MAX];
    if (folder == NULL || !is_directory(folder) || !cuda_runtime_folder_in(folder, runtime, sizeof runtime))
        return NULL;
    request->origin.local = NULL;
    request->with_cuda_libs = 0;
    return folder;
}

/* A set that could not be brought stops the install before the runtime: every missing piece is said in the one
 * answer, the pinned runtime and its offline way too. */
static void say_runtime_still_missing(const char *release, const char *runtime_from, const char *version_file)
{
    char lib[PATH_MAX];
    if (release == NULL || runtime_from != NULL || cuda_runtime_find(store_root(), release, lib, sizeof lib))
        return;
    note("the CUDA %s runtime %s pins is not installed either; offline, bring both at once: 'cudnnv install FILE' for the set (an archive downloaded elsewhere), then 'cudnnv install " OPTION_CUDA_LIBS_FROM " DIR' (DIR holding CUDA %s's libraries, such as a toolkit's lib64), or set [download] mirrors",
         release, version_file, release);
}

/*
 * install with no SOURCE, as pyenv and nvm do: what the nearest
 * .cudnn-version pins, each pin not installed yet ('install --locked'
 * remains the exact form, with the lock's archives and sums).
 */
static int install_pins(struct install_request *request, struct catalog_once *catalog)
{
    char cwd[PATH_MAX], version_file[PATH_MAX];
    cudnnv_name names[CUDNNV_MAX_LINES], bad;
    if (request->name != NULL || request->sha256 != NULL)
        return usage_problem(OPTION_NAME " and " OPTION_SHA256 " need a SOURCE");
    if (getcwd(cwd, sizeof cwd) == NULL || !cudnnv_find_local_file(cwd, version_file, sizeof version_file))
        return usage_problem("give exactly one SOURCE (an archive, a directory or a release), or run it in a project: with no SOURCE it installs what the nearest .cudnn-version pins");
    int count = cudnnv_read_version_file(version_file, names, CUDNNV_MAX_LINES, bad);
    if (count == CUDNNV_READ_BAD_NAME)
        return fail("invalid version name '%s' in %s; fix that file", bad, version_file);
    if (count <= 0)
        return fail("%s %s; pin a version there with 'cudnnv use VERSION'", version_file,
                    count == 0 ? "pins nothing" : cudnnv_read_problem(count));
    char release[32];
    int pinned = cudnnv_version_file_cuda(version_file, release, sizeof release);
    if (pinned == CUDNNV_READ_BAD_NAME)   /* before anything is fetched */
        return fail("'%s %s' in %s is not a CUDA release; write it as 'cuda 11.0'", CUDNNV_CUDA_KEYWORD, release,
                    version_file);
    if (pinned == 1 && (request->cuda == NULL || request->cuda[0] == '\0'))
        request->pinned_cuda = release;   /* the CUDA the program will run chooses each set's build */
    const char *runtime_from = take_runtime_folder(request);
    int status = 0;
    for (int i = 0; i < count && status == 0; i++)
        status = install_pin(request, names[i], version_file, catalog);
    request->pinned_cuda = NULL;
    if (status != 0)
        say_runtime_still_missing(pinned == 1 ? release : NULL, runtime_from, version_file);
    return status == 0 ? install_project_runtime(request, runtime_from, version_file) : status;
}

/* install --locked: the pins' sets and CUDA libraries, then the runtime the lock names (not under --dry-run). */
static int install_locked_with_runtime(struct install_request *request, int dry_run)
{
    const char *runtime_from = take_runtime_folder(request);
    int status = install_locked(request, install_one, install_locked_cuda_libs);
    return status != 0 || dry_run ? status : install_locked_runtime(runtime_from);
}

int install_perform(struct install_request *request, install_report_fn report)
{
    struct resolved_archive found;
    struct catalog_once catalog = {0};
    cudnnv_name installed;
    int status;
    reporter = report;
    if (request->locked)
        status = install_locked_with_runtime(request, request->dry_run);
    else if (request->source == NULL)
        status = install_pins(request, &catalog);
    else if (is_installed_set(request, installed)) {
        if ((status = cuda_libs_for_installed(request, installed)) == 0 && !request->dry_run)
            needs_note_unmet(store_root(), installed, 1);
    }
    else if ((status = resolve(request, request->source, &catalog, &found)) == 0)
        status = request->dry_run ? plan_local(&found) : install_one(request, &found);
    if (request->dry_run && request->with_cuda_libs && request->source != NULL && !is_installed_set(request, installed))
        note("which CUDA libraries a set lacks is read from its files once installed: then 'cudnnv install " OPTION_WITH_CUDA_LIBS " NAME' (or " OPTION_DRY_RUN " with it) says and brings them");
    if (!request->dry_run)
        cdi_specs_follow_store(store_root());   /* with the CUDA libraries brought after the set */
    catalog_once_free(&catalog);
    return status == INSTALL_PLANNED || status == INSTALL_ALREADY ? 0 : status;
}
