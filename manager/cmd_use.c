/*
 * cudnnv use (alias local): pins versions for the current directory by
 * writing .cudnn-version there; without arguments shows the pin.
 */
#include "cli.h"
#include "commands.h"
#include "version_write.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

const char cmd_use_help[] =
    "Usage: cudnnv use [--force] VERSION...\n"
    "       cudnnv use --unset\n"
    "       cudnnv use\n"
    "\n"
    "Pin the cuDNN version for this directory and everything below it by\n"
    "writing .cudnn-version here. The name is written as typed: '8.1' means the\n"
    "newest installed 8.1.x, now and after later installs. Several versions\n"
    "(one per major, e.g. '8.1 9') serve programs that need different majors.\n"
    "'local' is another name for this command.\n"
    "\n"
    "Options:\n"
    "  --force   write the name even if no installed set matches it\n"
    "  --unset   remove this directory's .cudnn-version\n"
    "Without arguments, print the versions pinned here.\n";

int cmd_use(int argc, char **argv)
{
    char path[PATH_MAX];
    int force, unset, first;
    int status = version_pin_options(argv[0], argc, argv, &force, &unset, &first);
    if (status != 0)
        return status;
    if (getcwd(path, sizeof path - 16) == NULL)
        return fail("cannot read the current directory");
    strcat(path, strcmp(path, "/") == 0 ? ".cudnn-version" : "/.cudnn-version");
    if (unset)
        return version_file_unset(path);
    if (first == argc)
        return version_file_print(path, "no version is pinned in this directory; run 'cudnnv use VERSION'");
    return version_file_write(path, argc - first, argv + first, force);
}
