/*
 * Unit tests of path_list.c: the store's lists of outside paths keep each
 * path once, the newest last, only those that still exist and at most the
 * number asked; a line that is not an absolute path (or holds a NUL byte, or
 * is longer than PATH_MAX) is never handed out, and never hides the lines
 * after it; each path is read once, at most PATH_LIST_MAX_LINES.
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

static void write_list(const char *text, size_t length)
{
    FILE *file = fopen(list, "w");
    assert_non_null(file);
    assert_int_equal(fwrite(text, 1, length, file), length);
    fclose(file);
}

static void bad_lines_are_passed_over_and_counted_never_hiding_the_rest(void **state)
{
    char path[128], text[512];
    struct path_list read;
    (void)state;
    existing("i", path, sizeof path);
    /* a relative path, a NUL byte, an empty line, then a good one */
    int length = snprintf(text, sizeof text, "relative/x\n%s/n\xffu\n\n%s\n", folder, path);
    text[strlen("relative/x\n") + strlen(folder) + 2] = '\0';
    write_list(text, (size_t)length);
    assert_string_equal(listed(), "i ");
    assert_int_equal(path_list_read(list, &read), 0);
    assert_int_equal(read.skipped, 2);
    path_list_free(&read);
    path_list_add(list, "not/absolute", 5);
    path_list_add(list, "/with\nnewline", 5);
    assert_string_equal(listed(), "i ");
}

static void a_line_longer_than_path_max_hides_nothing(void **state)
{
    char path[128];
    (void)state;
    existing("j", path, sizeof path);
    size_t length = 10 * 1000 * 1000;
    char *text = malloc(length + sizeof path + 2);
    memset(text, '/', length);
    text[length] = '\n';
    strcpy(text + length + 1, path);
    write_list(text, strlen(text + length + 1) + length + 1);
    free(text);
    assert_string_equal(listed(), "j ");
}

static void any_byte_but_a_new_line_is_a_path_kept_as_it_is(void **state)
{
    char path[128];
    (void)state;
    unlink(list);
    path_list_add(list, existing("caf\xe9 \x1b]0;t\a", path, sizeof path), 5);
    assert_string_equal(listed(), "caf\xe9 \x1b]0;t\a ");
}

static void one_path_listed_many_times_is_read_once(void **state)
{
    char path[128];
    struct path_list read;
    (void)state;
    existing("k", path, sizeof path);
    FILE *file = fopen(list, "w");
    assert_non_null(file);
    for (int i = 0; i < 100000; i++)
        fprintf(file, "%s\n", path);
    for (int i = 0; i < PATH_LIST_MAX_LINES + 5; i++)
        fprintf(file, "%s/other-%d\n", folder, i);
    fclose(file);
    assert_int_equal(path_list_read(list, &read), 0);
    assert_int_equal(read.count, PATH_LIST_MAX_LINES);
    assert_string_equal(read.paths[0], path);
    assert_int_equal(read.skipped, 6);
    path_list_free(&read);
}
