/*
 * cudnnv exec: runs a command through the shims, so that every cuDNN library
 * it loads (by soname, through DT_NEEDED, or despite an RPATH to another
 * cuDNN) comes from the set selected here. --version selects for this
 * command alone, through CUDNNV_VERSION.
 */
#include "activation.h"
#include "cli.h"
#include "commands.h"
#include "selection.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_exec_help[] =
    "Usage: cudnnv exec [--version VERSION] [--] COMMAND [ARGS...]\n"
    "\n"
    "Run COMMAND with the cuDNN sets selected here. The shim directory\n"
    "($CUDNNV_ROOT/shims/lib) goes first on LD_LIBRARY_PATH and the shim of\n"
    "every major a source names goes into LD_PRELOAD; at its first cuDNN call\n"
    "the program loads the selected set from the store.\n"
    "\n"
    "Options:\n"
    "  --version VERSION   select VERSION for this command (sets CUDNNV_VERSION)\n"
    "\n"
    "Exits with COMMAND's status; 127 when COMMAND cannot be started.\n";

int cmd_exec(int argc, char **argv)
{
    struct activation plan;
    cudnnv_name resolved;
    int first = 1;
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
    if (activation_plan(&plan) != 0)
        return 1;
    if (setenv("LD_LIBRARY_PATH", plan.library_path, 1) != 0 ||
        setenv("LD_PRELOAD", plan.full_preload, 1) != 0)
        return fail("cannot set the environment: %s", strerror(errno));
    execvp(argv[first], argv + first);
    fail("cannot run '%s': %s", argv[first], strerror(errno));
    return 127;
}
