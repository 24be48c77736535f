/*
 * cudnnv's Slurm plugin (SPANK): 'srun/sbatch/salloc --cudnn=VERSION' gives
 * a job's tasks that set on every node, through CUDNNV_VERSION and the shims
 * of the system store on the library path; without the option every task
 * still gets those shims, so its working folder's pin chooses as in a
 * shell. '--cudnn=off' leaves the job's environment alone. A VERSION that
 * no store has is refused before any task starts: on the submitting host
 * (srun, sbatch) and again on each node. The selection is the shim's own
 * code (select.c and its neighbours), so the plugin needs only libc.
 * Each task started in a project that pins a CUDA runtime ("cuda 11.0" in
 * its .cudnn-version) gets that runtime's folder after the shims, as the
 * shell hook and 'cudnnv exec' give it: TensorFlow opens its CUDA libraries
 * before any cuDNN call.
 *
 * plugstack.conf:  optional /usr/local/lib/cudnnv/cudnnv_spank.so system_root=/opt/cudnnv
 */
#include "cudnnv_select.h"
#include "store_layout.h"

#include <slurm/spank.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

SPANK_PLUGIN(cudnnv, 1);

static char requested[CUDNNV_NAME_MAX + 1];   /* --cudnn's value; "" when not given */

static int take_option(int value, const char *argument, int remote)
{
    (void)value;
    (void)remote;
    if (argument == NULL || (strcmp(argument, "off") != 0 && !cudnnv_name_is_valid(argument))) {
        slurm_error("cudnnv: --cudnn takes a cuDNN version such as 8.1 or 9.1.0.70, or 'off'");
        return ESPANK_BAD_ARG;
    }
    snprintf(requested, sizeof requested, "%s", argument);
    return ESPANK_SUCCESS;
}

static struct spank_option cudnn_option = {
    "cudnn", "VERSION",
    "cuDNN for the job's tasks (cudnnv): a version installed on the nodes, e.g. 8.1; 'off' leaves the environment "
    "alone",
    1, 0, take_option,
};

/* The option, registered in every context (sbatch and salloc see only registered ones). */
int slurm_spank_init(spank_t spank, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return spank_option_register(spank, &cudnn_option) == ESPANK_SUCCESS ? 0 : -1;
}

/* system_root=DIR from plugstack.conf, else the build's system store. */
static const char *system_root(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "system_root=", 12) == 0)
            return argv[i] + 12;
    }
    return CUDNNV_DEFAULT_SYSTEM_ROOT;
}

/* The user's store as the job's environment names it (CUDNNV_ROOT, else HOME/.cudnnv); "" when neither. */
static void user_root(spank_t spank, char *out, size_t size)
{
    char home[PATH_MAX];
    out[0] = '\0';
    if (spank_remote(spank)) {
        if (spank_getenv(spank, "CUDNNV_ROOT", out, (int)size) == ESPANK_SUCCESS && out[0] == '/')
            return;
        if (spank_getenv(spank, "HOME", home, sizeof home) != ESPANK_SUCCESS || home[0] != '/' ||
            snprintf(out, size, "%s/.cudnnv", home) >= (int)size)
            out[0] = '\0';
        return;
    }
    const char *root = getenv("CUDNNV_ROOT"), *home_env = getenv("HOME");
    if (root != NULL && root[0] == '/')
        snprintf(out, size, "%s", root);
    else if (home_env != NULL && home_env[0] == '/' && snprintf(out, size, "%s/.cudnnv", home_env) >= (int)size)
        out[0] = '\0';
}

/* Whether a store (the user's, else the system one) has a set that the version names; the set in found. */
static int version_installed(spank_t spank, const char *system, cudnnv_name found)
{
    char root[PATH_MAX];
    user_root(spank, root, sizeof root);
    cudnnv_set_system_root(system);
    return cudnnv_resolve(root[0] ? root : system, requested, found);
}

/* text as a terminal may show it: control bytes escaped (a folder's name reaches the task's stderr). */
static const char *shown(const char *text, char *out, size_t size)
{
    cudnnv_escape_text(text, out, size);
    return out;
}

static int refuse_missing(spank_t spank, const char *system)
{
    cudnnv_name found;
    if (version_installed(spank, system, found))
        return 0;
    slurm_error("cudnnv: --cudnn=%s: no cuDNN set of that version is installed here (system store %s, or the "
                "user's); 'cudnnv versions' lists them, 'cudnnv install %s' adds one",
                requested, system, requested);
    return -1;
}

/* The submitting side (srun, sbatch, salloc): a version nobody has stops the job before it is queued. */
int slurm_spank_init_post_opt(spank_t spank, int argc, char **argv)
{
    if (spank_remote(spank) || requested[0] == '\0' || strcmp(requested, "off") == 0)
        return 0;
    return refuse_missing(spank, system_root(argc, argv));
}

/*
 * A variable of the job, however long (up to 16 MiB): a buffer that grows
 * while Slurm says it is too small. NULL with *missing set when the job has
 * none; NULL alone when it cannot be read.
 */
static char *job_variable(spank_t spank, const char *variable, int *missing)
{
    *missing = 0;
    for (size_t size = 4096; size <= (16u << 20); size *= 4) {
        char *value = malloc(size);
        if (value == NULL)
            return NULL;
        spank_err_t got = spank_getenv(spank, variable, value, (int)size);
        if (got == ESPANK_SUCCESS)
            return value;
        free(value);
        if (got != ESPANK_NOSPACE) {
            *missing = got == ESPANK_ENV_NOEXIST;
            return NULL;
        }
    }
    return NULL;
}

/*
 * path joined before the job's variable (not again when it is already
 * first). A variable that cannot be read is left alone and the step goes
 * on: the plugin never takes a job step down for what it only adds.
 */
