/*
 * What 'cudnnv ps' says of one cuDNN library a running process mapped
 * (process_judge.c): the set it belongs to, what the process's pin selects
 * now, whether a framework's own copy shadows the shim's, whether the
 * shim's mark may be believed, and what the set lacks where the process
 * runs. The judgement is the doctor's; the command only prints it.
 */
#ifndef CUDNNV_PROCESS_JUDGE_H
#define CUDNNV_PROCESS_JUDGE_H

#include "process_scan.h"
#include "set_info.h"

#include "cudnnv_select.h"

#include <limits.h>

/* What one mapped library is, and whether the process's pin agrees. */
struct finding {
    const struct cudnn_process *process;
    const char *library;
    cudnnv_name set;             /* "" when the file is no set's */
    char version[sizeof ((struct set_info *)0)->version];
    char set_path[PATH_MAX];
    cudnnv_name expected;        /* what the pin selects now; "" when nothing or unknown */
    const char *verdict;         /* "pinned", "pin-differs", "outside-store", "unknown-pin" */
    char detail[2 * PATH_MAX];
};

/* Judges found->library of found->process against the pins of root (the process's own store, as its owner would). */
void process_judge(const char *root, struct finding *found);
/* The process's library at index judged against the pins of the process's own store, as its owner would judge
 * it (root reads that user's pins); 0 when it is one of cudnnv's shims (nothing to say), else 1. */
int process_judge_library(const struct cudnn_process *process, int index, struct finding *found);
/* True when the file is one of cudnnv's shims (the store's shims folder, or one carrying the shim's mark). */
int process_library_is_shim(const char *root, const char *library);

#endif
