/*
 * Unit tests of a folder's listing (shim/folder_entries.c): every name comes
 * once with the kind the listing gives it, past the size of one read; the
 * first nonzero answer stops it; a folder that cannot be read says so.
 */
#define _GNU_SOURCE
#include "cudnnv_select.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct seen {
    int count, folder, file, link, dots, long_names;
};

static int note(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    struct seen *seen = context;
    seen->count++;
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        seen->dots++;
    else if (strcmp(name, "a folder") == 0)
        seen->folder += kind == CUDNNV_ENTRY_FOLDER;
    else if (strcmp(name, "a file") == 0)
        seen->file += kind == CUDNNV_ENTRY_OTHER;
    else if (strcmp(name, "a link") == 0)
        seen->link += kind == CUDNNV_ENTRY_UNSURE;
    else if (strlen(name) == 200)
        seen->long_names++;
    return 0;
}

static void make_folder(char *root, size_t size)
{
    snprintf(root, size, "/tmp/cudnnv-entries.XXXXXX");
    assert_non_null(mkdtemp(root));
    char path[512];
    snprintf(path, sizeof path, "%s/a folder", root);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/a file", root);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fclose(file);
    snprintf(path, sizeof path, "%s/a link", root);
    assert_int_equal(symlink("a folder", path), 0);
    /* 40 names of 200 bytes: more than one 4 KiB read */
    for (int i = 0; i < 40; i++) {
        snprintf(path, sizeof path, "%s/%03d%0197d", root, i, 0);
        assert_int_equal(mkdir(path, 0755), 0);
    }
}

static void remove_folder(const char *root)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    assert_int_equal(system(command), 0);
}

static void every_name_comes_once_with_its_kind(void **state)
{
    (void)state;
    char root[64];
    struct seen seen = {0};
    make_folder(root, sizeof root);
    assert_int_equal(cudnnv_each_entry(root, note, &seen), 0);
    remove_folder(root);
    assert_int_equal(seen.count, 2 + 3 + 40);
    assert_int_equal(seen.dots, 2);
    assert_int_equal(seen.folder, 1);
    assert_int_equal(seen.file, 1);
    assert_int_equal(seen.link, 1);
    assert_int_equal(seen.long_names, 40);
}

static int stop_at_the_third(const char *name, enum cudnnv_entry_kind kind, void *context)
{
    int *count = context;
    (void)name;
    (void)kind;
    return ++*count == 3 ? 7 : 0;
}

static void the_first_nonzero_answer_ends_the_listing(void **state)
{
    (void)state;
    char root[64];
    int count = 0;
    make_folder(root, sizeof root);
    assert_int_equal(cudnnv_each_entry(root, stop_at_the_third, &count), 7);
    remove_folder(root);
    assert_int_equal(count, 3);
}

static void a_folder_that_cannot_be_read_answers_minus_one(void **state)
{
    (void)state;
    char root[64], file[96];
    struct seen seen = {0};
    assert_int_equal(cudnnv_each_entry("/nonexistent/cudnnv", note, &seen), -1);
    make_folder(root, sizeof root);
    snprintf(file, sizeof file, "%s/a file", root);
    assert_int_equal(cudnnv_each_entry(file, note, &seen), -1);   /* not a folder */
    remove_folder(root);
    assert_int_equal(seen.count, 0);
}
