/*
 * The dynamic section of each of cuDNN's libraries (libcudnn*) in a set's
 * lib/, read with elfutils' libelf: its DT_SONAME, DT_NEEDED and DT_RUNPATH. Only regular files
 * that start with the ELF magic are read (links are the names of files read
 * anyway); a file libelf cannot read is passed over, not guessed at.
 */
#include "set_needs_elf.h"

#include "fsutil.h"
#include "messages.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LIBRARIES 64

struct library {
    char file[SET_NEED_NAME_MAX];
    char soname[SET_NEED_NAME_MAX];
};

/* What one ELF file says: its soname, and its needs through add(). */
struct dynamic_reader {
    struct library *library;
    struct set_needs *needed;   /* every DT_NEEDED, held or not */
};

static void read_dynamic_entries(Elf *elf, Elf_Scn *section, const GElf_Shdr *header, struct dynamic_reader *reader)
{
    Elf_Data *data = elf_getdata(section, NULL);
    size_t count = header->sh_entsize ? header->sh_size / header->sh_entsize : 0;
    for (size_t i = 0; data != NULL && i < count; i++) {
        GElf_Dyn entry;
        if (gelf_getdyn(data, (int)i, &entry) == NULL || entry.d_tag == DT_NULL)
            break;
        if (entry.d_tag != DT_NEEDED && entry.d_tag != DT_SONAME && entry.d_tag != DT_RUNPATH && entry.d_tag != DT_RPATH)
            continue;
        const char *name = elf_strptr(elf, header->sh_link, entry.d_un.d_val);
        if (name != NULL && (entry.d_tag == DT_RUNPATH || entry.d_tag == DT_RPATH)) {
            set_needs_add_runpath(reader->needed, name);
            continue;
        }
        if (name == NULL || !set_need_name_is_valid(name))
            continue;
        if (entry.d_tag == DT_SONAME)
            snprintf(reader->library->soname, sizeof reader->library->soname, "%s", name);
        else
            set_needs_add(reader->needed, name, reader->library->file, NEED_AT_LOAD);
    }
}

/* 1 when the file was an ELF object whose dynamic section was read. */
static int read_library(int fd, struct dynamic_reader *reader)
{
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    int read = 0;
    Elf_Scn *section = NULL;
    while (elf != NULL && elf_kind(elf) == ELF_K_ELF && (section = elf_nextscn(elf, section)) != NULL) {
        GElf_Shdr header;
        if (gelf_getshdr(section, &header) != NULL && header.sh_type == SHT_DYNAMIC) {
            read_dynamic_entries(elf, section, &header, reader);
            read = 1;
        }
    }
    if (elf != NULL)
        elf_end(elf);
    return read;
}

static int starts_with_elf_magic(int fd)
{
    unsigned char magic[4];
    return pread(fd, magic, sizeof magic, 0) == (ssize_t)sizeof magic && memcmp(magic, ELFMAG, SELFMAG) == 0;
}

/* A need is said to come from the library's soname (libcudnn_cnn_infer.so.8), whichever of its names was read. */
static void name_needers_by_soname(struct set_needs *needed, const struct library *library)
{
    for (int i = 0; library->soname[0] != '\0' && i < needed->count; i++) {
        if (strcmp(needed->need[i].needed_by, library->file) == 0)
            snprintf(needed->need[i].needed_by, sizeof needed->need[i].needed_by, "%s", library->soname);
    }
}

static int already_read(const struct stat *seen, int count, const struct stat *info)
{
    for (int i = 0; i < count; i++) {
        if (seen[i].st_dev == info->st_dev && seen[i].st_ino == info->st_ino)
            return 1;
    }
    return 0;
}

/* The libraries of lib_dir (ELF files, each read once whatever links name it), their sonames, and every
 * DT_NEEDED; the count, or -1. Read in the order of their names, whatever the file system's order (tmpfs lists a
 * folder otherwise than ext4): the record names the same library first everywhere. */
static int read_libraries(const char *lib_dir, const char *prefix, struct library *libraries, int max,
                          struct set_needs *needed)
{
    char path[PATH_MAX];
    struct stat seen[MAX_LIBRARIES];
    struct dirent **entries = NULL;
    int count = 0, listed = elf_version(EV_CURRENT) == EV_NONE ? -1 : scandir(lib_dir, &entries, NULL, alphasort);
    if (listed < 0)
        return -1;
    memset(needed, 0, sizeof *needed);
    for (int i = 0; i < listed && count < max; i++) {
        const char *name = entries[i]->d_name;
        if (strncmp(name, prefix, strlen(prefix)) != 0 || !set_need_name_is_valid(name) ||
            path_join(path, sizeof path, lib_dir, name) != 0)
            continue;
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);   /* a linked set's lib/ holds links to its files */
        struct stat info;
        if (fd < 0)
            continue;
        if (fstat(fd, &info) != 0 || already_read(seen, count, &info)) {
            close(fd);
            continue;
        }
        seen[count] = info;
        struct dynamic_reader reader = {&libraries[count], needed};
        memset(&libraries[count], 0, sizeof libraries[count]);
        strcpy(libraries[count].file, name);   /* valid names are shorter than the field */
        if (S_ISREG(info.st_mode) && starts_with_elf_magic(fd) && read_library(fd, &reader))
            name_needers_by_soname(needed, &libraries[count++]);
        close(fd);
    }
    for (int i = 0; i < listed; i++)
        free(entries[i]);
    free(entries);
    return count;
}

