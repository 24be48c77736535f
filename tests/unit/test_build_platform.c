/*
 * Unit tests of the build platform table: names old and new found, the
 * platforms this build runs on, and the columns the manager reads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "build_platform.h"

static void names_and_older_names_are_found(void **state)
{
    (void)state;
    assert_int_equal(cudnnv_build_find("linux-x86_64"), CUDNNV_BUILD_LINUX);
    assert_int_equal(cudnnv_build_find("linux"), CUDNNV_BUILD_LINUX);
    assert_int_equal(cudnnv_build_find("windows"), CUDNNV_BUILD_WINDOWS);
    assert_int_equal(cudnnv_build_find("linux-sbsa"), CUDNNV_BUILD_SBSA);
    assert_int_equal(cudnnv_build_find("linux-aarch64"), CUDNNV_BUILD_AARCH64);
    assert_int_equal(cudnnv_build_find("linux-ppc64le"), -1);
    assert_int_equal(cudnnv_build_find(""), -1);   /* no row's empty older name matches */
}

static void this_build_runs_on_its_own_platform_only(void **state)
{
    (void)state;
#if defined(__x86_64__) && !defined(_WIN32)
    assert_true(cudnnv_platform_runs_here("linux-x86_64"));
    assert_true(cudnnv_platform_runs_here("linux"));
    assert_false(cudnnv_platform_runs_here("windows-x86_64"));
    assert_false(cudnnv_platform_runs_here("linux-sbsa"));
#endif
    assert_false(cudnnv_platform_runs_here("linux-ppc64le"));
    assert_false(cudnnv_platform_runs_here(""));
}

static void columns_say_what_the_readers_need(void **state)
{
    (void)state;
    assert_string_equal(cudnnv_build_platform(CUDNNV_BUILD_WINDOWS)->conda_subdir, "win-64");
    assert_string_equal(cudnnv_build_platform(CUDNNV_BUILD_SBSA)->ini_key, "sbsa_");
    assert_string_equal(cudnnv_build_platform(CUDNNV_BUILD_AARCH64)->set_suffix, "aarch64");
    assert_int_equal(cudnnv_build_platform(CUDNNV_BUILD_LINUX)->elf_machine, 62);
    assert_false(cudnnv_build_platform(CUDNNV_BUILD_WINDOWS)->wheel_manylinux);
    for (int i = 0; i < CUDNNV_BUILDS; i++)   /* every row is whole */
        assert_true(cudnnv_build_platform(i)->name[0] != '\0' && cudnnv_build_platform(i)->wheel_end[0] != '\0');
}
