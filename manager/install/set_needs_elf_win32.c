/*
 * cudnnv.exe installs Windows sets, whose DLLs are not ELF: what they import
 * is read by the doctor (pe_imports.c) when it judges them, so nothing is
 * recorded at install, and no soname links are made (Windows has none).
 */
#include "set_needs_elf.h"

#include <string.h>

int set_needs_collect(const char *lib_dir, struct set_needs *needs, char *why, size_t why_size)
{
    (void)lib_dir;
    (void)why;
    (void)why_size;
    memset(needs, 0, sizeof *needs);
    return 0;
}

int set_needs_make_soname_links(const char *lib_dir, int *made, char *why, size_t why_size)
{
    (void)lib_dir;
    (void)why;
    (void)why_size;
    *made = 0;
    return 0;
}

int elf_soname(const char *path, char *soname, size_t size)
{
    (void)path;
    (void)soname;
    (void)size;
    return -1;
}

int elf_needed(const char *path, struct set_needs *needed)
{
    (void)path;
    memset(needed, 0, sizeof *needed);
    return -1;
}

int set_needs_print(const char *lib_dir)
{
    (void)lib_dir;
    return 1;
}
