/*
 * cudnnv exec: runs a command with the selected sets' libraries first on
 * LD_LIBRARY_PATH, one set per cuDNN major the selection names (a program
 * may load libcudnn.so.8 and another libcudnn.so.9). --version selects for
 * this command alone, through CUDNNV_VERSION.
 */
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "selection.h"
#include "store.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_exec_help[] =
    "Usage: cudnnv exec [--version VERSION] [--] COMMAND [ARGS...]\n"
    "\n"
    "Run COMMAND with the cuDNN sets selected here: for every cuDNN major that\n"
    "a source names, that set's lib/ goes first on LD_LIBRARY_PATH.\n"
    "\n"
    "Options:\n"
    "  --version VERSION   select VERSION for this command (sets CUDNNV_VERSION)\n"
    "\n"
    "Exits with COMMAND's status; 127 when COMMAND cannot be started.\n";

static int prepend_library_path(const char *dir)
{
    const char *current = getenv("LD_LIBRARY_PATH");
    size_t size = strlen(dir) + (current ? strlen(current) : 0) + 2;
    char *value = malloc(size);
    if (value == NULL)
        return -1;
    snprintf(value, size, "%s%s%s", dir, current && current[0] ? ":" : "", current ? current : "");
    int status = setenv("LD_LIBRARY_PATH", value, 1);
    free(value);
    return status;
}

/* Puts each selected major's lib/ on LD_LIBRARY_PATH; a broken selection stops here. */
static int activate_selection(void)
{
    struct cudnnv_where where;
    struct cudnnv_choice choice;
    char lib_dir[PATH_MAX];
    int selected = 0;
    selection_where(&where);
    for (int major = 9; major >= 7; major--) {
        enum cudnnv_status status = cudnnv_select_major(&where, major, &choice);
        if (status == CUDNNV_NOTHING_SELECTED)
            continue;
        if (status != CUDNNV_SELECTED)
            return selection_report(status, &choice, major);
        snprintf(lib_dir, sizeof lib_dir, "%s/versions/%s/lib", where.root, choice.name);
        if (prepend_library_path(lib_dir) != 0)
            return fail("cannot set LD_LIBRARY_PATH");
        selected++;
    }
    if (selected == 0)
        return selection_report(CUDNNV_NOTHING_SELECTED, &choice, -1);
    return 0;
}

int cmd_exec(int argc, char **argv)
{
    int first = 1;
    cudnnv_name resolved;
    if (first + 1 < argc && strcmp(argv[first], "--version") == 0) {
        if (selection_require_installed(store_root(), argv[first + 1], resolved) != 0)
            return 1;
        setenv("CUDNNV_VERSION", argv[first + 1], 1);
        first += 2;
    }
    if (first < argc && strcmp(argv[first], "--") == 0)
        first++;
    if (first >= argc)
        return usage_fail("exec", "give the COMMAND to run");
    int status = activate_selection();
    if (status != 0)
        return status;
    execvp(argv[first], argv + first);
    fail("cannot run '%s': %s", argv[first], strerror(errno));
    return 127;
}
