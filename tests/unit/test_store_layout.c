/*
 * Unit tests of the store's layout (shim/store_layout.c): every place is
 * built under its root, read back by cudnnv_store_split to the same root and
 * name, fits in the room CUDNNV_STORE_PATH_EXTRA promises, and a path that
 * is not the place, or does not fit, is refused.
 */
#include "store_layout.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#define LAST_PLACE CUDNNV_STORE_CATALOG_REDIST

static void places_are_spelled_as_docs_store_md_says(void **state)
{
    (void)state;
    char out[256];
    static const struct {
        enum cudnnv_store_place place;
        const char *name, *expected;
    } rows[] = {
        {CUDNNV_STORE_SHIMS_LIB, NULL, "/s/shims/lib"},
        {CUDNNV_STORE_SHIMS_BIN, NULL, "/s/shims/bin"},
        {CUDNNV_STORE_SET, "8.1.0.77", "/s/versions/8.1.0.77"},
        {CUDNNV_STORE_SET_RECORD, "8.1.0.77", "/s/versions/8.1.0.77/cudnnv.ini"},
        {CUDNNV_STORE_RUNTIMES, NULL, "/s/cuda/runtime"},
        {CUDNNV_STORE_RUNTIME_LIB, "11.0", "/s/cuda/runtime/11.0/lib"},
        {CUDNNV_STORE_RUNTIME_RECORD, "11.0", "/s/cuda/runtime/11.0/cudnnv.ini"},
        {CUDNNV_STORE_CUDA_LIBS, "12.2.2", "/s/cuda/12.2.2"},
        {CUDNNV_STORE_CUDA_RECORD, "12.2.2", "/s/cuda/12.2.2/cudnnv.ini"},
        {CUDNNV_STORE_COMPANION_LIST, "8.9.7.29", "/s/cuda/sets/8.9.7.29"},
        {CUDNNV_STORE_GLOBAL, NULL, "/s/version"},
        {CUDNNV_STORE_CONFIG, NULL, "/s/config"},
        {CUDNNV_STORE_CACHE, NULL, "/s/cache"},
        {CUDNNV_STORE_CATALOG_STAGING, NULL, "/s/catalog-staging"},
        {CUDNNV_STORE_CATALOG_REDIST, NULL, "/s/catalog-redist"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(cudnnv_store_path(out, sizeof out, "/s", rows[i].place, rows[i].name), 0);
        assert_string_equal(out, rows[i].expected);
    }
}

static void every_place_reads_back_to_its_root_and_name(void **state)
{
    (void)state;
    char path[512], root[256], name[64];
    const char *store = "/home/me/a store";
    for (int place = 0; place <= LAST_PLACE; place++) {
        assert_int_equal(cudnnv_store_path(path, sizeof path, store, place, "11.0"), 0);
        assert_int_equal(cudnnv_store_split(path, place, root, sizeof root, name, sizeof name), 0);
        assert_string_equal(root, store);
        /* the room the shim gives a path is enough for any place */
        assert_true(strlen(path) + 1 <= strlen(store) + strlen("11.0") + CUDNNV_STORE_PATH_EXTRA);
    }
}

static void a_path_of_another_place_is_not_read_as_this_one(void **state)
{
    (void)state;
    char name[64];
    assert_int_equal(cudnnv_store_split("/s/versions/8.1/lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name, sizeof name), -1);
    assert_int_equal(cudnnv_store_split("/s/xcuda/runtime/11.0/lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, NULL, 0), -1);
    assert_int_equal(cudnnv_store_split("cuda/runtime/11.0/lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, NULL, 0), -1);
    assert_int_equal(cudnnv_store_split("/s/cuda/runtime//lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, NULL, 0), -1);
    assert_int_equal(cudnnv_store_split("/s/shims/lib/", CUDNNV_STORE_SHIMS_LIB, NULL, 0, NULL, 0), -1);
    assert_int_equal(cudnnv_store_split("/s/cuda/runtime/11.0/lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name, sizeof name),
                     0);
    assert_string_equal(name, "11.0");
    assert_true(cudnnv_store_is_shims("/s", "/s/shims/lib"));
    assert_false(cudnnv_store_is_shims("/s", "/s2/shims/lib"));
    assert_false(cudnnv_store_is_shims("/s", "/s/shims/lib/x"));
}

static void a_place_too_long_for_its_buffer_is_refused(void **state)
{
    (void)state;
    char out[16], name[4];
    assert_int_equal(cudnnv_store_path(out, sizeof out, "/s", CUDNNV_STORE_RUNTIME_LIB, "11.0"), -1);
    assert_true(memchr(out, '\0', sizeof out) != NULL);   /* what did not fit is cut, still a string */
    assert_int_equal(cudnnv_store_path(out, sizeof out, "/s", CUDNNV_STORE_CATALOG, NULL), 0);
    assert_string_equal(out, "/s/catalog");
    assert_int_equal(cudnnv_store_path(out, sizeof out, "/s", CUDNNV_STORE_SET, NULL), -1);   /* a name is needed */
    assert_int_equal(cudnnv_store_split("/s/cuda/runtime/11.0.3/lib", CUDNNV_STORE_RUNTIME_LIB, NULL, 0, name,
                                        sizeof name), -1);
}
