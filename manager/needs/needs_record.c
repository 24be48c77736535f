/*
 * A linked set's needs, recorded at link as an installed set's are at
 * install: the selection judges whether a set loads here whenever no source
 * names its major and another set of it exists, and reading a linked
 * folder's libraries means starting the install helper (about 15 ms), which
 * a prompt should not pay each time. The record keeps the folder's identity;
 * a folder changed since (a new cuDNN unpacked there) is read again.
 */
#include "needs_judge.h"

#include "fsutil.h"
#include "helper_names.h"
#include "platform.h"
#include "set_needs.h"
#include "shim_files.h"
#include "store.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int needs_read_folder(const char *lib_dir, struct set_needs *needs)
{
    static char answer[16384];
    char helper[PATH_MAX];
    if (shipped_file(HELPER_INSTALL, helper, sizeof helper) != 0)
        return -1;
    char *argv[] = {helper, HELPER_NEEDS_OF, (char *)lib_dir, NULL};
    if (platform_run_capture(argv, answer, sizeof answer, 30) != 0 || set_needs_parse_lines(answer, needs) < 0)
        return -1;
    return 0;
}

int needs_folder_identity(const char *lib_dir, char *out, size_t size)
{
    struct stat info;
    if (stat(lib_dir, &info) != 0)
        return -1;
    int n = snprintf(out, size, "%llu.%lld", (unsigned long long)info.st_ino, (long long)info.st_mtime);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

int needs_record_linked(const char *root, const char *name)
{
    static struct set_needs needs;
    char set_dir[PATH_MAX], lib_dir[PATH_MAX];
    if (store_set_dir(root, name, set_dir, sizeof set_dir) != 0 ||
        path_join(lib_dir, sizeof lib_dir, set_dir, "lib") != 0 || needs_read_folder(lib_dir, &needs) != 0 ||
        needs_folder_identity(lib_dir, needs.folder, sizeof needs.folder) != 0)
        return -1;
    return set_needs_append(set_dir, &needs);
}
