/*
 * Linked into every fuzz harness (harness.h): the input as text, and the one
 * fetch the parsers' files also reference (a package index's or channel's
 * page), which a harness never reaches and whose real definition would pull
 * the downloader (libcurl) in. The stub is weak: the Python index's
 * harness, which links python_index.c for its parser, gets the real one.
 */
#include "harness.h"

#include "source_file.h"

#include <stdlib.h>
#include <string.h>

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

__attribute__((weak)) int source_page_fetch(const char *url, size_t limit, char **text, char *why, size_t why_size)
{
    (void)url, (void)limit, (void)text, (void)why, (void)why_size;
    return -1;
}
