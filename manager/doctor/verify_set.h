/*
 * cudnnv verify's checks (verify_set.c) and how it says them
 * (verify_problems.c).
 */
#ifndef CUDNNV_VERIFY_SET_H
#define CUDNNV_VERIFY_SET_H

#include "json.h"
#include "progress.h"

#include <stddef.h>

struct verify_output {
    json_t *json;         /* --json: the problems array of this set's object; NULL for text */
    int problems;
    const char *name;
    struct progress progress;   /* a running count on a terminal: cleared before a problem is printed */
    const char *set_dir;  /* where the set's files are: a changed file's hard-linked twins are named */
};

/* manifest_verify's reports: a problem line (or JSON object) for output (a struct verify_output), none, and a
 * running count on a terminal (the real cuDNN 9 is 450 MB). */
void verify_print_problem(const char *kind, const char *path, void *output);
void verify_count_only(const char *kind, const char *path, void *output);
void verify_show_progress(int files, unsigned long long bytes, void *output);

/* One set checked: its line, or (list not NULL) its object added to list; its status word ("ok", "changed",
 * "linked", "refused", "no-manifest", "unreadable-manifest"); *failed set when it does not verify. */
const char *verify_one(const char *name, json_t *list, int *failed);

/* The CUDA runtimes projects pin (cuda/runtime/NAME), each against its own MANIFEST; 1 when one differs. */
int verify_runtimes(const char *root);

#endif
