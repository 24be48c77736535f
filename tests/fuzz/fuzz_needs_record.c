/*
 * libFuzzer harness: the record of a set's needs. The install helper's
 * answer (NAME NEEDED_BY lines, and a runpath line) is read back; whatever
 * it takes is written into a set's cudnnv.ini as install does and read
 * again: the same needs and run path come back, and nothing written is a
 * line the reader refuses.
 */
#include "set_needs.h"

#include "fsutil.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int same_needs(const struct set_needs *a, const struct set_needs *b)
{
    if (a->count != b->count || strcmp(a->runpath, b->runpath) != 0)
        return 0;
    for (int i = 0; i < a->count; i++) {
        if (strcmp(a->need[i].name, b->need[i].name) != 0 || strcmp(a->need[i].needed_by, b->need[i].needed_by) != 0)
            return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char set_dir[64], ini[96];
    static struct set_needs taken, read_back;
    if (set_dir[0] == '\0') {
        snprintf(set_dir, sizeof set_dir, "/tmp/cudnnv-fuzz-set-%d", (int)getpid());
        snprintf(ini, sizeof ini, "%s/cudnnv.ini", set_dir);
        make_dirs(set_dir, 0700);
    }
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    int count = set_needs_parse_lines(text, &taken);
    free(text);
    if (count < 0)
        return 0;
    if (write_file_atomic(ini, "; a set\n[set]\nversion = 9.1.0.70\n") != 0)
        abort();
    if (set_needs_append(set_dir, &taken) != 0)
        return 0;   /* refused to write what the reader could not take back */
    if (set_needs_read(set_dir, &read_back) != 0 || !read_back.recorded || !same_needs(&taken, &read_back))
        abort();
    return 0;
}
