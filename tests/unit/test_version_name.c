/*
 * Unit tests of version names: validation, majors, ordering, and prefix
 * matching on dot boundaries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "cudnnv_select.h"

static void valid_names_pass(void **state)
{
    (void)state;
    assert_true(cudnnv_name_is_valid("8.1.0.77"));
    assert_true(cudnnv_name_is_valid("9.19.0-cuda12"));
    assert_true(cudnnv_name_is_valid("system"));
    assert_true(cudnnv_name_is_valid("tf2.5_env"));
}

static void invalid_names_fail(void **state)
{
    char long_name[80];
    (void)state;
    assert_false(cudnnv_name_is_valid(""));
    assert_false(cudnnv_name_is_valid("8.1/../../etc"));
    assert_false(cudnnv_name_is_valid("a/b"));
    assert_false(cudnnv_name_is_valid("a\\b"));
    assert_false(cudnnv_name_is_valid(".."));
    assert_false(cudnnv_name_is_valid("8..1"));
    assert_false(cudnnv_name_is_valid("."));
    assert_false(cudnnv_name_is_valid("8.1\n"));
    assert_false(cudnnv_name_is_valid("8.1\x1b[31m"));
    assert_false(cudnnv_name_is_valid("8 1"));
    memset(long_name, '8', 65);
    long_name[65] = '\0';
    assert_false(cudnnv_name_is_valid(long_name));
    long_name[64] = '\0';
    assert_true(cudnnv_name_is_valid(long_name));
}

static void majors_come_from_the_leading_number(void **state)
{
    (void)state;
    assert_int_equal(cudnnv_name_major("8.1.0.77"), 8);
    assert_int_equal(cudnnv_name_major("9"), 9);
    assert_int_equal(cudnnv_name_major("10.0.1"), 10);
    assert_int_equal(cudnnv_name_major("system"), -1);
}

static void ordering_is_numeric(void **state)
{
    (void)state;
    assert_true(cudnnv_name_compare("8.10.0", "8.9.7") > 0);
    assert_true(cudnnv_name_compare("8.1.0.77", "8.1.1.33") < 0);
    assert_true(cudnnv_name_compare("8.1.0.77", "8.1.0") > 0);
    assert_true(cudnnv_name_compare("9.19.0", "9.19.0") == 0);
    assert_true(cudnnv_name_compare("8.9.7.29-cuda12", "8.9.7.29") > 0);
    assert_true(cudnnv_name_compare("10.0.0", "9.99.99") > 0);
}

static void prefixes_match_on_boundaries(void **state)
{
    (void)state;
    assert_true(cudnnv_name_has_prefix("8.1.0.77", "8.1"));
    assert_true(cudnnv_name_has_prefix("8.1.0.77", "8"));
    assert_true(cudnnv_name_has_prefix("8.1.0.77", "8.1.0.77"));
    assert_true(cudnnv_name_has_prefix("8.9.7.29-cuda12", "8.9.7.29"));
    assert_false(cudnnv_name_has_prefix("8.10.0", "8.1"));
    assert_false(cudnnv_name_has_prefix("81.0", "8"));
    assert_false(cudnnv_name_has_prefix("8.1", "8.1.0"));
    assert_false(cudnnv_name_has_prefix("8.1.0", ""));
}
