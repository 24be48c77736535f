/*
 * Unit tests of path_list.c: the store's lists of outside paths keep each
 * path once, the newest last, only those that still exist and at most the
 * number asked; a line that is not an absolute path without control bytes is
 * never handed out.
 */
#define _GNU_SOURCE
#include "path_list.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char folder[64], list[128];

static int group_setup(void **state)
{
    (void)state;
    snprintf(folder, sizeof folder, "/tmp/cudnnv-path-list.XXXXXX");
    if (mkdtemp(folder) == NULL)
        return -1;
    snprintf(list, sizeof list, "%s/list", folder);
    return 0;
}

static int group_teardown(void **state)
{
    char command[128];
    (void)state;
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    return system(command) == 0 ? 0 : -1;
}

/* A file of the folder named name, made to exist; its path into out. */
static const char *existing(const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", folder, name);
    FILE *file = fopen(out, "w");
    assert_non_null(file);
    fclose(file);
    return out;
}

static int append_to(const char *path, void *context)
{
    strcat(strcat(context, path + strlen(folder) + 1), " ");
    return 0;
}

/* The listed names (below the folder), space-separated. */
static const char *listed(void)
{
    static char names[1024];
    names[0] = '\0';
    path_list_each(list, append_to, names);
    return names;
}

static void each_path_once_newest_last_and_at_most_max(void **state)
{
    char path[128];
    (void)state;
    unlink(list);
    path_list_add(list, existing("a", path, sizeof path), 3);
    path_list_add(list, existing("b", path, sizeof path), 3);
    path_list_add(list, existing("a", path, sizeof path), 3);
    assert_string_equal(listed(), "b a ");
    path_list_add(list, existing("c", path, sizeof path), 3);
    path_list_add(list, existing("d", path, sizeof path), 3);
    assert_string_equal(listed(), "a c d ");
}

static void paths_that_are_gone_are_dropped(void **state)
{
    char path[128], gone[128];
    (void)state;
    unlink(list);
    path_list_add(list, existing("e", gone, sizeof gone), 5);
    path_list_add(list, existing("f", path, sizeof path), 5);
    unlink(gone);
    path_list_add(list, existing("g", path, sizeof path), 5);
    assert_string_equal(listed(), "f g ");
}

static void planted_lines_are_never_handed_out(void **state)
{
    char path[128], text[512];
    (void)state;
    snprintf(text, sizeof text, "relative/x\n%s/h\x1b]0;t\a\n\n%s\n", folder, existing("i", path, sizeof path));
    FILE *file = fopen(list, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
    assert_string_equal(listed(), "i ");
    path_list_add(list, "not/absolute", 5);
    path_list_add(list, "/with\nnewline", 5);
    assert_string_equal(listed(), "i ");
}
