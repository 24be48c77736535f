/*
 * cudnnv link NAME DIR: registers a set that lives elsewhere (the system's
 * CUDA directory, a pip nvidia-cudnn wheel, a conda env) by reference, with
 * set_link.c. Nothing is copied.
 */
#include "cdi_spec.h"
#include "option_names.h"
#include "args.h"
#include "commands.h"
#include "fsutil.h"
#include "platform.h"
#include "needs_judge.h"
#include "set_link.h"
#include "set_source.h"
#include "shim_files.h"
#include "store.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LINK_FORCE };

static const struct option_spec options[] = {
    [LINK_FORCE] = {.name = OPTION_FORCE, .short_name = 'f', .help = "replace a set already registered under NAME"},
    {.name = NULL},
};

#define LINK_MAX_CANDIDATES 8

static int link_found(const char *name, const struct set_layout *layout, int force)
{
    const char *root = store_root();
    int lock = store_begin_change(root);
    if (lock < 0)
        return 1;
    int status = set_link_register(root, name, layout, force);
    if (status == 0) {
        needs_record_linked(root, name);   /* without it the needs are read again when judged: slower, no less right */
        shim_files_follow_store(root);
        cdi_specs_follow_store(root);
    }
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

static int run(struct args *args)
{
    int force = args_has(args, LINK_FORCE);
    char dir[PATH_MAX];
    if (!PLATFORM_LINKS)
        return fail("this cudnnv.exe cannot register a set in place (a linked set is made of symbolic links, which Windows grants only to administrators): run 'cudnnv install \"%s\"' to copy it instead",
                    args->operand[1]);
    char **operands = args->operand;
    const char *name = operands[0];
    if (!cudnnv_name_is_valid(name))
        return usage_fail("link", "invalid NAME '%s': a name has %s", name, cudnnv_name_rule());
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

const struct command command_link = {
    .name = "link",
    .run = run,
    .options = options,
    .operands = {.usage = "NAME DIR", .complete = COMPLETE_DIRS, .min = 2, .max = 2, .missing = "give NAME and DIR"},
};
