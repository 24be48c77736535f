/*
 * Unit tests of reading the release catalog: the folders it merges (a git
 * copy replaces, NVIDIA's redist manifests add builds and platforms), a
 * damaged release is left out and the rest still read, and the lookups
 * install uses (newest of a prefix on a dot boundary, the build for a CUDA).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog.h"

#define SUM_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SUM_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

static char root[256];

/* One [build] section: an archive of one platform for one CUDA. */
static void add_build(char *text, size_t size, const char *cuda, const char *platform, const char *archive,
                      const char *sha256)
{
    size_t used = strlen(text);
    snprintf(text + used, size - used,
             "\n[build cuda%s]\ncuda = %s\n%s_archive = %s\n"
             "%s_url = https://developer.download.nvidia.com/compute/cudnn/redist/%s\n%s_sha256 = %s\n",
             cuda, cuda, platform, archive, platform, archive, platform, sha256);
}

/* FOLDER/VERSION.ini under the store: a release with the builds given. */
static void write_release(const char *folder, const char *version, const char *builds)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, folder);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/%s/%s.ini", root, folder, version);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fprintf(file, "[release]\nversion = %s\n%s", version, builds);
    fclose(file);
}

static int group_setup(void **state)
{
    char path[300];
    (void)state;
    snprintf(root, sizeof root, "/tmp/cudnnv-catalog-test-%d", (int)getpid());
    mkdir(root, 0755);
    snprintf(path, sizeof path, "%s/catalog", root);
    mkdir(path, 0755);
    setenv("CUDNNV_ROOT", root, 1);
    char builds[2048] = "";
    add_build(builds, sizeof builds, "12", "linux", "cudnn-linux-x86_64-99.1.0.1_cuda12-archive.tar.xz", SUM_A);
    add_build(builds, sizeof builds, "11", "linux", "cudnn-linux-x86_64-99.1.0.1_cuda11-archive.tar.xz", SUM_A);
    write_release("catalog/catalog", "99.1.0.1", builds);
    builds[0] = '\0';
    add_build(builds, sizeof builds, "12", "linux", "cudnn-linux-x86_64-99.2.0.1_cuda12-archive.tar.xz", "not-a-sum");
    write_release("catalog/catalog", "99.2.0.1", builds);
    builds[0] = '\0';
    add_build(builds, sizeof builds, "12", "windows", "cudnn-windows-x86_64-99.1.0.1_cuda12-archive.zip", SUM_B);
    write_release("catalog-redist", "99.1.0.1", builds);
    builds[0] = '\0';
    add_build(builds, sizeof builds, "12", "linux", "cudnn-linux-x86_64-99.10.0.1_cuda12-archive.tar.xz", SUM_B);
    write_release("catalog-redist", "99.10.0.1", builds);
    return 0;
}

static int group_teardown(void **state)
{
    char command[300];
    (void)state;
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    return system(command);
}

static void folders_merge_and_a_damaged_release_is_left_out(void **state)
{
    struct catalog catalog;
    (void)state;
    assert_int_equal(catalog_load(&catalog), 0);
    const struct catalog_release *release = catalog_find(&catalog, "99.1");
    assert_non_null(release);
    assert_string_equal(release->version, "99.1.0.1");
    const struct catalog_build *build = catalog_build_for(release, "12");
    assert_non_null(build);
    assert_string_equal(build->archive[CATALOG_LINUX].sha256, SUM_A);
    /* the redist manifest added the Windows archive of the same build */
    assert_string_equal(build->archive[CATALOG_WINDOWS].name, "cudnn-windows-x86_64-99.1.0.1_cuda12-archive.zip");
    assert_null(catalog_find(&catalog, "99.2"));
    catalog_free(&catalog);
}

static void lookups_follow_dot_boundaries_and_cuda(void **state)
{
    struct catalog catalog;
    (void)state;
    assert_int_equal(catalog_load(&catalog), 0);
    /* 99.1 never means 99.10; the newest of 99 is 99.10 */
    assert_string_equal(catalog_find(&catalog, "99.1")->version, "99.1.0.1");
    assert_string_equal(catalog_find(&catalog, "99")->version, "99.10.0.1");
    const struct catalog_release *release = catalog_find(&catalog, "99.1.0.1");
    assert_string_equal(catalog_build_for(release, "11.8")->cuda, "11");
    assert_string_equal(catalog_build_for(release, NULL)->cuda, "12");
    assert_null(catalog_build_for(release, "13"));
    char sum[72];
    assert_int_equal(catalog_sum_of_archive(&catalog, "cudnn-windows-x86_64-99.1.0.1_cuda12-archive.zip", sum, sizeof sum), 1);
    assert_string_equal(sum, SUM_B);
    assert_int_equal(catalog_sum_of_archive(&catalog, "cudnn-linux-x86_64-99.1.0.1_cuda13-archive.tar.xz", sum, sizeof sum), 0);
    catalog_free(&catalog);
}

static void platform_names(void **state)
{
    (void)state;
    assert_int_equal(catalog_platform_from_name("linux-sbsa"), CATALOG_SBSA);
    assert_int_equal(catalog_platform_from_name("windows"), -1);
    assert_string_equal(catalog_platform_list(), "linux-x86_64, windows-x86_64, linux-sbsa or linux-aarch64");
}
