/*
 * The names in a folder, for every listing the selection and the shim make
 * (the store's sets, CUDA runtimes, a set's libraries). On Linux they are
 * read with getdents64 into one static buffer, not with opendir: opendir
 * takes 32 KiB from malloc, and malloc's first use costs the prompt (which
 * lists versions/ to resolve "8.1") three system calls and fresh heap
 * pages. The buffer is shared, so a visit never lists another folder; the
 * shim lists under its one lock, the manager in one thread.
 * folder_entries_win32.c is the Windows twin.
 */
#define _GNU_SOURCE
#include "cudnnv_select.h"

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Visits one buffer of records; the first nonzero answer, else 0. */
static int visit_records(const char *records, size_t length, cudnnv_entry_visit visit, void *context)
{
    int answer = 0;
    for (size_t at = 0; answer == 0 && at < length;) {
        const struct dirent64 *entry = (const struct dirent64 *)(records + at);
        unsigned char type = entry->d_type;
        at += entry->d_reclen;
        answer = visit(entry->d_name, type == DT_DIR ? CUDNNV_ENTRY_FOLDER
                                      : type == DT_LNK || type == DT_UNKNOWN ? CUDNNV_ENTRY_UNSURE
                                                                             : CUDNNV_ENTRY_OTHER,
                       context);
    }
    return answer;
}

int cudnnv_each_entry_in(int folder, cudnnv_entry_visit visit, void *context)
{
    static _Alignas(struct dirent64) char records[4096];
    ssize_t got;
    int answer = 0;
    while (answer == 0 && (got = getdents64(folder, records, sizeof records)) > 0)
        answer = visit_records(records, (size_t)got, visit, context);
    return answer;
}

int cudnnv_each_entry(const char *folder, cudnnv_entry_visit visit, void *context)
{
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int answer = cudnnv_each_entry_in(fd, visit, context);
    close(fd);
    return answer;
}
