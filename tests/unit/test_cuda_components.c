/*
 * Unit tests of the table of CUDA's components (manager/base/cuda_components.c):
 * each row knows its own libraries on both systems and no other row's, a
 * cuDNN is no component, the CUDA libraries are the packages cuDNN opens, and a
 * package shared by two rows is one package, required when either row is.
 */
#include "cuda_components.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

static void every_row_knows_its_own_libraries_and_no_other_rows(void **state)
{
    (void)state;
    size_t count;
    const struct cuda_component *rows = cuda_components(&count);
    char name[96];
    assert_true(count >= 14);
    for (size_t i = 0; i < count; i++) {
        snprintf(name, sizeof name, "%s.so.11", rows[i].linux_stem);
        assert_ptr_equal(cuda_component_of_library(name), &rows[i]);
        snprintf(name, sizeof name, "%s.so", rows[i].linux_stem);
        assert_ptr_equal(cuda_component_of_library(name), &rows[i]);
        snprintf(name, sizeof name, "%s11.dll", rows[i].windows_stem);
        assert_ptr_equal(cuda_component_of_library(name), &rows[i]);
        assert_ptr_equal(cuda_component_named(rows[i].name), &rows[i]);
    }
}

static void a_cudnn_or_another_library_is_no_component(void **state)
{
    (void)state;
    static const char *const others[] = {"libcudnn.so.8", "cudnn64_8.dll", "libcublas_static.a", "libcufftw.so.10",
                                         "libz.so.1", "libnvrtc.alt.so.12"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        assert_null(cuda_component_of_library(others[i]));
    assert_null(cuda_component_named("cudnn"));
}

static void a_lookalike_name_is_no_library(void **state)
{
    (void)state;
    static const char *const lookalikes[] = {"libcudart.so.12.evil", "libcudart.so.12.bak", "libcudart.so.12.orig",
                                             "libcudart.so.12.rpmsave", "libcudart.so.12~", "libcudart.so.12 ",
                                             "libcudart.so.", "libcudart.so..12", "libcudart.so.12.", "cufft64_11.dll.bak",
                                             "cufft64_11a.dll"};
    for (size_t i = 0; i < sizeof lookalikes / sizeof lookalikes[0]; i++)
        assert_null(cuda_component_of_library(lookalikes[i]));
    assert_non_null(cuda_component_of_library("libcudart.so.12.2.140"));
    assert_non_null(cuda_component_of_library("nvrtc64_120_0.dll"));
    /* one system's libraries only */
    assert_null(cuda_component_of_library_on("cufft64_11.dll", 0));
    assert_null(cuda_component_of_library_on("libcufft.so.11", 1));
    assert_non_null(cuda_component_of_library_on("cufft64_11.dll", 1));
}

static void the_cuda_libs_are_the_packages_cudnn_opens(void **state)
{
    (void)state;
    const char *names[8];
    size_t count = cuda_libs_components(names, 8);
    assert_int_equal(count, 3);
    assert_string_equal(names[0], "cuda_cudart");
    assert_string_equal(names[1], "libcublas");
    assert_string_equal(names[2], "cuda_nvrtc");
    static const char *const libraries[][2] = {{"libcublasLt.so.11", "libcublas"},
                                               {"libnvrtc-builtins.so.11.2", "cuda_nvrtc"},
                                               {"nvrtc64_112_0.dll", "cuda_nvrtc"},
                                               {"cudart64_110.dll", "cuda_cudart"}};
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++)
        assert_string_equal(cuda_libs_of_library(libraries[i][0]), libraries[i][1]);
    assert_null(cuda_libs_of_library("libcufft.so.10"));
    assert_null(cuda_libs_named("libcufft"));
    assert_string_equal(cuda_component_name_in(cuda_libs_row("cuda_nvrtc"), CUDA_SOURCE_WHEEL),
                        "nvidia-cuda-nvrtc");
    assert_string_equal(cuda_component_name_in(cuda_libs_row("cuda_cudart"), CUDA_SOURCE_CONDA), "cuda-cudart");
}

static void a_package_two_rows_share_is_one_required_when_either_is(void **state)
{
    (void)state;
    const struct cuda_component *rows[32];
    int required[32];
    size_t count = cuda_component_packages(CUDA_SOURCE_REDIST, rows, required, 32);
    int cusolver = 0, nvrtc = 0;
    for (size_t i = 0; i < count; i++) {
        for (size_t k = 0; k < i; k++)
            assert_string_not_equal(rows[k]->redist, rows[i]->redist);
        if (strcmp(rows[i]->redist, "libcusolver") == 0)
            cusolver = required[i] ? 1 : -1;   /* cuSOLVER is required, its multi-GPU half is not */
        if (strcmp(rows[i]->redist, "cuda_nvrtc") == 0)
            nvrtc = required[i] ? 1 : -1;
    }
    assert_int_equal(cusolver, 1);
    assert_int_equal(nvrtc, -1);
    assert_int_equal(cuda_component_packages(CUDA_SOURCE_REDIST, rows, required, 2), 2);
}
