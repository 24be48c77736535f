/*
 * One installed set's module file for the module systems of clusters: Lua
 * for Lmod, Tcl for Environment Modules. Loading it selects the set through
 * the shims as 'cudnnv shell NAME' would and sets CUDNN_HOME and friends;
 * a 'cuda' module of the set's CUDA major is loaded with it where one exists,
 * and one of another major is refused. Every value is checked to be a plain
 * quoted string before anything is written.
 */
#include "fsutil.h"
#include "option_names.h"
#include "messages.h"
#include "module_file.h"
#include "set_info.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* A value a module file can hold as a plain quoted string (no quote, brace, backslash or control byte). */
static int module_safe(const char *value)
{
    return strpbrk(value, "\"'{}[]\\$") == NULL && !cudnnv_text_has_controls(value);
}

struct module_values {
    const char *name;
    int major;
    char root[PATH_MAX], shims[PATH_MAX], preload[PATH_MAX + 32];
    char home[PATH_MAX], include[PATH_MAX + 16], lib[PATH_MAX + 16];
    struct set_info info;
};

/* Lmod: the CUDA major's module through depends_on (reference-counted), or a refusal. */
static void write_cuda_lua(FILE *out, const struct module_values *v)
{
    int cuda = cudnnv_name_major(v->info.cuda);
    if (cuda < 0)
        return;
    fprintf(out, "-- built for CUDA %d: with a cuda module family, that major's module comes with it\n", cuda);
    fprintf(out, "local cuda = \"%d\"\n", cuda);
    fprintf(out, "local loaded = (\":\" .. (os.getenv(\"LOADEDMODULES\") or \"\")):match(\":cuda/([^:]+)\")\n");
    fprintf(out, "if mode() == \"load\" and loaded and loaded:match(\"^%%d+\") ~= cuda then\n");
    fprintf(out, "    LmodError(\"cudnn/%s is built for CUDA %d, but cuda/\" .. loaded .. \" is loaded: load a CUDA %d "
                 "module instead, or a cudnn module built for CUDA \" .. loaded:match(\"^%%d+\"))\n",
            v->name, cuda, cuda);
    fprintf(out, "end\n");
    fprintf(out, "if isAvail(\"cuda\") and (not loaded or mode() ~= \"load\") then\n");
    fprintf(out, "    depends_on(between(\"cuda\", cuda .. \".0\", cuda .. \".999999\"))\nend\n");
}

static void write_lua(FILE *out, const struct module_values *v)
{
    fprintf(out, "-- cudnn/%s: cuDNN %s from the cudnnv store %s, through its shims.\n", v->name,
            v->info.version, v->root);
    fprintf(out, "-- Written by 'cudnnv modulefiles'; run it again after installing or removing sets.\n");
    fprintf(out, "whatis(\"cuDNN %s%s%s, served by cudnnv\")\n", v->info.version,
            v->info.cuda[0] ? " for CUDA " : "", v->info.cuda);
    fprintf(out, "family(\"cudnn\")\n");
    fprintf(out, "setenv(\"CUDNNV_ROOT\", \"%s\")\n", v->root);
    fprintf(out, "setenv(\"CUDNNV_VERSION\", \"%s\")\n", v->name);
    fprintf(out, "prepend_path(\"LD_LIBRARY_PATH\", \"%s\")\n", v->shims);
    fprintf(out, "prepend_path(\"LD_PRELOAD\", \"%s\")\n", v->preload);
    fprintf(out, "setenv(\"CUDNN_HOME\", \"%s\")\nsetenv(\"CUDNN_PATH\", \"%s\")\n", v->home, v->home);
    fprintf(out, "setenv(\"CUDNN_INCLUDE_DIR\", \"%s\")\nsetenv(\"CUDNN_LIB_DIR\", \"%s\")\n", v->include, v->lib);
    write_cuda_lua(out, v);
}

