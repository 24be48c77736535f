/*
 * Writing the CDI spec (cdi_spec.h). Container engines (podman, Docker 25+,
 * containerd, CRI-O) read it from /etc/cdi or /var/run/cdi and apply a
 * device's edits when a container asks for it: here, read-only bind mounts of
 * a set, its CUDA libraries and the shims, and the environment the shim reads.
 * Nothing in the container depends on host paths: a linked set's libraries
 * are mounted where an installed set's would be.
 */
#include "cdi_spec.h"
#include "option_names.h"

#include "cuda_runtime.h"
#include "fsutil.h"
#include "platform.h"
#include "json.h"
#include "messages.h"
#include "path_list.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CDI_VERSION "0.5.0"      /* the newest the engines of Debian 12 (podman 4.3) read */
#define CDI_SPECS_LIST "cdi-specs"
#define CDI_SPECS_MAX 20
#define CDI_SPEC_LIMIT (64u << 20)

static int is_letter_or_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* CDI's rule for a device name: letters, digits, '_', '-', '.', ':', beginning and ending with a letter or digit. */
static int is_device_name(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || !is_letter_or_digit(name[0]) || !is_letter_or_digit(name[length - 1]))
        return 0;
    for (const char *c = name; *c; c++) {
        if (!is_letter_or_digit(*c) && strchr("_-.:", *c) == NULL)
            return 0;
    }
    return 1;
}

static int has_device(const struct cdi_plan *plan, const char *name)
{
    for (int i = 0; i < plan->count; i++) {
        if (strcmp(plan->devices[i].name, name) == 0)
            return 1;
    }
    return 0;
}

/* Adds name for set when a user writing it gets that set (the selection's own resolution) and CDI allows it. */
static void add_name(const char *root, struct cdi_plan *plan, const char *name, const char *set)
{
    cudnnv_name resolved;
    if (plan->count < CDI_DEVICES_MAX && is_device_name(name) && !has_device(plan, name) &&
        cudnnv_resolve(root, name, resolved) && strcmp(resolved, set) == 0) {
        snprintf(plan->devices[plan->count].name, sizeof plan->devices[0].name, "%s", name);
        snprintf(plan->devices[plan->count].set, sizeof plan->devices[0].set, "%s", set);
        plan->count++;
    }
}

static void leave_out(struct cdi_plan *plan, const char *set, const char *why)
{
    if (plan->left_count < CUDNNV_MAX_SETS) {
        snprintf(plan->left_out[plan->left_count].set, sizeof plan->left_out[0].set, "%s", set);
        snprintf(plan->left_out[plan->left_count].why, sizeof plan->left_out[0].why, "%s", why);
        plan->left_count++;
    }
}

/* The shim's trust rule for a set, with its lib/ resolved (POSIX; cudnnv.exe's spec is for Linux engines too). */
static int set_trusted(const struct cudnnv_trust *trust, const char *dir, char *real_lib, char *why, size_t size)
{
    return platform_set_trusted(trust, dir, real_lib, why, size);
}

/* Why a set cannot be a device, by its name and where it runs, or NULL. */
static const char *set_name_problem(const char *root, const char *set)
{
    if (strcmp(set, CDI_STORE_DEVICE) == 0)
        return "its name is the store device's (cudnnv.dev/set=" CDI_STORE_DEVICE ")";
    if (!is_device_name(set))
        return "CDI device names hold only letters, digits, '_', '-', '.' and ':'";
    if (!cudnnv_set_runs_here(root, set))
        return "it is built for another platform";
    if (cudnnv_set_major(root, set) < CUDNNV_FIRST_MAJOR || cudnnv_set_major(root, set) > CUDNNV_LAST_MAJOR)
        return "no shim serves its major";
    return NULL;
}

/*
 * Whether a set may be a device (0), else 1 with why: a device serves only
 * what the shim would serve, so the set is judged by the shim's own trust
 * rule and name rule, its folder and the one its libraries are in must be
 * written exactly, and its name must not claim another release than it holds.
 */
