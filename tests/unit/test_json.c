/*
 * Unit tests of the one JSON writer: every string it writes is valid JSON
 * that reads back as the text, whatever bytes a path or name holds.
 */
/* args.h first: cmocka defines a macro named fail, which args.h declares as a function (messages.h) */
#include "args.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *written(const char *text)
{
    char *out = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    write_json_string(stream, text);
    fclose(stream);
    return out;
}

static void expect(const char *text, const char *expected)
{
    char *out = written(text);
    assert_string_equal(out, expected);
    free(out);
}

static void quotes_backslashes_and_controls_are_escaped(void **state)
{
    (void)state;
    expect("plain /opt/cudnn 8.1", "\"plain /opt/cudnn 8.1\"");
    expect("a\"b\\c", "\"a\\\"b\\\\c\"");
    expect("l1\nl2\tx", "\"l1\\nl2\\tx\"");
    expect("\x1b[31m\x7f", "\"\\u001b[31m\\u007f\"");
}

static void valid_utf8_passes_invalid_bytes_are_replaced(void **state)
{
    (void)state;
    expect("caf\xc3\xa9 \xe2\x80\x99", "\"caf\xc3\xa9 \xe2\x80\x99\"");
    /* a lone continuation byte, a cut sequence, an overlong '/' */
    expect("a\x80z", "\"a\\ufffdz\"");
    expect("a\xe2\x80", "\"a\\ufffd\\ufffd\"");
    expect("\xc0\xaf", "\"\\ufffd\\ufffd\"");
}

static void members_follow_an_open_object(void **state)
{
    char *out = NULL;
    size_t size = 0;
    (void)state;
    FILE *stream = open_memstream(&out, &size);
    fputs("{\"a\": 1", stream);
    write_json_member(stream, "path", "/x\"y");
    fputs("}", stream);
    fclose(stream);
    assert_string_equal(out, "{\"a\": 1, \"path\": \"/x\\\"y\"}");
    free(out);
}

static void only_valid_utf8_is_written_as_it_is(void **state)
{
    (void)state;
    assert_true(text_is_valid_utf8("/home/jos\xc3\xa9/a \"b\"\n"));
    assert_true(text_is_valid_utf8(""));
    assert_false(text_is_valid_utf8("/home/a\x80z"));
    assert_false(text_is_valid_utf8("/cut\xe2\x80"));
}
