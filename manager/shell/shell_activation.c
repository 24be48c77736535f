/*
 * Plans the activation of the selected sets. Each major (7, 8, 9) that a
 * source names must resolve, or the plan fails with the selection's own
 * message: a broken pin is reported before the program starts rather than at
 * its first cuDNN call. The shims are refreshed in the store first. The
 * variables are the platform's (activation.h).
 */
#include "shell_activation.h"

#include "cuda_runtime.h"
#include "messages.h"
#include "fsutil.h"
#include "platform.h"
#include "selection.h"
#include "shim_files.h"
#include "store.h"
#include "store_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True when the separator-delimited list holds entry (length bytes). */
static int list_holds(const char *list, const char *entry, size_t length)
{
    const char separator[2] = {PLATFORM_PATH_SEPARATOR, '\0'};
    for (const char *at = list; *at != '\0';) {
        size_t span = strcspn(at, separator);
        if (span == length && strncmp(at, entry, length) == 0)
            return 1;
        at += span + (at[span] != '\0');
    }
    return 0;
}

/*
 * One more variable of the plan: "first", then the entries of its current
 * value that first does not hold already (a shell that ran 'cudnnv env'
 * before holds the shims of 8 in LD_PRELOAD: pinning 8 and 9 then must not
 * give 8, 9, 8).
 */
static void prepend(struct activation *plan, const char *variable, const char *first)
{
    const char *current = getenv(variable);
    const char separator[2] = {PLATFORM_PATH_SEPARATOR, '\0'};
    char *out = plan->values[plan->count];
    size_t size = sizeof plan->values[0];
    plan->names[plan->count++] = variable;
    snprintf(out, size, "%s", first);
    for (const char *at = current ? current : ""; *at != '\0';) {
        size_t span = strcspn(at, separator), used = strlen(out);
        if (span > 0 && !list_holds(first, at, span) && used + span + 2 < size)
            snprintf(out + used, size - used, "%s%.*s", used ? separator : "", (int)span, at);
        at += span + (at[span] != '\0');
    }
}

/*
 * What goes in front of the library path: the shims, then the CUDA runtime
 * the project pins (before the user's own entries, which may hold another
 * CUDA whose libcudart.so.11.0 would answer first). -1 with why when the pin
 * cannot be served (out then holds the shims alone), else 0.
 */
int activation_library_path_first(const struct cudnnv_where *where, const char *shim_dir, char *out, size_t size,
                                   char *why, size_t why_size)
{
    char runtime[PATH_MAX];
    int pinned = cuda_runtime_for_project(where, runtime, sizeof runtime, why, why_size);
    if (pinned <= 0 || strchr(runtime, PLATFORM_PATH_SEPARATOR) != NULL)
        snprintf(out, size, "%s", shim_dir);
    else
        snprintf(out, size, "%s%c%s", shim_dir, PLATFORM_PATH_SEPARATOR, runtime);
    return pinned < 0 ? -1 : 0;
}

int activation_runtime_first(const char *runtime)
{
    const char *current = getenv(PLATFORM_LIBRARY_PATH);
    size_t length = strlen(runtime);
    char value[8 * PATH_MAX];
    if (runtime[0] == '\0' || (current != NULL && strncmp(current, runtime, length) == 0 &&
                                (current[length] == '\0' || current[length] == PLATFORM_PATH_SEPARATOR)))
        return 0;
    if (current == NULL || current[0] == '\0')
        snprintf(value, sizeof value, "%s", runtime);
    else
        snprintf(value, sizeof value, "%s%c%s", runtime, PLATFORM_PATH_SEPARATOR, current);
    setenv(PLATFORM_LIBRARY_PATH, value, 1);
    return PLATFORM_LINUX_SHIMS;   /* Linux's loader reads its path once, at a process's start */
}

