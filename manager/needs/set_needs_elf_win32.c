/*
 * cudnnv.exe installs Windows sets, whose DLLs are not ELF: what they import
 * is read from their import tables (pe_imports.c) when they are judged, so
 * nothing is recorded at install, and no soname links are made (Windows has
 * none). For the CUDA libraries (install --with-cuda-libs) a DLL's "soname" is
 * its file name, the name Windows matches a loaded module by, and what it
 * needs is what it imports.
 */
#include "set_needs_elf.h"

#include "pe_imports.h"

#include <stdio.h>
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
    const char *slash = strrchr(path, '/'), *backslash = strrchr(path, '\\');
    const char *name = backslash > slash ? backslash + 1 : slash ? slash + 1 : path;
    size_t length = strlen(name);
    if (length < 5 || _stricmp(name + length - 4, ".dll") != 0 || length >= size)
        return -1;
    snprintf(soname, size, "%s", name);
    return 0;
}

int elf_needed(const char *path, struct set_needs *needed)
{
    static pe_name imports[PE_MAX_IMPORTS];
    memset(needed, 0, sizeof *needed);
    int count = pe_imports(path, imports, PE_MAX_IMPORTS);
    for (int i = 0; i < count && needed->count < SET_NEEDS_MAX; i++)
        snprintf(needed->need[needed->count++].name, SET_NEED_NAME_MAX, "%s", imports[i]);
    return count < 0 ? -1 : 0;
}

int set_needs_print(const char *lib_dir)
{
    (void)lib_dir;
    return 1;
}
