/*
 * What a set's libraries need that the set does not hold: the DT_NEEDED
 * entries read at install (set_needs_elf.c, in the install helper) and kept
 * in the [needs] section of the set's cudnnv.ini, plus what cuDNN opens with
 * dlopen() at run time (versions/cudnn-opens.ini, read by the doctor).
 */
#ifndef CUDNNV_SET_NEEDS_H
#define CUDNNV_SET_NEEDS_H

#include <stddef.h>

#define SET_NEEDS_MAX 48
#define SET_NEED_NAME_MAX 64

/* When a need is loaded, and so which cuDNN feature fails without it. */
enum set_need_when {
    NEED_AT_LOAD,     /* DT_NEEDED: the library does not load at all */
    NEED_CUBLAS,      /* dlopen() at run time: cuBLAS-backed engines */
    NEED_NVRTC,       /* dlopen() at run time: runtime-compiled engines */
};

struct set_need {
    char name[SET_NEED_NAME_MAX];        /* the soname asked for: libz.so.1 */
    char needed_by[SET_NEED_NAME_MAX];   /* the set's library that asks for it */
    enum set_need_when when;
};

#define SET_RUNPATH_MAX 256

struct set_needs {
    int count;
    int recorded;                        /* 1 when cudnnv.ini had a [needs] section */
    char runpath[SET_RUNPATH_MAX];       /* the libraries' DT_RUNPATH entries, ':'-separated ($ORIGIN kept) */
    char folder[64];                     /* a linked set's: its library folder as it was when read (needs_record.c) */
    struct set_need need[SET_NEEDS_MAX];
};

/* Adds a need unless one of that name is there; 0, or -1 when the list is full. */
int set_needs_add(struct set_needs *needs, const char *name, const char *needed_by, enum set_need_when when);
/* The [needs] section of SET_DIR/cudnnv.ini; 0 (needs->recorded says whether there was one), -1 when unreadable. */
int set_needs_read(const char *set_dir, struct set_needs *needs);
/* Appends the [needs] section to SET_DIR/cudnnv.ini (written by set_info_write just before). */
int set_needs_append(const char *set_dir, const struct set_needs *needs);
/* The lines the install helper prints for a folder (NAME NEEDED_BY), read back; the count, -1 on a bad line. */
int set_needs_parse_lines(const char *text, struct set_needs *needs);
/* Adds a DT_RUNPATH (or DT_RPATH) value's entries not there yet; entries of other bytes than a path's are left out. */
void set_needs_add_runpath(struct set_needs *needs, const char *runpath);
/* A word for a need's kind: "load time", "cuBLAS-backed engines", "runtime-compiled engines". */
const char *set_need_feature(enum set_need_when when);
/* The C and C++ runtime (libc, libm, libstdc++, the loader, ...), and what every Linux that runs cuDNN has: that
 * runtime and zlib. A set that needs anything else may not load where it is missing (CUDNNV_KEY_MAY_NOT_LOAD). */
int set_need_is_c_runtime(const char *name);
int set_need_is_everywhere(const char *name);
/* True for a name a need may have: a library's file name (lib..., ld-...) of [A-Za-z0-9._+-], shorter than SET_NEED_NAME_MAX. */
int set_need_name_is_valid(const char *name);

#endif