/* Environment Modules: the newest cuda/MAJOR.* module on MODULEPATH (unloaded with it), or a refusal. */
static void write_cuda_tcl(FILE *out, const struct module_values *v)
{
    int cuda = cudnnv_name_major(v->info.cuda);
    if (cuda < 0)
        return;
    fprintf(out, "## built for CUDA %d: with a cuda module family, that major's module comes with it\n", cuda);
    fprintf(out, "if {[module-info mode load]} {\n    set loaded {}\n");
    fprintf(out, "    if {[info exists ::env(LOADEDMODULES)]} {\n");
    fprintf(out, "        foreach m [split $::env(LOADEDMODULES) :] {\n");
    fprintf(out, "            if {[string match cuda/* $m]} { set loaded [string range $m 5 end] }\n        }\n    }\n");
    fprintf(out, "    if {$loaded ne {} && [lindex [split $loaded .] 0] ne {%d}} {\n", cuda);
    fprintf(out, "        error \"cudnn/%s is built for CUDA %d, but cuda/$loaded is loaded: load a CUDA %d module "
                 "instead, or a cudnn module built for that CUDA\"\n    }\n",
            v->name, cuda, cuda);
    fprintf(out, "    if {$loaded eq {} && [info exists ::env(MODULEPATH)]} {\n        set found {}\n");
    fprintf(out, "        foreach dir [split $::env(MODULEPATH) :] {\n");
    fprintf(out, "            foreach f [glob -nocomplain -tails -directory $dir/cuda %d.*] { lappend found $f }\n        }\n",
            cuda);
    fprintf(out, "        if {[llength $found]} { module load cuda/[lindex [lsort -dictionary $found] end] }\n    }\n}\n");
}

static void write_tcl(FILE *out, const struct module_values *v)
{
    fprintf(out, "#%%Module1.0\n");
    fprintf(out, "## cudnn/%s: cuDNN %s from the cudnnv store %s, through its shims.\n", v->name,
            v->info.version, v->root);
    fprintf(out, "## Written by 'cudnnv modulefiles " OPTION_TCL "'; run it again after installing or removing sets.\n");
    fprintf(out, "module-whatis {cuDNN %s, served by cudnnv}\n", v->info.version);
    fprintf(out, "conflict cudnn\n");
    fprintf(out, "setenv CUDNNV_ROOT {%s}\nsetenv CUDNNV_VERSION {%s}\n", v->root, v->name);
    fprintf(out, "prepend-path LD_LIBRARY_PATH {%s}\nprepend-path LD_PRELOAD {%s}\n", v->shims, v->preload);
    fprintf(out, "setenv CUDNN_HOME {%s}\nsetenv CUDNN_PATH {%s}\n", v->home, v->home);
    fprintf(out, "setenv CUDNN_INCLUDE_DIR {%s}\nsetenv CUDNN_LIB_DIR {%s}\n", v->include, v->lib);
    write_cuda_tcl(out, v);
}

/* Fills what one set's module says; 0, or 1 after a message when it cannot be written safely. */
static int module_values_of(const char *root, const char *name, struct module_values *v)
{
    char set_dir[PATH_MAX];
    v->name = name;
    v->major = cudnnv_set_major(root, name);
    store_set_dir(root, name, set_dir, sizeof set_dir);
    if (set_info_read(set_dir, &v->info) != 0)
        return fail("cannot read %s/cudnnv.ini; check it with 'cudnnv verify %s'", set_dir, name);
    snprintf(v->root, sizeof v->root, "%s", root);
    shim_files_dir(root, v->shims, sizeof v->shims);
    /* as env and hook-env preload it: by path, or by name where the loader would split the path */
    v->preload[0] = '\0';
    shim_preload_append(v->preload, sizeof v->preload, v->shims, v->major);
    snprintf(v->home, sizeof v->home, "%s", set_info_is_linked(&v->info) ? v->info.path : set_dir);
    snprintf(v->include, sizeof v->include, "%s/include", set_dir);
    snprintf(v->lib, sizeof v->lib, "%s/lib", set_dir);
    if (!module_safe(v->name) || !module_safe(v->info.cuda))
        return fail("cannot write a module for %s: its name or CUDA version holds a quote, brace, backslash, '$' or control character",
                    name);
    if (!module_safe(v->root) || !module_safe(v->home))
        return fail("cannot write a module for %s: its path (%s) holds a quote, brace, backslash, '$' or control character",
                    name, v->home);
    return 0;
}

int module_file_write(const char *dir, const char *root, const char *name, int tcl)
{
    struct module_values values;
    char path[PATH_MAX + 80], temporary[PATH_MAX + 96];
    if (module_values_of(root, name, &values) != 0)
        return 1;
    if (snprintf(path, sizeof path, "%s/%s%s", dir, name, tcl ? "" : ".lua") >= (int)sizeof path)
        return fail("the module folder's path is too long: %s", dir);
    FILE *out = safe_file_begin(path, temporary, sizeof temporary);
    if (out == NULL)
        return fail("cannot write %s: %s", path, strerror(errno));
    if (tcl)
        write_tcl(out, &values);
    else
        write_lua(out, &values);
    if (safe_file_commit(out, temporary, path, !ferror(out)) != 0)
        return fail("cannot write %s: %s", path, strerror(errno));
    note("wrote %s", path);
    return 0;
}
