/*
 * Unit tests of the JSON every --json prints (base/json.c): any text, whatever
 * bytes a path or name holds, gives a valid document that reads back as the
 * text (bytes that are not UTF-8 as U+FFFD), with no raw control byte; keys
 * come out in the order they were put, a list's elements one a line.
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

/* What json_print writes of document; with string_only, what json_print_string writes of text. */
static char *printed(json_t *document, const char *string_only)
{
    char *out = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    if (string_only != NULL)
        cudnnv_json_print_string(stream, string_only);
    else
        assert_int_equal(cudnnv_json_print(stream, document), 0);
    fclose(stream);
    return out;
}

static void expect(const char *text, const char *expected)
{
    char *out = printed(cudnnv_json_text(text), NULL);
    assert_string_equal(out, expected);
    free(out);
}

static void quotes_backslashes_and_controls_are_escaped(void **state)
{
    (void)state;
    expect("plain /opt/cudnn 8.1", "\"plain /opt/cudnn 8.1\"\n");
    expect("a\"b\\c", "\"a\\\"b\\\\c\"\n");
    expect("l1\nl2\tx", "\"l1\\nl2\\tx\"\n");
    expect("\x1b[31m\x7f", "\"\\u001B[31m\\u007f\"\n");
}

static void valid_utf8_passes_invalid_bytes_are_replaced(void **state)
{
    (void)state;
    expect("caf\xc3\xa9 \xe2\x80\x99", "\"caf\xc3\xa9 \xe2\x80\x99\"\n");
    /* a lone continuation byte, a cut sequence, an overlong '/' */
    expect("a\x80z", "\"a\xef\xbf\xbdz\"\n");
    expect("a\xe2\x80", "\"a\xef\xbf\xbd\xef\xbf\xbd\"\n");
    expect("\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"\n");
    expect(NULL, "\"\"\n");
}

static void a_document_keeps_its_order_and_types(void **state)
{
    (void)state;
    json_t *object = json_object(), *list = json_array();
    cudnnv_json_put_text(object, "name", "8.1.0.77");
    cudnnv_json_put_bool(object, "selected", 1);
    cudnnv_json_put_int(object, "files", 42);
    cudnnv_json_put_text(object, "path", "/x\"y\x80");
    json_array_append_new(list, object);
    json_array_append_new(list, json_object());
    char *out = printed(list, NULL);
    assert_string_equal(out, "[\n  {\"name\": \"8.1.0.77\", \"selected\": true, \"files\": 42, \"path\": \"/x\\\"y\xef\xbf\xbd\"},\n  {}\n]\n");
    free(out);
    out = printed(json_array(), NULL);
    assert_string_equal(out, "[]\n");
    free(out);
}

static void a_string_alone_for_a_line_format(void **state)
{
    (void)state;
    char *out = printed(NULL, "a\x7f\n");
    assert_string_equal(out, "\"a\\u007f\\n\"");
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
