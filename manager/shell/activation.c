/*
 * Plans the activation of the selected sets. Each major (7, 8, 9) that a
 * source names must resolve, or the plan fails with the selection's own
 * message: a broken pin is reported before the program starts rather than at
 * its first cuDNN call. The shims are refreshed in the store first. The
 * variables are the platform's (activation.h).
 */
#include "activation.h"

#include "messages.h"
#include "fsutil.h"
#include "platform.h"
#include "selection.h"
#include "shim_files.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One more variable of the plan: "first", the separator, then its current value (without first twice). */
static void prepend(struct activation *plan, const char *variable, const char *first)
{
    const char *current = getenv(variable);
    char *out = plan->values[plan->count];
    size_t length = strlen(first), size = sizeof plan->values[0];
    char separator = PLATFORM_PATH_SEPARATOR;
    plan->names[plan->count++] = variable;
    if (current != NULL && strncmp(current, first, length) == 0 &&
        (current[length] == '\0' || current[length] == separator))
        current += length + (current[length] == separator);
    if (current == NULL || current[0] == '\0')
        snprintf(out, size, "%s", first);
    else
        snprintf(out, size, "%s%c%s", first, separator, current);
}

int activation_plan(struct activation *plan)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    int copied, selected = 0, majors[SHIM_LAST_MAJOR + 1] = {0};
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
    prepend(plan, PLATFORM_LIBRARY_PATH, plan->shim_dir);
    if (!PLATFORM_LINUX_SHIMS)
        return 0;   /* Windows: PATH alone; nothing is preloaded there */
    for (int major = SHIM_FIRST_MAJOR; major <= SHIM_LAST_MAJOR; major++) {
        if (majors[major])
            shim_preload_append(plan->preload, sizeof plan->preload, plan->shim_dir, major);
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
