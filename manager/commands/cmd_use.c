/*
 * cudnnv use (alias local): pins versions for the current directory by
 * writing .cudnn-version there; without arguments shows the pin.
 */
#include "cli.h"
#include "commands.h"
#include "use_for.h"
#include "version_write.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

const char cmd_use_help[] =
    "Usage: cudnnv use [--force] VERSION...\n"
    "       cudnnv use --for FRAMEWORK[==VERSION]\n"
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
    "  --for FRAMEWORK==VERSION\n"
    "            pin the newest installed set that this TensorFlow or PyTorch\n"
    "            release accepts (the cuDNN major it was built with, and at\n"
    "            least its minor), e.g. --for tensorflow==2.5, --for torch==2.4\n"
    "  --for FRAMEWORK\n"
    "            the same for the framework installed in the active Python\n"
    "            (python3 on PATH): what its wheel says of its cuDNN\n"
    "            (Requires-Dist: nvidia-cudnn-cuNN, TensorFlow's build_info)\n"
    "            decides, e.g. --for torch, --for jax\n"
    "Without arguments, print the versions pinned here.\n";

static int local_file(char *path, size_t size)
{
    if (getcwd(path, size - 16) == NULL)
        return fail("cannot read the current directory");
    strcat(path, strcmp(path, "/") == 0 ? ".cudnn-version" : "/.cudnn-version");
    return 0;
}

/* use --for FRAMEWORK==VERSION, or --for=FRAMEWORK==VERSION */
static int use_for(int argc, char **argv)
{
    char path[PATH_MAX], chosen[80];
    const char *request = argv[1][5] == '=' ? argv[1] + 6 : (argc > 2 ? argv[2] : "");
    int expected = argv[1][5] == '=' ? 2 : 3;
    if (argc != expected)
        return usage_fail(argv[0], "--for takes one FRAMEWORK or FRAMEWORK==VERSION and nothing else");
    int status = use_for_framework(request, chosen, sizeof chosen);
    if (status != 0)
        return status;
    if (local_file(path, sizeof path) != 0)
        return 1;
    char *names[] = {chosen};
    return version_file_write(path, 1, names, 0);
}

int cmd_use(int argc, char **argv)
{
    char path[PATH_MAX];
    int force, unset, first;
    if (argc >= 2 && (strcmp(argv[1], "--for") == 0 || strncmp(argv[1], "--for=", 6) == 0))
        return use_for(argc, argv);
    int status = version_pin_options(argv[0], argc, argv, &force, &unset, &first);
    if (status != 0)
        return status;
    if (local_file(path, sizeof path) != 0)
        return 1;
    if (unset)
        return version_file_unset(path);
    if (first == argc)
        return version_file_print(path, "no version is pinned in this directory; run 'cudnnv use VERSION'");
    return version_file_write(path, argc - first, argv + first, force);
}
