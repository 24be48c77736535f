/*
 * Linked into every fuzz harness: the one fetch the parsers' files also
 * reference (a package index's or channel's page), which a harness never
 * reaches and whose real definition would pull the downloader (libcurl) in.
 * Weak: the harness of the Python index, which links python_index.c for its
 * parser, gets the real one.
 */
#include "source_file.h"

__attribute__((weak)) int source_page_fetch(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    (void)url, (void)limit, (void)text, (void)why, (void)why_size;
    return -1;
}
