/*
 * Unit tests of what install decides before it copies anything: which
 * archive members are safe, what NVIDIA's archive names say, and which
 * version a set's headers declare.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "fsutil.h"
#include "version_detect.h"

static void members_must_stay_relative(void **state)
{
    (void)state;
    assert_true(archive_member_is_safe("cuda/lib64/libcudnn.so.8.1.0"));
    assert_true(archive_member_is_safe("cudnn-linux-x86_64-8.9.7.29_cuda12-archive/"));
    assert_true(archive_member_is_safe("a..b/c"));
    assert_false(archive_member_is_safe("/etc/passwd"));
    assert_false(archive_member_is_safe("cuda/../../x"));
    assert_false(archive_member_is_safe(".."));
    assert_false(archive_member_is_safe("cuda\\..\\x"));
    assert_false(archive_member_is_safe("C:/Windows/x.dll"));
    assert_false(archive_member_is_safe("\\\\server\\share"));
}

static void links_must_resolve_inside(void **state)
{
    (void)state;
    assert_true(archive_link_stays_inside("cuda/lib64/libcudnn.so", "libcudnn.so.8"));
    assert_true(archive_link_stays_inside("cuda/lib64/libcudnn.so", "../lib64/libcudnn.so.8"));
    assert_true(archive_link_stays_inside("cuda/lib64/x", "../../cuda/include"));
    assert_false(archive_link_stays_inside("cuda/lib64/x", "../../../etc/passwd"));
    assert_false(archive_link_stays_inside("x", ".."));
    assert_false(archive_link_stays_inside("cuda/x", "/etc/passwd"));
    assert_false(archive_link_stays_inside("cuda/x", ""));
}

static void old_archive_names(void **state)
{
    struct release_name release;
    (void)state;
    assert_true(release_name_parse("cudnn-11.2-windows-x64-v8.1.0.77.zip", &release));
    assert_string_equal(release.version, "8.1.0.77");
    assert_string_equal(release.cuda, "11.2");
    assert_true(release_name_parse("cudnn-10.2-windows10-x64-v7.6.5.32.zip", &release));
    assert_string_equal(release.version, "7.6.5.32");
    assert_string_equal(release.cuda, "10.2");
}

static void new_archive_names(void **state)
{
    struct release_name release;
    (void)state;
    assert_true(release_name_parse("cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz", &release));
    assert_string_equal(release.version, "8.9.7.29");
    assert_string_equal(release.cuda, "12");
    assert_true(release_name_parse("cudnn-windows-x86_64-8.6.0.163_cuda11.8-archive.zip", &release));
    assert_string_equal(release.version, "8.6.0.163");
    assert_string_equal(release.cuda, "11.8");
    assert_false(release_name_parse("libcudnn9.tar.xz", &release));
    assert_false(release_name_parse("cudnn.zip", &release));
}

static void build_number_is_used_only_when_it_agrees(void **state)
{
    struct set_version version = {8, 1, 0};
    struct release_name same = {"8.1.0.77", "11.2"}, other = {"8.1.1.33", "11.2"};
    char name[64];
    (void)state;
    version_compose_name(&version, &same, name, sizeof name);
    assert_string_equal(name, "8.1.0.77");
    version_compose_name(&version, &other, name, sizeof name);
    assert_string_equal(name, "8.1.0");
    version_compose_name(&version, NULL, name, sizeof name);
    assert_string_equal(name, "8.1.0");
}

static void headers_give_the_version(void **state)
{
    char dir[] = "/tmp/cudnnv-headers-XXXXXX", path[256];
    struct set_version version;
    (void)state;
    assert_non_null(mkdtemp(dir));
    assert_false(version_from_headers(dir, &version));
    snprintf(path, sizeof path, "%s/cudnn.h", dir);
    FILE *file = fopen(path, "w");
    fputs("#define CUDNN_MAJOR 7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n"
          "#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n", file);
    fclose(file);
    assert_true(version_from_headers(dir, &version));
    assert_int_equal(version.major, 7);
    assert_int_equal(version.minor, 6);
    assert_int_equal(version.patch, 5);
    remove_tree(dir);
}

static void real_cudnn_headers_read_9_19_0(void **state)
{
    struct set_version version;
    (void)state;
    assert_true(version_from_headers("/usr/local/cuda/include", &version));
    assert_int_equal(version.major, 9);
    assert_int_equal(version.minor, 19);
    assert_int_equal(version.patch, 0);
}

static void wheel_metadata_and_toolkit_versions(void **state)
{
    char top[] = "/tmp/cudnnv-release-XXXXXX", path[512];
    struct release_name release;
    char cuda[16];
    (void)state;
    assert_non_null(mkdtemp(top));
    snprintf(path, sizeof path, "%s/site-packages/nvidia/cudnn", top);
    assert_int_equal(make_dirs(path, 0755), 0);
    assert_false(release_from_pip_metadata(path, &release));
    snprintf(path, sizeof path, "%s/site-packages/nvidia_cudnn_cu12-9.1.0.70.dist-info", top);
    assert_int_equal(make_dirs(path, 0755), 0);
    snprintf(path, sizeof path, "%s/site-packages/nvidia/cudnn", top);
    assert_true(release_from_pip_metadata(path, &release));
    assert_string_equal(release.version, "9.1.0.70");
    assert_string_equal(release.cuda, "12");
    snprintf(path, sizeof path, "%s/version.txt", top);
    FILE *file = fopen(path, "w");
    fputs("CUDA Version 11.2.152\n", file);
    fclose(file);
    assert_true(cuda_from_toolkit(top, cuda, sizeof cuda));
    assert_string_equal(cuda, "11.2");
    remove_tree(top);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(members_must_stay_relative),
        cmocka_unit_test(links_must_resolve_inside),
        cmocka_unit_test(old_archive_names),
        cmocka_unit_test(new_archive_names),
        cmocka_unit_test(build_number_is_used_only_when_it_agrees),
        cmocka_unit_test(headers_give_the_version),
        cmocka_unit_test(real_cudnn_headers_read_9_19_0),
        cmocka_unit_test(wheel_metadata_and_toolkit_versions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
