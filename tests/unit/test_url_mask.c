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

static void passwords_are_starred(void **state)
{
    (void)state;
    expect("cannot read https://__token__:SECRET@pypi.example/simple/: HTTP 401",
           "cannot read https://__token__:****@pypi.example/simple/: HTTP 401");
    expect("http://u:p@127.0.0.1:8000/x and https://a:bcdefgh@h/y", "http://u:*@127.0.0.1:8000/x and https://a:****@h/y");
    expect("https://user:pa:ss@w@host/", "https://user:****@host/");
}

static void addresses_without_a_password_are_left_alone(void **state)
{
    (void)state;
    expect("https://token@host/simple/", "https://token@host/simple/");
    expect("http://127.0.0.1:8000/a@b", "http://127.0.0.1:8000/a@b");
    expect("file:///srv/a:b@c", "file:///srv/a:b@c");
    expect("no address here: a:b@c", "no address here: a:b@c");
    expect("https://host/?q=a:b@c", "https://host/?q=a:b@c");
}