int activation_plan(struct activation *plan)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    int copied, selected = 0, majors[SHIM_LAST_MAJOR + 1] = {0};
    char first[2 * PATH_MAX + 2], why[PATH_MAX + 256];
    memset(plan, 0, sizeof *plan);
    selection_where(&where);
    cudnnv_read_sources(&where, &sources);
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        enum cudnnv_status status = cudnnv_choose_major(&where, &sources, major, &choice);
        if (status == CUDNNV_NOTHING_SELECTED)
            continue;
        if (status != CUDNNV_SELECTED)
            return selection_report(status, &choice, major);
        majors[major] = choice.origin != CUDNNV_ORIGIN_NEWEST;   /* preload what a source chose */
        selected++;
    }
    if (selected == 0)
        return selection_report(CUDNNV_NOTHING_SELECTED, &choice, -1);
    if (store_prepare(where.root) != 0 || shim_files_refresh(where.root, &copied) != 0)
        return 1;
    shim_files_dir(where.root, plan->shim_dir, sizeof plan->shim_dir);
    if (activation_library_path_first(&where, plan->shim_dir, first, sizeof first, why, sizeof why) != 0)
        return fail("%s", why);
    prepend(plan, PLATFORM_LIBRARY_PATH, first);
    if (!PLATFORM_LINUX_SHIMS)
        return 0;   /* Windows: PATH alone; nothing is preloaded there */
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        if (majors[major])
            shim_preload_append(plan->preload, sizeof plan->preload, plan->shim_dir, major);
        plan->preloaded[major] = majors[major];
    }
    if (shim_preload_is_weak(plan->shim_dir))
        note("LD_PRELOAD cannot hold '%s' (it has a space or a colon): preloading the shims by name, which a program's RPATH to another cuDNN can bypass; set CUDNNV_ROOT to a path without them",
             plan->shim_dir);
    prepend(plan, "LD_PRELOAD", plan->preload);
    return 0;
}

/* The plan with VERSION (when given, and installed) chosen for this process, as CUDNNV_VERSION chooses. */
int activation_plan_with(const char *version, struct activation *plan)
{
    cudnnv_name resolved;
    if (version != NULL) {
        if (selection_require_installed(store_root(), version, resolved) != 0)
            return 1;
        setenv("CUDNNV_VERSION", version, 1);
    }
    return activation_plan(plan);
}

/* The image's library path: its shims, then the CUDA runtime the project pins, where the image's store has it
 * (under the name this store gives it, else the pin's). */
static void image_library_path(const char *image_root, const char *shim_dir, char *out, size_t size)
{
    struct cudnnv_where where;
    struct cuda_runtime_pin pin;
    char why[PATH_MAX + 64], lib[PATH_MAX], name[CUDNNV_NAME_MAX + 1], inside[PATH_MAX];
    selection_where(&where);
    snprintf(out, size, "%s", shim_dir);
    if (cuda_runtime_pinned(&where, &pin, why, sizeof why) <= 0)
        return;
    snprintf(name, sizeof name, "%s", pin.version);
    if (cuda_runtime_find(where.root, pin.version, lib, sizeof lib))
        cudnnv_store_split(lib, CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name, sizeof name);
    if (cudnnv_store_path(inside, sizeof inside, image_root, CUDNNV_STORE_RUNTIME_LIB, name) == 0)
        snprintf(out, size, "%s:%s", shim_dir, inside);
}

void activation_for_image(struct activation *plan, const char *image_root)
{
    char library_path[2 * PATH_MAX];
    cudnnv_store_path(plan->shim_dir, sizeof plan->shim_dir, image_root, CUDNNV_STORE_SHIMS_LIB, NULL);
    image_library_path(image_root, plan->shim_dir, library_path, sizeof library_path);
    plan->preload[0] = '\0';
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        if (plan->preloaded[major])
            shim_preload_append(plan->preload, sizeof plan->preload, plan->shim_dir, major);
    }
    for (int i = 0; i < plan->count; i++)
        snprintf(plan->values[i], sizeof plan->values[i], "%s",
                 strcmp(plan->names[i], "LD_PRELOAD") == 0 ? plan->preload : library_path);
}
