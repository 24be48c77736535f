/*
 * Unit tests of ini_read: lines longer than inih's own buffer are read
 * whole (a path of PATH_MAX bytes as a value, a long comment as a comment),
 * never cut into a line of their own; a line past INI_READ_MAX_LINE is
 * refused by its number; the mark that carries a long value is never taken
 * from the file itself; what a writer checks (ini_text_fits) agrees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include "fsutil.h"
#include "ini_read.h"

static char path[64];

struct seen {
    char text[3 * PATH_MAX];
};

/* Every key as "section.key=value;" */
static int record(void *user, const char *section, const char *key, const char *value)
{
    struct seen *seen = user;
    size_t used = strlen(seen->text);
    snprintf(seen->text + used, sizeof seen->text - used, "%s.%s=%s;", section, key, value);
    return 1;
}

static int read_text(const char *text, struct seen *seen)
{
    memset(seen, 0, sizeof *seen);
    assert_int_equal(write_file_atomic(path, text), 0);
    return ini_read(path, record, seen);
}

static int group_setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/cudnnv-ini-test-%d.ini", (int)getpid());
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    unlink(path);
    return 0;
}

static void a_path_of_path_max_bytes_is_read_whole(void **state)
{
    char value[PATH_MAX], text[PATH_MAX + 64], expected[PATH_MAX + 64];
    struct seen seen;
    (void)state;
    memset(value, 'p', sizeof value - 1);
    value[0] = '/';
    value[sizeof value - 1] = '\0';
    snprintf(text, sizeof text, "[set]\nsource =  %s  \nversion = 8.1\n", value);
    assert_true(ini_text_fits(text));
    assert_int_equal(read_text(text, &seen), 0);
    snprintf(expected, sizeof expected, "set.source=%s;set.version=8.1;", value);
    assert_string_equal(seen.text, expected);
}

static void a_long_comment_is_a_comment_and_its_tail_no_key(void **state)
{
    char text[1024];
    struct seen seen;
    (void)state;
    snprintf(text, sizeof text, "[pin 8.1]\n; %0300d sha256 = 1\n  # %0300d x = y\nrelease = 8.1.0.77\n", 0, 0);
    assert_int_equal(read_text(text, &seen), 0);
    assert_string_equal(seen.text, "pin 8.1.release=8.1.0.77;");
}

static void a_long_section_header_is_refused_by_its_line(void **state)
{
    char text[1024];
    struct seen seen;
    (void)state;
    snprintf(text, sizeof text, "[a]\nx = 1\n[%0300d]\ny = 2\n", 0);
    assert_int_equal(read_text(text, &seen), 3);
}

static void a_line_past_the_limit_is_refused(void **state)
{
    char *text = malloc(INI_READ_MAX_LINE + 64);
    struct seen seen;
    (void)state;
    snprintf(text, INI_READ_MAX_LINE + 64, "[a]\nx = %0*d\n", INI_READ_MAX_LINE - 3, 0);
    assert_false(ini_text_fits(text));
    assert_int_equal(read_text(text, &seen), 2);
    snprintf(text, INI_READ_MAX_LINE + 64, "[a]\nx = %0*d\n", INI_READ_MAX_LINE - 4, 0);
    assert_true(ini_text_fits(text));
    assert_int_equal(read_text(text, &seen), 0);
    free(text);
}

static void the_mark_in_a_short_line_is_only_its_own_value(void **state)
{
    char text[1024];
    struct seen seen;
    (void)state;
    snprintf(text, sizeof text, "[a]\nlong = %0300d\nshort = \x01\n", 7);
    assert_int_equal(read_text(text, &seen), 0);
    assert_non_null(strstr(seen.text, "a.short=\x01;"));
    assert_int_equal(strlen(seen.text), strlen("a.long=;a.short=\x01;") + 300);
}

static int take_any(void *user, const char *section, const char *key, const char *value)
{
    (void)user, (void)section, (void)key, (void)value;
    return 1;
}

/* Every .ini of a folder (run from the source tree's top, as make unit does) reads through ini_read. */
static void read_every_ini(const char *folder)
{
    char path[PATH_MAX];
    DIR *dir = opendir(folder);
    struct dirent *entry;
    int count = 0;
    assert_non_null(dir);
    while ((entry = readdir(dir)) != NULL) {
        size_t length = strlen(entry->d_name);
        if (length < 5 || strcmp(entry->d_name + length - 4, ".ini") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        if (ini_read(path, take_any, NULL) != 0)
            fail_msg("%s has a line the reader refuses (line %d)", path, ini_read(path, take_any, NULL));
        count++;
    }
    closedir(dir);
    assert_true(count > 0);
}

static void every_shipped_data_file_reads_whole(void **state)
{
    (void)state;
    read_every_ini("versions");
    read_every_ini("versions/catalog");
}