static int set_problem(const char *root, const char *set, char *why, size_t size)
{
    char dir[PATH_MAX], real_lib[PATH_MAX], version[CUDNNV_NAME_MAX + 1], refused[CDI_WHY_MAX - 32];
    struct cudnnv_trust trust;
    const char *problem = set_name_problem(root, set);
    if (problem == NULL && (!cudnnv_set_dir(root, set, dir, sizeof dir) || !text_is_valid_utf8(dir)))
        problem = "its folder's path is not valid UTF-8";
    if (problem != NULL) {
        snprintf(why, size, "%s", problem);
        return 1;
    }
    cudnnv_trust_init(&trust, root, store_system_root());
    if (!set_trusted(&trust, dir, real_lib, refused, sizeof refused)) {
        snprintf(why, size, "the shim refuses it: %s", refused);
        return 1;
    }
    if (!text_is_valid_utf8(real_lib)) {
        snprintf(why, size, "the folder its libraries are in is not valid UTF-8");
        return 1;
    }
    if (cudnnv_set_version(root, set, version, sizeof version) && set_name_disagrees(set, version)) {
        snprintf(why, size, "its name says another release than the cuDNN %s it holds (see 'cudnnv verify')", version);
        return 1;
    }
    return 0;
}

/* The set's own name, then its version and each shorter prefix of it (8.1.0.77, 8.1.0, 8.1, 8). */
static void add_set(const char *root, struct cdi_plan *plan, const char *set)
{
    char version[CUDNNV_NAME_MAX + 1];
    add_name(root, plan, set, set);
    if (!cudnnv_set_version(root, set, version, sizeof version))
        return;
    for (;;) {
        add_name(root, plan, version, set);
        char *dot = strrchr(version, '.');
        if (dot == NULL)
            break;
        *dot = '\0';
    }
}

/* A device per installed CUDA runtime whose folder an engine can mount as it is (UTF-8, no link out). */
static void add_runtimes(const char *root, struct cdi_plan *plan)
{
    cudnnv_name names[CDI_RUNTIMES_MAX];
    char lib[PATH_MAX], real[PATH_MAX];
    int count = cuda_runtime_list(root, names, CDI_RUNTIMES_MAX);
    for (int i = 0; i < count && plan->count < CDI_DEVICES_MAX; i++) {
        struct cdi_device *device = &plan->devices[plan->count];
        if (cudnnv_cuda_runtime_serve(root, names[i], lib, sizeof lib, NULL, 0) <= 0 ||
            !cuda_runtime_lib_is(lib, names[i]) || realpath(lib, real) == NULL || !text_is_valid_utf8(real))
            continue;
        memset(device, 0, sizeof *device);
        snprintf(device->name, sizeof device->name, "%s%.*s", CDI_RUNTIME_PREFIX, CUDNNV_NAME_MAX - 8, names[i]);
        snprintf(device->cuda_runtime, sizeof device->cuda_runtime, "%.64s", names[i]);
        plan->count += is_device_name(device->name);
    }
}

void cdi_plan_make(const char *root, struct cdi_plan *plan)
{
    cudnnv_name *sets = calloc(CUDNNV_MAX_SETS, sizeof *sets);
    int count = sets != NULL ? cudnnv_list_sets(root, sets, CUDNNV_MAX_SETS) : 0;
    memset(plan, 0, sizeof *plan);
    snprintf(plan->devices[0].name, sizeof plan->devices[0].name, "%s", CDI_STORE_DEVICE);
    plan->count = 1;
    for (int i = 0; i < count; i++) {
        char why[CDI_WHY_MAX];
        if (set_problem(root, sets[i], why, sizeof why))
            leave_out(plan, sets[i], why);
        else
            add_set(root, plan, sets[i]);
    }
    free(sets);
    add_runtimes(root, plan);
}

