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
    static const char *const valid[] = {"8.1.0.77", "9.19.0-cuda12", "system", "tf2.5_env"};
    (void)state;
    for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
        assert_true(cudnnv_name_is_valid(valid[i]));
}

static void invalid_names_fail(void **state)
{
    static const char *const invalid[] = {"", "8.1/../../etc", "a/b", "a\\b", "..", "8..1", ".", "8.1\n",
                                          "8.1\x1b[31m", "8 1"};
    char long_name[80];
    (void)state;
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
        assert_false(cudnnv_name_is_valid(invalid[i]));
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

/* A pair of names and what comparing them says: its sign, or whether the second is a prefix of the first. */
struct name_pair {
    const char *left, *right;
    int expected;
};

static void ordering_is_numeric(void **state)
{
    static const struct name_pair pairs[] = {
        {"8.10.0", "8.9.7", 1},           {"8.1.0.77", "8.1.1.33", -1}, {"8.1.0.77", "8.1.0", 1},
        {"9.19.0", "9.19.0", 0},          {"8.9.7.29-cuda12", "8.9.7.29", 1}, {"10.0.0", "9.99.99", 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int sign = cudnnv_name_compare(pairs[i].left, pairs[i].right);
        assert_int_equal((sign > 0) - (sign < 0), pairs[i].expected);
    }
}

static void prefixes_match_on_boundaries(void **state)
{
    static const struct name_pair pairs[] = {
        {"8.1.0.77", "8.1", 1},      {"8.1.0.77", "8", 1}, {"8.1.0.77", "8.1.0.77", 1}, {"8.9.7.29-cuda12", "8.9.7.29", 1},
        {"8.10.0", "8.1", 0},        {"81.0", "8", 0},     {"8.1", "8.1.0", 0},         {"8.1.0", "", 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        assert_int_equal(cudnnv_name_has_prefix(pairs[i].left, pairs[i].right) != 0, pairs[i].expected);
}
