/*
 * cudnnv verify: re-hashes installed sets against their MANIFEST and names
 * every file that is missing, changed, or was never recorded.
 */
#include "args.h"
#include "commands.h"
#include "json.h"
#include "store.h"
#include "verify_set.h"

#include "cudnnv_select.h"

#include <stdio.h>
#include <string.h>

enum { VERIFY_JSON };

static const struct option_spec options[] = {
    [VERIFY_JSON] = {.name = "--json", .help = "one object per set: name, status, files, missing, changed,\n"
                                               "extra, problems"},
    {.name = NULL},
};

static int run(struct args *args)
{
    cudnnv_name names[CUDNNV_MAX_SETS];
    int json = args_has(args, VERIFY_JSON), count = 0, failed = 0;
    const char *root = store_root();
    for (int i = 0; i < args->count && count < CUDNNV_MAX_SETS; i++) {
        if (!cudnnv_resolve(root, args->operand[i], names[count]))   /* '8.0' as use takes it */
            return fail("'%s' is not installed; see 'cudnnv versions'", args->operand[i]);
        count++;
    }
    if (args->count == 0)
        count = cudnnv_list_sets(root, names, CUDNNV_MAX_SETS);
    if (count == 0)
        note("no sets are installed in %s: nothing to verify", root);
    json_t *list = json ? json_array() : NULL;
    for (int i = 0; i < count; i++) {
        const char *status = verify_one(names[i], list, &failed);
        if (strcmp(status, "linked") == 0)
            note("%s is linked, not copied: nothing to verify", names[i]);
        if (strcmp(status, "no-manifest") == 0)
            note("%s has no MANIFEST; reinstall it with 'cudnnv install --force'", names[i]);
    }
    if (json)
        cudnnv_json_print(stdout, list);
    if (!json && args->count == 0)
        failed |= verify_runtimes(root);
    return failed ? EXIT_USER_ERROR : 0;
}

const struct command command_verify = {
    .name = "verify",
    .run = run,
    .options = options,
    .operands = {.usage = "[VERSION...]", .complete = COMPLETE_SETS, .max = -1},
};
