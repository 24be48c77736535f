/*
 * Unit tests of NVIDIA's CUDA apt repository address: one folder per
 * architecture, named as the build platform after "linux-", none where
 * NVIDIA keeps no such repository.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "apt_repo.h"
#include "build_platform.h"

static void each_linux_server_platform_has_its_own_folder(void **state)
{
    char url[256];
    (void)state;
    assert_int_equal(apt_repo_default(CUDNNV_BUILD_LINUX, url, sizeof url), 0);
    assert_string_equal(url, "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64/");
    assert_int_equal(apt_repo_default(CUDNNV_BUILD_SBSA, url, sizeof url), 0);
    assert_string_equal(url, "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/sbsa/");
}

static void windows_and_jetson_have_none(void **state)
{
    char url[256];
    (void)state;
    assert_int_equal(apt_repo_default(CUDNNV_BUILD_WINDOWS, url, sizeof url), -1);
    assert_int_equal(apt_repo_default(CUDNNV_BUILD_AARCH64, url, sizeof url), -1);
}

static void a_short_buffer_is_refused(void **state)
{
    char url[40];
    (void)state;
    assert_int_equal(apt_repo_default(CUDNNV_BUILD_LINUX, url, sizeof url), -1);
}
