/*
 * cudnnv root: where the store is ($CUDNNV_ROOT, default ~/.cudnnv).
 */
#include "cli.h"
#include "commands.h"
#include "store.h"

#include <stdio.h>

const char cmd_root_help[] =
    "Usage: cudnnv root\n"
    "\n"
    "Print the store directory: $CUDNNV_ROOT, default ~/.cudnnv.\n";

int cmd_root(int argc, char **argv)
{
    if (argc > 1)
        return usage_fail("root", "unexpected argument '%s'", argv[1]);
    printf("%s\n", store_root());
    return 0;
}
