/*
 * Whether a set or a CUDA runtime about to be removed is still in use: a
 * source here selects it (CUDNNV_VERSION, the project's pin, the global
 * file), or a project 'cudnnv use' pinned elsewhere names it. Removing it
 * makes those programs stop with status 127, so a terminal is asked and,
 * without one, the removal is refused unless forced.
 */
#include "cuda_runtime.h"
#include "option_names.h"
#include "uninstall.h"
#include "messages.h"
#include "pinned_projects.h"
#include "selection.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* What selects name here (a file or CUDNNV_VERSION), into why; 0 when nothing does. */
static int selected_here(const char *root, const char *name, char *why, size_t size)
{
    struct cudnnv_where where;
    struct cudnnv_sources sources;
    struct cudnnv_choice choice;
    selection_where(&where);
    where.root = root;
    cudnnv_read_sources(&where, &sources);
    int major = cudnnv_set_major(root, name);
    if (cudnnv_choose_major(&where, &sources, major, &choice) != CUDNNV_SELECTED ||
        strcmp(choice.name, name) != 0 || choice.origin == CUDNNV_ORIGIN_SYSTEM ||
        choice.origin == CUDNNV_ORIGIN_NEWEST)
        return 0;
    selection_origin_text(&choice, why, size);
    return 1;
}

/* Asks on the terminal; 1 for yes. */
static int confirmed(const char *name, const char *why)
{
    char answer[16];
    ask("%s is in use %s; remove it? [y/N]", name, why);
    if (fgets(answer, sizeof answer, stdin) == NULL)
        return 0;
    return answer[0] == 'y' || answer[0] == 'Y';
}

int set_named_anywhere(const char *root, const char *name, char *why, size_t size)
{
    char projects[2048], origin[PATH_MAX + 32];
    if (selected_here(root, name, origin, sizeof origin)) {
        snprintf(why, size, "here (%s)", origin);
        return 1;
    }
    int count = pinned_projects_naming(root, name, projects, sizeof projects);
    if (count > 0)
        snprintf(why, size, "elsewhere (pinned by %s)", projects);
    return count > 0;
}

int runtime_named_anywhere(const char *root, const char *runtime, char *why, size_t size)
{
    struct cudnnv_where where;
    struct cuda_runtime_pin pin;
    char projects[2048], lib[PATH_MAX], mine[PATH_MAX];
    selection_where(&where);
    where.root = root;
    if (cuda_runtime_pinned(&where, &pin, lib, sizeof lib) > 0 &&
        cuda_runtime_find(root, pin.version, mine, sizeof mine) && cuda_runtime_lib_is(mine, runtime)) {
        snprintf(why, size, "here (pinned by %s)", pin.origin);
        return 1;
    }
    int count = pinned_projects_naming_runtime(root, runtime, projects, sizeof projects);
    if (count > 0)
        snprintf(why, size, "elsewhere (pinned by %s)", projects);
    return count > 0;
}

int store_may_remove(const char *root, const char *name, int force,
                     int (*named_in_use)(const char *, const char *, char *, size_t))
{
    char why[PATH_MAX + 2048];
    if (force || !named_in_use(root, name, why, sizeof why))
        return 0;
    if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
        return confirmed(name, why) ? 0 : fail("kept %s", name);
    return fail("'%s' is in use %s: programs pinned to it would stop; add " OPTION_FORCE " to remove it anyway",
                name, why);
}