static int prepend(spank_t spank, const char *variable, const char *path)
{
    int missing;
    char *old = job_variable(spank, variable, &missing);
    if (old == NULL && !missing) {
        slurm_error("cudnnv: the job's %s cannot be read: left as it is", variable);
        return 0;
    }
    size_t length = strlen(path), old_length = old ? strlen(old) : 0;
    int status = 0;
    if (old != NULL && strncmp(old, path, length) == 0 && (old[length] == '\0' || old[length] == ':')) {
        free(old);
        return 0;
    }
    char *value = malloc(length + old_length + 2);
    if (value == NULL)
        status = -1;
    else {
        snprintf(value, length + old_length + 2, "%s%s%s", path, old_length ? ":" : "", old ? old : "");
        status = spank_setenv(spank, variable, value, 1) == ESPANK_SUCCESS ? 0 : -1;
    }
    free(value);
    free(old);
    return status;
}

/*
 * lib after first in the job's variable when the variable starts with first
 * (the shims, put there by slurm_spank_user_init), else in front.
 */
static int prepend_after(spank_t spank, const char *variable, const char *first, const char *lib)
{
    int missing;
    char *old = job_variable(spank, variable, &missing);
    size_t length = strlen(first);
    if (old == NULL || strncmp(old, first, length) != 0 || (old[length] != '\0' && old[length] != ':')) {
        free(old);
        return prepend(spank, variable, lib);
    }
    size_t size = strlen(old) + strlen(lib) + 2;
    char *value = malloc(size);
    int status = -1;
    if (value != NULL) {
        snprintf(value, size, "%.*s:%s%s", (int)length, old, lib, old + length);
        status = spank_setenv(spank, variable, value, 1) == ESPANK_SUCCESS ? 0 : -1;
    }
    free(value);
    free(old);
    return status;
}

/* On each node, before the tasks start: the system store's shims, and the version asked for. */
int slurm_spank_user_init(spank_t spank, int argc, char **argv)
{
    const char *system = system_root(argc, argv);
    char shims[PATH_MAX], preload[PATH_MAX + 32];
    struct stat info;
    if (strcmp(requested, "off") == 0)
        return 0;
    cudnnv_store_path(shims, sizeof shims, system, CUDNNV_STORE_SHIMS, NULL);
    if (requested[0] != '\0' && refuse_missing(spank, system) != 0)
        return -1;
    if (stat(shims, &info) != 0 || !S_ISDIR(info.st_mode)) {
        if (requested[0] == '\0')
            return 0;   /* no system store on this node: nothing to route through */
        slurm_error("cudnnv: --cudnn=%s: the system store %s has no shims (run 'cudnnv rehash' there as root)",
                    requested, system);
        return -1;
    }
    if (spank_setenv(spank, "CUDNNV_SYSTEM_ROOT", system, 1) != ESPANK_SUCCESS || prepend(spank, "LD_LIBRARY_PATH", shims))
        return -1;
    if (requested[0] == '\0')
        return 0;
    cudnnv_main_library(shims, 0, cudnnv_name_major(requested), preload, sizeof preload);
    if (spank_setenv(spank, "CUDNNV_VERSION", requested, 1) != ESPANK_SUCCESS ||
        (stat(preload, &info) == 0 && prepend(spank, "LD_PRELOAD", preload) != 0))
        return -1;
    return 0;
}

/*
 * In each task, just before it starts, in its working folder: the CUDA
 * runtime the project there pins, from the user's store, else the system
 * one, after the shims on the library path. A pin no store holds is said on
 * the task's stderr and the task starts without it (as the hook says it).
 */
int slurm_spank_task_init(spank_t spank, int argc, char **argv)
{
    char cwd[PATH_MAX], version_file[PATH_MAX], release[CUDNNV_NAME_MAX + 1], root[PATH_MAX], lib[PATH_MAX];
    char shims[PATH_MAX], why[PATH_MAX + 256], shown_release[4 * CUDNNV_NAME_MAX + 1], shown_file[4 * PATH_MAX],
        shown_system[4 * PATH_MAX], shown_why[4 * sizeof why];
    const char *system = system_root(argc, argv);
    if (strcmp(requested, "off") == 0 || getcwd(cwd, sizeof cwd) == NULL ||
        !cudnnv_find_local_file(cwd, version_file, sizeof version_file) ||
        cudnnv_version_file_cuda(version_file, release, sizeof release) != 1)
        return 0;
    user_root(spank, root, sizeof root);
    int served = root[0] != '\0' ? cudnnv_cuda_runtime_serve(root, release, lib, sizeof lib, why, sizeof why) : 0;
    if (served == 0)
        served = cudnnv_cuda_runtime_serve(system, release, lib, sizeof lib, why, sizeof why);
    if (served == 0) {
        slurm_error("cudnnv: the CUDA %s runtime pinned in %s is not installed (the user's store or %s); run "
                    "'cudnnv install' there", shown(release, shown_release, sizeof shown_release),
                    shown(version_file, shown_file, sizeof shown_file), shown(system, shown_system, sizeof shown_system));
        return 0;
    }
    if (served < 0) {
        slurm_error("cudnnv: refusing the CUDA %s runtime pinned in %s: %s; it is left off the task's library path",
                    shown(release, shown_release, sizeof shown_release),
                    shown(version_file, shown_file, sizeof shown_file), shown(why, shown_why, sizeof shown_why));
        return 0;
    }
    if (strchr(lib, ':') != NULL)
        return 0;   /* a library path cannot hold it */
    cudnnv_store_path(shims, sizeof shims, system, CUDNNV_STORE_SHIMS, NULL);
    return prepend_after(spank, "LD_LIBRARY_PATH", shims, lib);
}