/* One read-only bind mount, added to the device's mounts. */
static void add_mount(json_t *mounts, const char *host, const char *container)
{
    json_t *mount = json_object(), *options = json_array();
    cudnnv_json_put_text(mount, "hostPath", host);
    cudnnv_json_put_text(mount, "containerPath", container);
    json_array_append_new(options, json_string("ro"));
    json_array_append_new(options, json_string("nosuid"));
    json_array_append_new(options, json_string("nodev"));
    json_array_append_new(options, json_string("bind"));
    json_object_set_new(mount, "options", options);
    json_array_append_new(mounts, mount);
}

/* A set's files: the whole folder, or for a linked set its record and the folder its lib/ refers to. */
static void add_set_mounts(json_t *mounts, const char *root, const char *set)
{
    char dir[PATH_MAX], real[PATH_MAX], part[PATH_MAX + 16], set_inside[PATH_MAX], inside[PATH_MAX], kind[32] = "";
    cudnnv_set_dir(root, set, dir, sizeof dir);
    cudnnv_set_key(root, set, "kind", kind, sizeof kind);
    cudnnv_store_path(set_inside, sizeof set_inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_SET, set);
    if (strcmp(kind, "linked") != 0) {
        add_mount(mounts, realpath(dir, real) ? real : dir, set_inside);
        return;
    }
    path_join(part, sizeof part, dir, CUDNNV_STORE_RECORD);
    cudnnv_store_path(inside, sizeof inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_SET_RECORD, set);
    add_mount(mounts, part, inside);
    path_join(part, sizeof part, dir, "lib");
    path_join(inside, sizeof inside, set_inside, "lib");
    if (realpath(part, real) != NULL && text_is_valid_utf8(real))
        add_mount(mounts, real, inside);
}

/* The CUDA libraries the set loads (cuda/sets/SET names them, cuda/LABEL/ holds them), where it has any. */
static void add_cuda_lib_mounts(json_t *mounts, const char *root, const char *set)
{
    char dir[PATH_MAX], set_dir[PATH_MAX], load[4096], record[PATH_MAX + 80], inside[PATH_MAX];
    cudnnv_set_dir(root, set, set_dir, sizeof set_dir);
    if (!cudnnv_set_cuda_libs(set_dir, dir, sizeof dir, load, sizeof load) ||
        !cudnnv_set_cuda_libs_list(set_dir, record, sizeof record))
        return;
    char *lib = strrchr(dir, '/');
    if (lib == NULL)
        return;
    *lib = '\0';                              /* STORE/cuda/LABEL */
    cudnnv_store_path(inside, sizeof inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_CUDA_LIBS, base_name(dir));
    if (!is_directory(dir) || !text_is_valid_utf8(dir))
        return;
    add_mount(mounts, dir, inside);
    cudnnv_store_path(inside, sizeof inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_COMPANION_LIST, set);
    add_mount(mounts, record, inside);
}

static void add_env(json_t *env, const char *name, const char *value)
{
    char line[PATH_MAX + 64];
    snprintf(line, sizeof line, "%s=%s", name, value);
    json_array_append_new(env, cudnnv_json_text(line));
}

/* A set's device: its files, CUDA libraries and the shims, chosen by CUDNNV_VERSION, its shim preloaded. */
static void add_set_edits(json_t *env, json_t *mounts, const char *root, const char *set, const char *shims)
{
    char preload[PATH_MAX + 32], inside[PATH_MAX];
    cudnnv_store_path(inside, sizeof inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_SHIMS_LIB, NULL);
    cudnnv_main_library(inside, 0, cudnnv_set_major(root, set), preload, sizeof preload);
    add_env(env, "CUDNNV_ROOT", CDI_CONTAINER_ROOT);
    add_env(env, "CUDNNV_SYSTEM_ROOT", "");
    add_env(env, "CUDNNV_VERSION", set);
    add_env(env, "LD_PRELOAD", preload);
    add_set_mounts(mounts, root, set);
    add_cuda_lib_mounts(mounts, root, set);
    add_mount(mounts, shims, inside);
}