static int lib_dir_holds(const char *lib_dir, const char *name)
{
    char path[PATH_MAX];
    struct stat info;
    return path_join(path, sizeof path, lib_dir, name) == 0 && lstat(path, &info) == 0;
}

int set_needs_collect(const char *lib_dir, struct set_needs *needs, char *why, size_t why_size)
{
    static struct library libraries[MAX_LIBRARIES];
    static struct set_needs needed;
    /* cuDNN's own libraries: a linked set's lib/ may be a CUDA toolkit's, holding cuBLAS and the rest */
    int count = read_libraries(lib_dir, "libcudnn", libraries, MAX_LIBRARIES, &needed);
    memset(needs, 0, sizeof *needs);
    needs->recorded = 1;
    if (count < 0)
        return snprintf(why, why_size, "cannot read %s: %s", lib_dir, strerror(errno)), -1;
    snprintf(needs->runpath, sizeof needs->runpath, "%s", needed.runpath);
    for (int i = 0; i < needed.count; i++) {
        const char *name = needed.need[i].name;
        int held = lib_dir_holds(lib_dir, name);
        for (int j = 0; j < count && !held; j++)
            held = strcmp(libraries[j].soname, name) == 0;
        if (!held && set_needs_add(needs, name, needed.need[i].needed_by, NEED_AT_LOAD) != 0)
            return snprintf(why, why_size, "the libraries of %s need more than %d others", lib_dir, SET_NEEDS_MAX), -1;
    }
    return 0;
}

int set_needs_make_soname_links(const char *lib_dir, int *made, char *why, size_t why_size)
{
    static struct library libraries[MAX_LIBRARIES];
    static struct set_needs needed;
    char link_path[PATH_MAX];
    int count = read_libraries(lib_dir, "", libraries, MAX_LIBRARIES, &needed);
    *made = 0;
    if (count < 0)
        return snprintf(why, why_size, "cannot read %s: %s", lib_dir, strerror(errno)), -1;
    for (int i = 0; i < count; i++) {
        const char *soname = libraries[i].soname;
        if (soname[0] == '\0' || lib_dir_holds(lib_dir, soname))
            continue;
        if (path_join(link_path, sizeof link_path, lib_dir, soname) != 0 || symlink(libraries[i].file, link_path) != 0)
            return snprintf(why, why_size, "cannot link %s to %s: %s", soname, libraries[i].file, strerror(errno)), -1;
        (*made)++;
    }
    return 0;
}

/* One library's soname and DT_NEEDED entries; 0, or -1 when it is no readable ELF library. */
static int read_one(const char *path, struct library *library, struct set_needs *needed)
{
    struct dynamic_reader reader = {library, needed};
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    memset(library, 0, sizeof *library);
    memset(needed, 0, sizeof *needed);
    snprintf(library->file, sizeof library->file, "%s", base_name(path));
    int read = fd >= 0 && elf_version(EV_CURRENT) != EV_NONE && fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
               starts_with_elf_magic(fd) && read_library(fd, &reader);
    if (fd >= 0)
        close(fd);
    return read ? 0 : -1;
}

int elf_soname(const char *path, char *soname, size_t size)
{
    struct library library;
    static struct set_needs needed;
    if (read_one(path, &library, &needed) != 0 || library.soname[0] == '\0')
        return -1;
    snprintf(soname, size, "%s", library.soname);
    return 0;
}

int elf_needed(const char *path, struct set_needs *needed)
{
    struct library library;
    return read_one(path, &library, needed);
}

int set_needs_print(const char *lib_dir)
{
    static struct set_needs needs;
    char why[PATH_MAX + 128];
    if (set_needs_collect(lib_dir, &needs, why, sizeof why) != 0)
        return fail("%s", why);
    if (needs.runpath[0] != '\0')
        printf("runpath %s\n", needs.runpath);
    for (int i = 0; i < needs.count; i++)
        printf("%s %s\n", needs.need[i].name, needs.need[i].needed_by[0] ? needs.need[i].needed_by : "-");
    return 0;
}
