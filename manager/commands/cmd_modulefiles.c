/*
 * cudnnv modulefiles DIR: one module per installed set for the module
 * systems of clusters, DIR/cudnn/NAME.lua for Lmod (or, with --tcl,
 * DIR/cudnn/NAME for Environment Modules). Loading one selects that set
 * through the shims exactly as 'cudnnv shell NAME' would (CUDNNV_VERSION,
 * the shim folder on LD_LIBRARY_PATH, the major's shim in LD_PRELOAD, so a
 * program loading cuDNN by soname or through an RPATH gets it) and sets
 * CUDNN_HOME and friends; the module system undoes exactly that on unload
 * or switch. Modules of one family replace each other. Where a 'cuda'
 * module family is present, a set built for a CUDA major loads the newest
 * cuda module of that major (unloaded with it), and refuses to load beside
 * a cuda module of another major, naming both, as EasyBuild's cuDNN modules do.
 */
#include "args.h"
#include "option_names.h"
#include "commands.h"
#include "fsutil.h"
#include "module_file.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

enum { MODULEFILES_TCL };

static const struct option_spec options[] = {
    [MODULEFILES_TCL] = {.name = OPTION_TCL, .help = "Tcl module files (Environment Modules) instead of Lua (Lmod)"},
    {.name = NULL},
};

static int run(struct args *args)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    char dir[PATH_MAX];
    int tcl = args_has(args, MODULEFILES_TCL), status = 0, written = 0;
    const char *root = store_root(), *target = args->operand[0];
    if (path_join(dir, sizeof dir, target, "cudnn") != 0 || make_dirs(dir, 0755) != 0)
        return fail("cannot create %s/cudnn: %s", target, strerror(errno));
    int count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    for (int i = 0; i < count; i++) {
        if (!cudnnv_set_runs_here(root, names[i]) || cudnnv_set_major(root, names[i]) < 0)
            continue;
        status |= module_file_write(dir, root, names[i], tcl);
        written++;
    }
    if (written == 0)
        return fail("no set of this platform is installed in %s; install one first ('cudnnv install')", root);
    int copied;
    shim_files_refresh(root, &copied);   /* the shims the modules name */
    return status;
}

const struct command command_modulefiles = {
    .name = "modulefiles",
    .run = run,
    .options = options,
    .operands = {.usage = "DIR", .complete = COMPLETE_DIRS, .min = 1, .max = 1,
                 .missing = "give the folder to write the modules into"},
};
