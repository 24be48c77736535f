/*
 * cudnnv root: where the store is ($CUDNNV_ROOT, default ~/.cudnnv).
 */
#include "args.h"
#include "commands.h"
#include "store.h"

#include <stdio.h>

static int run(struct args *args)
{
    (void)args;
    print_path(store_root());
    return 0;
}

const struct command command_root = {
    .name = "root",
    .run = run,
};
