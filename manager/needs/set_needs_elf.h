/*
 * Reading what a set's libraries need (set_needs_elf.c, with elfutils'
 * libelf; a stand-in on Windows) and making the soname links ldconfig would
 * make, so that a set whose lib/ holds libcudnn.so.9.1.0 without the
 * libcudnn.so.9 link still loads.
 */
#ifndef CUDNNV_SET_NEEDS_ELF_H
#define CUDNNV_SET_NEEDS_ELF_H

#include "set_needs.h"

#include <stddef.h>

/* The DT_NEEDED entries of lib_dir's libraries that lib_dir does not hold; 0, or -1 with why. */
int set_needs_collect(const char *lib_dir, struct set_needs *needs, char *why, size_t why_size);
/* For each library whose DT_SONAME names no entry of lib_dir, a link SONAME -> file; 0, or -1 with why. */
int set_needs_make_soname_links(const char *lib_dir, int *made, char *why, size_t why_size);

/* The DT_SONAME of one ELF library; 0, or -1 when it has none or cannot be read. */
int elf_soname(const char *path, char *soname, size_t size);
/* The DT_NEEDED entries of one ELF library; 0, or -1 when it is no readable ELF library. */
int elf_needed(const char *path, struct set_needs *needed);

/* What 'cudnnv-install --needs-of LIB_DIR' prints: "runpath ENTRIES", then "NAME NEEDED_BY" per need; 0 or 1. */
int set_needs_print(const char *lib_dir);

#endif
