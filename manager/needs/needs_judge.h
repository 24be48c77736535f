/*
 * Whether what a set needs will be found where a program started here runs
 * (needs_judge.c): each need looked for the way the loader looks for it.
 */
#ifndef CUDNNV_NEEDS_JUDGE_H
#define CUDNNV_NEEDS_JUDGE_H

#include "set_needs.h"

#include <limits.h>

enum need_verdict {
    NEED_FOUND,          /* found, of the set's CUDA major where that can be told */
    NEED_FOUND_OTHER,    /* the name found, but its file is another CUDA major's (libnvrtc.so -> .so.12) */
    NEED_OTHER_MAJOR,    /* found only as a library of another CUDA major */
    NEED_MISSING,        /* found nowhere the loader looks */
};

struct need_finding {
    struct set_need need;
    enum need_verdict verdict;
    char path[PATH_MAX];   /* the file found (for NEED_OTHER_MAJOR: the other major's) */
    const char *how;       /* "the set's CUDA libraries", "LD_LIBRARY_PATH", "the loader cache", ... */
};

struct set_judgement {
    char name[72];
    char cuda[24];                 /* the set's CUDA build, "" when unknown */
    int needs_known;               /* 0: nothing recorded and the libraries could not be read */
    char runtime_unknown[160];     /* what the sources do not say of run-time loads, "" when they do */
    char runtime[PATH_MAX];        /* the project's CUDA runtime searched (its lib/), "" when it pins none */
    int count;
    struct need_finding finding[SET_NEEDS_MAX];
};

/* Judges the set NAME of the store at root; 0, or -1 when it is not there. */
int needs_judge_set(const char *root, const char *name, struct set_judgement *judgement);
/* The lib/ folder of the CUDA runtime the project here pins and the store holds, else "". */
void needs_project_runtime(char *lib, size_t size);
/* One library a program opens by name itself (no set's CUDA libraries or RUNPATH), judged into finding. */
void needs_judge_library(const char *name, int cuda_major, struct need_finding *finding);
/* The folders looked in, in the loader's order, as one line for messages. */
const char *needs_search_description(void);
/* The count of findings with that verdict. */
int needs_count(const struct set_judgement *judgement, enum need_verdict verdict);

/* needs_record.c: what the libraries of a folder need, read by the install helper (0, or -1); a folder's identity
 * as a record keeps it (its inode and modification time: a new cuDNN there changes it); and the record of a linked
 * set's needs, written at link so that a prompt's selection reads it instead of starting the helper. */
int needs_read_folder(const char *lib_dir, struct set_needs *needs);
int needs_folder_identity(const char *lib_dir, char *out, size_t size);
int needs_record_linked(const char *root, const char *name);

/* set_loads.c: whether every need a set's libraries have at load time is met here (and they could be read) */
int set_loads_here(const struct set_judgement *judgement);
/* The selection's judge (cudnnv_set_load_judge): 0 when set NAME is known not to load here, else 1. */
int needs_set_loads(const char *root, const char *name);

/* Notes (stderr) for the needs of set NAME not met here, with the fix; all_met_too: also say when all are. */
void needs_note_unmet(const char *root, const char *name, int all_met_too);

#endif
