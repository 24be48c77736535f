/*
 * libFuzzer harness: a store's list of paths (pinned-projects, cdi-specs),
 * a file anyone who could write the store might have planted. Reading must
 * never crash; what it hands out is each path once, absolute, without a new
 * line, shorter than PATH_MAX, at most PATH_LIST_MAX_LINES of them; adding
 * a path to any such file leaves it listed last.
 */
#include "path_list.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void check_list(const struct path_list *list)
{
    if (list->count < 0 || list->count > PATH_LIST_MAX_LINES || list->skipped < 0)
        abort();
    for (int i = 0; i < list->count; i++) {
        const char *path = list->paths[i];
        if (path[0] != '/' || strchr(path, '\n') != NULL || strlen(path) >= PATH_MAX)
            abort();
        for (int j = 0; j < i; j++) {
            if (strcmp(list->paths[j], path) == 0)
                abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char file[64], added[64];
    struct path_list list;
    if (file[0] == '\0') {
        snprintf(file, sizeof file, "/tmp/cudnnv-fuzz-list-%d", (int)getpid());
        snprintf(added, sizeof added, "/tmp/cudnnv-fuzz-added-%d", (int)getpid());
        fclose(fopen(added, "w"));
    }
    FILE *out = fopen(file, "wb");
    if (out == NULL)
        return 0;
    fwrite(data, 1, size, out);
    fclose(out);
    if (path_list_read(file, &list) == 0) {
        check_list(&list);
        path_list_free(&list);
    }
    path_list_add(file, added, 5);
    if (path_list_read(file, &list) != 0 || list.count == 0 || strcmp(list.paths[list.count - 1], added) != 0)
        abort();
    check_list(&list);
    path_list_free(&list);
    unlink(file);
    return 0;
}
