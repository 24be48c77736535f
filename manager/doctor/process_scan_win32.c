/*
 * process_scan.h in cudnnv.exe: not yet (the toolhelp snapshot of each
 * process's modules would give the same answers); 'cudnnv ps' says so.
 */
#include "process_scan.h"

#include <errno.h>
#include <string.h>

int process_scan_run(struct process_scan *scan)
{
    memset(scan, 0, sizeof *scan);
    errno = ENOSYS;
    return -1;
}

void process_scan_free(struct process_scan *scan)
{
    memset(scan, 0, sizeof *scan);
}
