/*
 * Unit tests of the hook's state text: what the hook changed survives a
 * round trip through the shell variable whatever the values hold, and a
 * damaged or foreign text is refused rather than half read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hook_state.h"

static void values_survive_a_round_trip(void **state)
{
    struct hook_state written, read;
    (void)state;
    memset(&written, 0, sizeof written);
    strcpy(written.key, "k1");
    assert_int_equal(hook_state_add(&written, "LD_PRELOAD", "/a;b=c%d\n\x1b", "/shims/libcudnn.so.8"), 0);
    assert_int_equal(hook_state_add(&written, "CUDNN_HOME", NULL, "/store/8.1"), 0);
    char *text = hook_state_format(&written);
    assert_non_null(text);
    assert_null(strchr(text, '\n'));
    assert_null(strchr(text, '\x1b'));
    assert_int_equal(hook_state_parse(text, &read), 0);
    assert_string_equal(read.key, "k1");
    assert_int_equal(read.count, 2);
    assert_string_equal(read.entries[0].name, "LD_PRELOAD");
    assert_string_equal(read.entries[0].previous, "/a;b=c%d\n\x1b");
    assert_string_equal(read.entries[0].produced, "/shims/libcudnn.so.8");
    assert_null(read.entries[1].previous);
    assert_string_equal(read.entries[1].produced, "/store/8.1");
    free(text);
    hook_state_free(&written);
    hook_state_free(&read);
}

static void damaged_text_is_refused(void **state)
{
    struct hook_state read;
    (void)state;
    assert_int_not_equal(hook_state_parse(NULL, &read), 0);
    assert_int_not_equal(hook_state_parse("", &read), 0);
    assert_int_not_equal(hook_state_parse("2;k;A=-=x", &read), 0);
    assert_int_not_equal(hook_state_parse("1;k;A=x", &read), 0);
    assert_int_not_equal(hook_state_parse("1;k;A=-=x;B", &read), 0);
    assert_int_not_equal(hook_state_parse("1;k;A=?=x", &read), 0);
    assert_int_not_equal(hook_state_parse("1;a-key-far-longer-than-the-forty-bytes-it-may-have;A=-=x", &read), 0);
}

static void no_more_entries_than_fit(void **state)
{
    struct hook_state written;
    char name[16];
    (void)state;
    memset(&written, 0, sizeof written);
    for (int i = 0; i < HOOK_MAX_ENTRIES; i++) {
        snprintf(name, sizeof name, "V%d", i);
        assert_int_equal(hook_state_add(&written, name, NULL, "x"), 0);
    }
    assert_int_not_equal(hook_state_add(&written, "ONE_MORE", NULL, "x"), 0);
    assert_int_equal(written.count, HOOK_MAX_ENTRIES);
    hook_state_free(&written);
}
