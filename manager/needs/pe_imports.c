/*
 * pe_imports.h: DOS header -> PE header -> the optional header's import
 * directory -> the section holding it -> one descriptor per imported DLL,
 * each with the RVA of its name. Every offset is checked against the file;
 * a file that is not a PE, or whose table points outside it, gives -1.
 */
#include "pe_imports.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PE_MAX_SECTIONS 96

struct pe_section {
    uint32_t address, size, file_offset, file_size;
};

struct pe_file {
    FILE *file;
    struct pe_section sections[PE_MAX_SECTIONS];
    int section_count;
};

static uint32_t little32(const unsigned char *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static unsigned little16(const unsigned char *bytes)
{
    return (unsigned)bytes[0] | (unsigned)bytes[1] << 8;
}

static int read_at(FILE *file, long offset, void *out, size_t size)
{
    return offset >= 0 && fseek(file, offset, SEEK_SET) == 0 && fread(out, 1, size, file) == size ? 0 : -1;
}

/* The file offset of an RVA, through the section that holds it; -1 when none does. */
static long file_offset(const struct pe_file *pe, uint32_t rva)
{
    for (int i = 0; i < pe->section_count; i++) {
        const struct pe_section *section = &pe->sections[i];
        uint32_t extent = section->size > section->file_size ? section->size : section->file_size;
        if (rva >= section->address && rva - section->address < extent && rva - section->address < section->file_size)
            return (long)section->file_offset + (long)(rva - section->address);
    }
    return -1;
}

/* Reads the headers: the import directory's RVA, and the section table. */
static int read_headers(struct pe_file *pe, uint32_t *import_rva)
{
    unsigned char dos[64], coff[24], optional[240], entry[40];
    if (read_at(pe->file, 0, dos, sizeof dos) != 0 || dos[0] != 'M' || dos[1] != 'Z')
        return -1;
    long pe_offset = (long)little32(dos + 0x3c);
    if (read_at(pe->file, pe_offset, coff, sizeof coff) != 0 || memcmp(coff, "PE\0\0", 4) != 0)
        return -1;
    unsigned sections = little16(coff + 6), optional_size = little16(coff + 20);
    if (optional_size > sizeof optional || optional_size < 96 ||
        read_at(pe->file, pe_offset + 24, optional, optional_size) != 0)
        return -1;
    int plus = little16(optional) == 0x20b;
    unsigned directories_at = plus ? 112 : 96, count_at = plus ? 108 : 92;
    if (optional_size < directories_at + 16 || little32(optional + count_at) < 2)
        return -1;
    *import_rva = little32(optional + directories_at + 8);
    pe->section_count = sections < PE_MAX_SECTIONS ? (int)sections : PE_MAX_SECTIONS;
    for (int i = 0; i < pe->section_count; i++) {
        if (read_at(pe->file, pe_offset + 24 + (long)optional_size + 40L * i, entry, sizeof entry) != 0)
            return -1;
        pe->sections[i] = (struct pe_section){little32(entry + 12), little32(entry + 8), little32(entry + 20),
                                              little32(entry + 16)};
    }
    return 0;
}

/* Reads the name at an RVA into out; a name that does not end within PE_NAME_MAX bytes is refused. */
static int read_name(const struct pe_file *pe, uint32_t rva, char *out)
{
    long offset = file_offset(pe, rva);
    memset(out, 0, PE_NAME_MAX);
    if (offset < 0 || fseek(pe->file, offset, SEEK_SET) != 0)
        return -1;
    size_t got = fread(out, 1, PE_NAME_MAX - 1, pe->file);
    return got > 0 && strlen(out) < got && out[0] != '\0' ? 0 : -1;
}

/* The names of the DLLs path imports (at most max): their count, or -1 when it is no readable PE. */
int pe_imports(const char *path, pe_name *names, int max)
{
    struct pe_file pe = {.file = fopen(path, "rb")};
    uint32_t import_rva;
    int count = 0;
    if (pe.file == NULL)
        return -1;
    int status = read_headers(&pe, &import_rva);
    long descriptor = status == 0 && import_rva != 0 ? file_offset(&pe, import_rva) : -1;
    for (int i = 0; status == 0 && descriptor >= 0 && count < max && i < 4096; i++) {
        unsigned char entry[20];
        if (read_at(pe.file, descriptor + 20L * i, entry, sizeof entry) != 0) {
            status = -1;
            break;
        }
        uint32_t name_rva = little32(entry + 12);
        if (name_rva == 0)
            break;
        if (read_name(&pe, name_rva, names[count]) == 0)
            count++;
    }
    fclose(pe.file);
    return status == 0 ? count : -1;
}
