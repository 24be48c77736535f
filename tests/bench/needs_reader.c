/*
 * For the GPU check only (gpu_check.sh): the one job of the install helper
 * that 'cudnnv doctor' asks for, 'cudnnv-install --needs-of DIR', in a
 * program that links libelf, zlib and inih statically, so that it runs on a
 * GPU machine that lacks the helper's other libraries (libarchive, libcurl).
 */
#include "set_needs_elf.h"

#include <string.h>

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--needs-of") == 0)
        return set_needs_print(argv[2]);
    return 2;
}
