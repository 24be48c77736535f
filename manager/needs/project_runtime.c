/*
 * The CUDA runtime a program started here gets (needs_judge.h): the one the
 * project pins, as 'cudnnv exec' and the hook put it first on the library
 * path after the shims; a need is judged there before anywhere else. One
 * function for Linux and Windows.
 */
#include "needs_judge.h"

#include "cuda_runtime.h"
#include "selection.h"

#include <limits.h>

void needs_project_runtime(char *lib, size_t size)
{
    struct cudnnv_where where;
    char why[PATH_MAX + 256];
    selection_where(&where);
    if (cuda_runtime_for_project(&where, lib, size, why, sizeof why) <= 0)
        lib[0] = '\0';
}
