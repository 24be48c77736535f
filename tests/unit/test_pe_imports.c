/*
 * Unit tests of reading a DLL's import table: a small PE32+ file is built
 * here byte by byte (one .idata section, its descriptors and names), then
 * damaged in the ways a hostile or truncated file could be. The reader must
 * name exactly the imports, and never read outside the file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pe_imports.h"

#define PE_AT 0x40
#define SECTION_TABLE (PE_AT + 24 + 240)
#define RAW 0x200

static unsigned char image[0x400];
static char path[64];

static void put32(unsigned char *at, uint32_t value)
{
    for (int i = 0; i < 4; i++)
        at[i] = (unsigned char)(value >> (8 * i));
}

static void put16(unsigned char *at, unsigned value)
{
    at[0] = (unsigned char)value;
    at[1] = (unsigned char)(value >> 8);
}

/* A DLL importing zlibwapi.dll and cudart64_110.dll: .idata at RVA 0x1000, file offset 0x200. */
static void build_image(void)
{
    memset(image, 0, sizeof image);
    image[0] = 'M';
    image[1] = 'Z';
    put32(image + 0x3c, PE_AT);
    memcpy(image + PE_AT, "PE\0\0", 4);
    put16(image + PE_AT + 4, 0x8664);
    put16(image + PE_AT + 6, 1);                  /* sections */
    put16(image + PE_AT + 20, 240);               /* optional header size */
    unsigned char *optional = image + PE_AT + 24;
    put16(optional, 0x20b);                       /* PE32+ */
    put32(optional + 108, 16);                    /* data directories */
    put32(optional + 112 + 8, 0x1000);            /* import table RVA */
    put32(optional + 112 + 12, 60);
    unsigned char *section = image + SECTION_TABLE;
    memcpy(section, ".idata", 6);
    put32(section + 8, 0x200);                    /* virtual size */
    put32(section + 12, 0x1000);                  /* virtual address */
    put32(section + 16, 0x200);                   /* raw size */
    put32(section + 20, RAW);                     /* raw offset */
    put32(image + RAW + 12, 0x1100);              /* descriptor 0: name RVA */
    put32(image + RAW + 20 + 12, 0x1120);         /* descriptor 1 */
    strcpy((char *)image + RAW + 0x100, "zlibwapi.dll");
    strcpy((char *)image + RAW + 0x120, "cudart64_110.dll");
}

static int read_image(size_t length, pe_name *names)
{
    FILE *file = fopen(path, "wb");
    fwrite(image, 1, length, file);
    fclose(file);
    return pe_imports(path, names, PE_MAX_IMPORTS);
}

static void the_imports_are_named(void **state)
{
    pe_name names[PE_MAX_IMPORTS];
    (void)state;
    build_image();
    assert_int_equal(read_image(sizeof image, names), 2);
    assert_string_equal(names[0], "zlibwapi.dll");
    assert_string_equal(names[1], "cudart64_110.dll");
}

static void no_import_table_is_no_imports(void **state)
{
    pe_name names[PE_MAX_IMPORTS];
    (void)state;
    build_image();
    put32(image + PE_AT + 24 + 112 + 8, 0);
    assert_int_equal(read_image(sizeof image, names), 0);
}

static void what_is_not_a_pe_is_refused(void **state)
{
    pe_name names[PE_MAX_IMPORTS];
    (void)state;
    build_image();
    assert_int_equal(read_image(2, names), -1);            /* "MZ" and nothing more */
    image[0] = 'X';
    assert_int_equal(read_image(sizeof image, names), -1);
    build_image();
    put32(image + 0x3c, 0x7ffffff0);                        /* PE header beyond the file */
    assert_int_equal(read_image(sizeof image, names), -1);
    build_image();
    put16(image + PE_AT + 20, 4000);                        /* optional header larger than allowed */
    assert_int_equal(read_image(sizeof image, names), -1);
}

static void offsets_outside_the_file_are_never_followed(void **state)
{
    pe_name names[PE_MAX_IMPORTS];
    (void)state;
    build_image();
    assert_int_equal(read_image(RAW + 30, names), -1);      /* cut inside the descriptors */
    build_image();
    put32(image + RAW + 12, 0x9000);                        /* a name RVA in no section: left out */
    assert_int_equal(read_image(sizeof image, names), 1);
    assert_string_equal(names[0], "cudart64_110.dll");
    build_image();
    memset(image + RAW + 0x100, 'A', 0x20);                 /* a name with no end within 63 bytes */
    memset(image + RAW + 0x120, 'B', 0xe0);
    assert_int_equal(read_image(sizeof image, names), 0);
    build_image();
    put16(image + PE_AT + 6, 0xffff);                       /* more sections than the file holds */
    assert_int_equal(read_image(sizeof image, names), -1);
    build_image();
    put32(image + PE_AT + 24 + 112 + 8, 0x11f8);            /* descriptors running off the section's end */
    assert_true(read_image(sizeof image, names) <= 0);
}

static int group_setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/cudnnv-pe-test-%d.dll", (int)getpid());
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    unlink(path);
    return 0;
}
