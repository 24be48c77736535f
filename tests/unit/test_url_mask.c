/*
 * Unit tests of url_mask_passwords: the password of every address in a text
 * is shown as pip shows it, the rest of the text as it was.
 */
#include "url_mask.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

static void expect(const char *text, const char *expected)
{
    char buffer[512];
    snprintf(buffer, sizeof buffer, "%s", text);
    url_mask_passwords(buffer);
    assert_string_equal(buffer, expected);
}

static void user_parts_are_starred(void **state)
{
    (void)state;
    expect("cannot read https://__token__:SECRET@pypi.example/simple/: HTTP 401",
           "cannot read https://****@pypi.example/simple/: HTTP 401");
    expect("http://u:p@127.0.0.1:8000/x and https://a:bcdefgh@h/y", "http://***@127.0.0.1:8000/x and https://****@h/y");
    expect("https://user:pa:ss@w@host/", "https://****@host/");
    /* a token as the user part alone, as many private indexes take it */
    expect("https://TOKEN@host/simple/", "https://****@host/simple/");
    expect("https://ab@host/", "https://**@host/");
}

static void addresses_without_a_user_part_are_left_alone(void **state)
{
    (void)state;
    expect("https://@host/simple/", "https://@host/simple/");
    expect("http://127.0.0.1:8000/a@b", "http://127.0.0.1:8000/a@b");
    expect("file:///srv/a:b@c", "file:///srv/a:b@c");
    expect("no address here: a:b@c", "no address here: a:b@c");
    expect("https://host/?q=a:b@c", "https://host/?q=a:b@c");
}
