/*
 * The DT_SONAME of an object already loaded into this process, read from
 * its dynamic section in memory (nothing is opened). CUDNNV_STRICT judges a
 * cuDNN copy by the name the loader knows it by, not by its file's name: a
 * copy of libcudnn.so.8 saved as cudnn-copy.so is still libcudnn.so.8.
 */
#define _GNU_SOURCE
#include "shim_internal.h"

#include <link.h>
#include <stdio.h>
#include <string.h>

/* Whether [address, address + length) lies inside one of the object's loaded segments. */
static int is_mapped(const struct dl_phdr_info *info, ElfW(Addr) address, size_t length)
{
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        ElfW(Addr) start = info->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && address >= start && address - start + length <= segment->p_memsz)
            return 1;
    }
    return 0;
}

/* The string table's address: glibc relocates DT_STRTAB in place where the dynamic section is writable, not elsewhere. */
static ElfW(Addr) string_table(const struct dl_phdr_info *info, ElfW(Addr) value)
{
    if (is_mapped(info, value, 1))
        return value;
    return is_mapped(info, info->dlpi_addr + value, 1) ? info->dlpi_addr + value : 0;
}

int cudnnv_loaded_soname(const struct dl_phdr_info *info, char *out, size_t size)
{
    const ElfW(Dyn) *dynamic = NULL;
    ElfW(Addr) strtab = 0, soname = 0;
    size_t strsz = 0;
    int has_soname = 0;
    for (int i = 0; i < info->dlpi_phnum && dynamic == NULL; i++) {
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    }
    for (; dynamic != NULL && dynamic->d_tag != DT_NULL; dynamic++) {
        if (dynamic->d_tag == DT_STRTAB)
            strtab = dynamic->d_un.d_ptr;
        else if (dynamic->d_tag == DT_STRSZ)
            strsz = dynamic->d_un.d_val;
        else if (dynamic->d_tag == DT_SONAME) {
            soname = dynamic->d_un.d_val;
            has_soname = 1;
        }
    }
    strtab = has_soname ? string_table(info, strtab) : 0;
    if (strtab == 0 || soname >= strsz || !is_mapped(info, strtab, strsz))
        return 0;
    const char *name = (const char *)(strtab + soname);
    size_t length = strnlen(name, strsz - soname);
    if (length == strsz - soname || length >= size)
        return 0;
    memcpy(out, name, length + 1);
    return 1;
}
