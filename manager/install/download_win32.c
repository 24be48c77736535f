/*
 * download.h in cudnnv.exe: this build has no libcurl, and an archive it
 * fetched could not be unpacked anyway (archive_win32.c), so it names the
 * address and the way that works: download, unpack, install the folder.
 */
#include "download.h"

#include "cli.h"

#include <stdio.h>

int download_file(const char *url, const char *target)
{
    (void)target;
    return fail("this cudnnv.exe cannot download archives: download %s, unpack it, then run 'cudnnv install FOLDER'",
                url);
}

int download_text(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    (void)limit;
    *text = NULL;
    snprintf(why, why_size, "this cudnnv.exe cannot download %s", url);
    return -1;
}
