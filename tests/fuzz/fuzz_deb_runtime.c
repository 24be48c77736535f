/*
 * libFuzzer harness: a .deb from an apt repository (outside input), taken as
 * a CUDA runtime's package is: its data.tar.* payload, then only CUDA's
 * libraries below a lib/ or bin/ unpacked. Nothing may crash, and what is
 * written is only such libraries and folders, with no link that leads out
 * of the unpacking folder.
 */
#define _XOPEN_SOURCE 700   /* nftw's FTW_PHYS and FTW_DEPTH */
#include "install_archive.h"
#include "package_payload.h"

#include "archive_member.h"
#include "cuda_components.h"
#include "fsutil.h"
#include "harness.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <ftw.h>

static char top[] = "/tmp/cudnnv-fuzz-deb-XXXXXX";
static char raw[PATH_MAX];

/* Each entry written: a folder, a component library, or a link that stays inside raw. */
static int check_entry(const char *path, const struct stat *info, int type, struct FTW *walk)
{
    (void)walk;
    char real[PATH_MAX];
    if (type == FTW_D || type == FTW_DP)
        return 0;
    if (cuda_component_of_library(base_name(path)) == NULL && !S_ISLNK(info->st_mode))
        abort();
    if (S_ISLNK(info->st_mode) && realpath(path, real) != NULL && strncmp(real, raw, strlen(raw)) != 0)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    char deb[PATH_MAX], payload[PATH_MAX], error[512];
    if (!ready) {
        if (mkdtemp(top) == NULL)
            abort();
        ready = 1;
    }
    snprintf(deb, sizeof deb, "%s/package.deb", top);
    snprintf(payload, sizeof payload, "%s/payload", top);
    snprintf(raw, sizeof raw, "%s/raw", top);
    remove_tree(raw);
    unlink(payload);
    FILE *out = fopen(deb, "wb");
    fwrite(data, 1, size, out);
    fclose(out);
    make_dirs(raw, 0700);
    if (deb_take_payload(deb, payload, 64u << 20, error, sizeof error) == 0 &&
        archive_extract_runtime_libraries(payload, raw, 64u << 20, error, sizeof error) == 0)
        nftw(raw, check_entry, 16, FTW_PHYS | FTW_DEPTH);
    return 0;
}
