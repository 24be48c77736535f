/*
 * cudnnv link NAME DIR: registers a set that lives elsewhere (the system's
 * CUDA directory, a pip nvidia-cudnn wheel, a conda env) by reference, with
 * set_link.c. Nothing is copied.
 */
#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "set_link.h"
#include "set_source.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_link_help[] =
    "Usage: cudnnv link [--force] NAME DIR\n"
    "\n"
    "Register the cuDNN set found in DIR under NAME, without copying it: e.g.\n"
    "  cudnnv link system /usr/local/cuda\n"
    "  cudnnv link torch-wheel ~/venv/lib/python3.11/site-packages/nvidia/cudnn\n"
    "A set linked as 'system' serves any cuDNN major that no version file names.\n"
    "\n"
    "Options:\n"
    "  --force   replace a set already registered under NAME\n";

#define LINK_MAX_CANDIDATES 8

static int link_found(const char *name, const struct set_layout *layout, int force)
{
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = set_link_register(root, name, layout, force);
    if (status == 0)
        shim_files_follow_store(root);
    store_unlock(lock);
    return status;
}

/* No set, or several: never guess which one was meant. */
static int refuse_candidates(const char *dir, const struct set_layout *layouts, int found)
{
    if (found == 0)
        return fail("no cuDNN libraries in %s (looked for lib/libcudnn*, lib64/libcudnn*, bin/cudnn*.dll)", dir);
    char list[LINK_MAX_CANDIDATES * (PATH_MAX + 2)] = "";
    for (int i = 0; i < found; i++) {
        strcat(list, i ? ", " : "");
        strcat(list, layouts[i].root);
    }
    return fail("%s holds %s%d cuDNN sets (%s); link the folder of the one you mean", dir,
                found == LINK_MAX_CANDIDATES ? "at least " : "", found, list);
}

int cmd_link(int argc, char **argv)
{
    const char *operands[2];
    int force = 0, count = 0;
    char dir[PATH_MAX];
    for (int i = 1; i < argc; i++) {   /* --force before, between or after NAME and DIR */
        if (strcmp(argv[i], "--force") == 0 || strcmp(argv[i], "-f") == 0)
            force = 1;
        else if (argv[i][0] == '-')
            return usage_fail("link", "unknown option '%s'", argv[i]);
        else if (count < 2)
            operands[count++] = argv[i];
        else
            return usage_fail("link", "give NAME and DIR only");
    }
    if (count != 2)
        return usage_fail("link", "give NAME and DIR");
    const char *name = operands[0];
    if (!cudnnv_name_is_valid(name))
        return usage_fail("link", "invalid name '%s': no '/', '\\', '..', spaces or control characters", name);
    if (realpath(operands[1], dir) == NULL || !is_directory(dir))
        return fail("no such directory '%s'", operands[1]);
    struct set_layout *layouts = calloc(LINK_MAX_CANDIDATES, sizeof *layouts);
    if (layouts == NULL)
        return fail("out of memory");
    int found = set_layout_find_all(dir, layouts, LINK_MAX_CANDIDATES);
    int status = found == 1 ? link_found(name, &layouts[0], force) : refuse_candidates(dir, layouts, found);
    free(layouts);
    return status;
}
