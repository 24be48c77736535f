/*
 * Finds a cuDNN set inside a directory. The set's root is the directory
 * itself, else the first one below it (at most three levels down) with cuDNN
 * libraries in lib/, lib64/ or bin/: that covers /usr/local/cuda,
 * site-packages/nvidia/cudnn, NVIDIA's "cuda/" tarballs and its
 * "cudnn-linux-x86_64-…-archive/" folders.
 */
#include "build_platform.h"
#include "set_source.h"

#include "cudnnv_select.h"
#include "fsutil.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct affixes {
    const char *prefix, *suffix;
};

static int has_affixes(const char *name, void *wanted)
{
    const struct affixes *affixes = wanted;
    return name_has_affixes(name, affixes->prefix, affixes->suffix);
}

/*
 * The first of candidate's folders (names, a NULL-ended list) holding a
 * file prefix*suffix, into out; out stays empty when none does.
 */
static void first_folder_with(const char *candidate, const char *const *names, const char *prefix,
                              const char *suffix, char *out, size_t size)
{
    struct affixes affixes = {prefix, suffix};
    char path[PATH_MAX];
    for (; *names != NULL && out[0] == '\0'; names++) {
        path_join(path, sizeof path, candidate, *names);
        if (dir_has_entry(path, has_affixes, &affixes))
            snprintf(out, size, "%s", path);
    }
}

/* Fills layout when candidate itself holds cuDNN libraries (no search below it). */
int set_layout_at(const char *candidate, struct set_layout *layout)
{
    static const char *const lib_names[] = {"lib", "lib64", "lib/x86_64-linux-gnu", NULL};
    static const char *const bin_names[] = {"bin", NULL};
    /* import libraries: lib\x64 in NVIDIA's zips, lib in conda's Library folder */
    static const char *const import_names[] = {"lib/x64", "lib", NULL};
    static const char *const include_names[] = {"include", NULL};
    memset(layout, 0, sizeof *layout);
    first_folder_with(candidate, lib_names, "libcudnn", "", layout->lib_dir, sizeof layout->lib_dir);
    first_folder_with(candidate, bin_names, "cudnn", ".dll", layout->bin_dir, sizeof layout->bin_dir);
    if (layout->lib_dir[0] == '\0' && layout->bin_dir[0] == '\0')
        return 0;
    first_folder_with(candidate, import_names, "cudnn", ".lib", layout->import_dir, sizeof layout->import_dir);
    first_folder_with(candidate, include_names, "cudnn", ".h", layout->include_dir, sizeof layout->include_dir);
    snprintf(layout->root, sizeof layout->root, "%s", candidate);
    return 1;
}

/* Adds the sets at or below dir (not below a set) to layouts, up to max; returns the new count. */
static int search(const char *dir, int depth, struct set_layout *layouts, int count, int max)
{
    char child[PATH_MAX];
    if (count < max && set_layout_at(dir, &layouts[count]))
        return count + 1;
    if (depth == 0)
        return count;
    DIR *handle = opendir(dir);
    if (handle == NULL)
        return count;
    struct dirent *entry;
    while (count < max && (entry = readdir(handle)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        if (path_join(child, sizeof child, dir, entry->d_name) == 0 && is_directory(child))
            count = search(child, depth - 1, layouts, count, max);
    }
    closedir(handle);
    return count;
}

int set_layout_find(const char *dir, struct set_layout *layout)
{
    return search(dir, 3, layout, 0, 1);
}

/* Every set at or below dir (dir itself when it is one), up to max: more than one is ambiguous. */
int set_layout_find_all(const char *dir, struct set_layout *layouts, int max)
{
    return search(dir, 3, layouts, 0, max);
}

/* The ELF machine of the first libcudnn* file in dir: 62 x86-64, 183 AArch64; 0 when none reads. */
static int elf_machine_in(const char *dir)
{
    char path[PATH_MAX];
    unsigned char header[20];
    DIR *handle = opendir(dir);
    struct dirent *entry;
    int machine = 0;
    while (handle != NULL && machine == 0 && (entry = readdir(handle)) != NULL) {
        if (!name_has_affixes(entry->d_name, "libcudnn", "") || path_join(path, sizeof path, dir, entry->d_name) != 0)
            continue;
        /* without blocking, and only a regular file: a FIFO named like a library must not stall the install */
        struct stat info;
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd >= 0 && fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && read(fd, header, sizeof header) == sizeof header &&
            memcmp(header, "\177ELF", 4) == 0 && header[5] == 1)
            machine = header[18] | header[19] << 8;
        if (fd >= 0)
            close(fd);
    }
    if (handle != NULL)
        closedir(handle);
    return machine;
}

/*
 * The platform a set is built for, as NVIDIA names it: windows-x86_64 for
 * DLLs; else from its libraries' ELF machine (an AArch64 set is linux-sbsa,
 * or linux-aarch64 (Jetson) when the source's name says so).
 */
const char *set_layout_platform(const struct set_layout *layout, const char *source)
{
    enum cudnnv_build build = CUDNNV_BUILD_LINUX;
    const char *jetson = cudnnv_build_platform(CUDNNV_BUILD_AARCH64)->name;
    if (layout->lib_dir[0] == '\0' && layout->bin_dir[0] != '\0')
        build = CUDNNV_BUILD_WINDOWS;
    else if (elf_machine_in(layout->lib_dir) == cudnnv_build_platform(CUDNNV_BUILD_SBSA)->elf_machine)
        build = strstr(source, jetson) != NULL ? CUDNNV_BUILD_AARCH64 : CUDNNV_BUILD_SBSA;
    return cudnnv_build_platform(build)->name;
}
