/*
 * The running processes that have cuDNN mapped, as the system shows them
 * (/proc on Linux, the toolhelp snapshot on Windows), for 'cudnnv ps':
 * what each loaded, and what decides
 * what its pin selects (its folder and its CUDNNV_* variables).
 */
#ifndef CUDNNV_PROCESS_SCAN_H
#define CUDNNV_PROCESS_SCAN_H

#include <limits.h>
#include <stddef.h>

#define PROCESS_MAX_LIBRARIES 16

#define PROCESS_UNREADABLE_NAMED 8

struct cudnn_process {
    int pid;
    unsigned uid;
    char user[64];                     /* the owner's name where the system gives it ("" on Linux: from uid) */
    char command[256];                 /* the command line, arguments joined by spaces */
    char cwd[PATH_MAX];                /* "" when it cannot be read, or was deleted */
    int cwd_deleted;                   /* the working folder was removed while it ran: no pin to judge */
    char env_version[1024];            /* CUDNNV_VERSION, "" when unset */
    char env_root[PATH_MAX];           /* CUDNNV_ROOT, else HOME/.cudnnv, "" when neither is known */
    char env_library_path[8192];       /* LD_LIBRARY_PATH (where its loader looks), "" when unset or longer */
    int environment_read;              /* whether environ could be read (else the pin cannot be judged) */
    int count;
    char libraries[PROCESS_MAX_LIBRARIES][PATH_MAX];   /* the main cuDNN libraries mapped (libcudnn.so.N*) */
    int libraries_left_out;            /* more than PROCESS_MAX_LIBRARIES were mapped: how many are not listed */
    char served[3][PATH_MAX];          /* per major 7, 8, 9: the set folder its shim serves ("?" unknown, "" none) */
    char cuda_runtime[PATH_MAX];       /* the folder its CUDA runtime (libcudart, libcusolver) was mapped from, or "" */
};

struct process_scan {
    struct cudnn_process *processes;
    int count;
    int unreadable;                    /* processes whose maps this user may not read */
    int unreadable_others;             /* of those, the processes of other users (0 where owners are not known) */
    int unreadable_own_pid[PROCESS_UNREADABLE_NAMED];   /* the first of this user's own that could not be read */
    int unreadable_own_errno[PROCESS_UNREADABLE_NAMED]; /* and why (errno) */
};

int process_scan_run(struct process_scan *scan);
/* process_env.c */
void process_env_take(struct cudnn_process *process, const char *entry, char *home, size_t size);
void process_env_finish(struct cudnn_process *process, const char *home);
void process_scan_free(struct process_scan *scan);

#endif