/*
 * A CUDA runtime's device: its libraries read-only, and the library path a
 * program started in the container looks in: the shims (which a set's device
 * mounts), then the runtime. With a set's device: that set and the CUDA
 * runtime its framework opens by itself.
 */
static void add_runtime_edits(json_t *env, json_t *mounts, const char *root, const char *runtime)
{
    char lib[PATH_MAX], real[PATH_MAX], inside[256], shims[256], path[520];
    cuda_runtime_find(root, runtime, lib, sizeof lib);
    cudnnv_store_path(inside, sizeof inside, CDI_CONTAINER_ROOT, CUDNNV_STORE_RUNTIME_LIB, runtime);
    cudnnv_store_path(shims, sizeof shims, CDI_CONTAINER_ROOT, CUDNNV_STORE_SHIMS_LIB, NULL);
    snprintf(path, sizeof path, "%s:%s", shims, inside);
    add_env(env, "LD_LIBRARY_PATH", path);
    add_mount(mounts, realpath(lib, real) ? real : lib, inside);
}

/* The store device: the whole store (and the system store) read-only; the container's version files choose. */
static void add_store_edits(json_t *env, json_t *mounts, const char *real_root)
{
    char system[PATH_MAX], versions[PATH_MAX + 16], shims[256];
    const char *system_root = store_system_root();
    int has_system = 0;
    if (system_root[0] != '\0' && realpath(system_root, system) != NULL && strcmp(system, real_root) != 0 &&
        text_is_valid_utf8(system)) {
        cudnnv_store_path(versions, sizeof versions, system, CUDNNV_STORE_SETS, NULL);
        has_system = is_directory(versions);
    }
    add_env(env, "CUDNNV_ROOT", CDI_CONTAINER_ROOT);
    add_env(env, "CUDNNV_SYSTEM_ROOT", has_system ? CDI_CONTAINER_SYSTEM_ROOT : "");
    cudnnv_store_path(shims, sizeof shims, CDI_CONTAINER_ROOT, CUDNNV_STORE_SHIMS_LIB, NULL);
    add_env(env, "LD_LIBRARY_PATH", shims);
    add_mount(mounts, real_root, CDI_CONTAINER_ROOT);
    if (has_system)
        add_mount(mounts, system, CDI_CONTAINER_SYSTEM_ROOT);
}

/* The spec as a document: cdiVersion and kind first (cdi_spec_is_ours reads them), then each device. */
static json_t *spec_document(const char *root, const char *real_root, const struct cdi_plan *plan, const char *shims)
{
    json_t *spec = json_object(), *devices = json_array();
    cudnnv_json_put_text(spec, "cdiVersion", CDI_VERSION);
    cudnnv_json_put_text(spec, "kind", CDI_KIND);
    for (int i = 0; i < plan->count; i++) {
        const struct cdi_device *device = &plan->devices[i];
        json_t *item = json_object(), *edits = json_object(), *env = json_array(), *mounts = json_array();
        cudnnv_json_put_text(item, "name", device->name);
        if (device->set[0] != '\0')
            add_set_edits(env, mounts, root, device->set, shims);
        else if (device->cuda_runtime[0] != '\0')
            add_runtime_edits(env, mounts, root, device->cuda_runtime);
        else
            add_store_edits(env, mounts, real_root);
        json_object_set_new(edits, "env", env);
        json_object_set_new(edits, "mounts", mounts);
        json_object_set_new(item, "containerEdits", edits);
        json_array_append_new(devices, item);
    }
    json_object_set_new(spec, "devices", devices);
    return spec;
}

int cdi_spec_is_ours(const char *path)
{
    errno = 0;
    char *text = read_small_file(path, CDI_SPEC_LIMIT);
    if (text == NULL)
        return errno == ENOENT ? 0 : -1;
    int ours = strstr(text, "\n  \"kind\": \"" CDI_KIND "\",\n") != NULL;
    free(text);
    return ours ? 1 : -1;
}

/*
 * Whether the shims a container will preload may be trusted (0), else 1 with
 * why: for root, whose spec every container of the machine may use, root
 * alone, as 'init --system' asks; for a user, the shim's own rule.
 */
static int shims_problem(const char *root, const char *shims, char *why, size_t size)
{
    struct cudnnv_trust trust;
    char real[PATH_MAX], name[32], file[PATH_MAX + 32];
    if (geteuid() == 0)
        cudnnv_trust_init(&trust, NULL, NULL);
    else
        cudnnv_trust_init(&trust, root, store_system_root());
    if (!is_directory(shims))   /* no set yet: the store itself must be as trusted, or others could add them */
        return !cudnnv_trusted_path(&trust, root, why, size);
    if (!cudnnv_trusted_path(&trust, shims, why, size) || realpath(shims, real) == NULL)
        return 1;
    for (int major = CUDNNV_FIRST_MAJOR; major <= CUDNNV_LAST_MAJOR; major++) {
        cudnnv_main_library(NULL, 0, major, name, sizeof name);
        snprintf(file, sizeof file, "%s/%s", real, name);
        if (access(file, F_OK) == 0 && !cudnnv_trusted_entry(&trust, real, name, why, size))
            return 1;
    }
    return 0;
}

int cdi_spec_write(const char *root, const struct cdi_plan *plan, const char *path)
{
    char real_root[PATH_MAX], shims[PATH_MAX], shims_real[PATH_MAX], temporary[PATH_MAX + 32], why[2 * PATH_MAX];
    if (cdi_spec_is_ours(path) < 0)
        return fail("%s is not a spec cudnnv wrote (its kind is not %s, or it cannot be read): it is left as it is; choose another folder with " OPTION_OUTPUT,
                    path, CDI_KIND);
    if (realpath(root, real_root) == NULL)
        return fail("the store %s cannot be described: %s", root, strerror(errno));
    if (!text_is_valid_utf8(real_root))
        return fail("the store %s cannot be described: its path is not valid UTF-8; set CUDNNV_ROOT to another folder",
                    root);
    shim_files_dir(root, shims, sizeof shims);
    if (shims_problem(root, shims, why, sizeof why))
        return fail("refusing to describe %s to container engines: %s; every container given a cudnnv device would load its shims",
                    root, why);
    FILE *out = safe_file_begin(path, temporary, sizeof temporary);
    if (out == NULL)
        return fail("cannot write %s: %s", path, strerror(errno));
    cudnnv_json_print_indented(out, spec_document(root, real_root, plan, realpath(shims, shims_real) ? shims_real : shims));
    if (safe_file_commit(out, temporary, path, !ferror(out)) != 0)
        return fail("cannot write %s: %s", path, strerror(errno));
    return 0;
}

static void list_file(const char *root, char *out, size_t size)
{
    snprintf(out, size, "%s/" CDI_SPECS_LIST, root);
}

void cdi_specs_remember(const char *root, const char *path)
{
    char list[PATH_MAX + 32];
    list_file(root, list, sizeof list);
    path_list_add(list, path, CDI_SPECS_MAX);
}

struct follow {
    const char *root;
    struct cdi_plan *plan;   /* made for the first spec that is rewritten */
};

static int rewrite_spec(const char *path, void *context)
{
    struct follow *follow = context;
    if (cdi_spec_is_ours(path) != 1)
        return 0;
    if (follow->plan == NULL && (follow->plan = malloc(sizeof *follow->plan)) != NULL)
        cdi_plan_make(follow->root, follow->plan);
    if (follow->plan != NULL)
        cdi_spec_write(follow->root, follow->plan, path);
    return 0;
}

void cdi_specs_follow_store(const char *root)
{
    char list[PATH_MAX + 32];
    struct follow follow = {root, NULL};
    list_file(root, list, sizeof list);
    path_list_each(list, rewrite_spec, &follow);
    free(follow.plan);
}
