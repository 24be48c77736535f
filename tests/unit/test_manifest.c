/*
 * Unit tests of MANIFEST: what it records, that verify finds missing,
 * changed and extra files, and that identical files become hard links.
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

#include "fsutil.h"
#include "manifest.h"

static char top[256];

static void write_text(const char *dir, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

static void make_set(const char *set_dir, const char *library_text)
{
    char lib[1024], include[1024];
    snprintf(lib, sizeof lib, "%s/lib", set_dir);
    snprintf(include, sizeof include, "%s/include", set_dir);
    assert_int_equal(make_dirs(lib, 0755), 0);
    assert_int_equal(make_dirs(include, 0755), 0);
    write_text(lib, "libcudnn.so.8.1.0", library_text);
    write_text(include, "cudnn_version.h", "#define CUDNN_MAJOR 8\n");
    char link_path[1100];
    snprintf(link_path, sizeof link_path, "%s/libcudnn.so.8", lib);
    assert_int_equal(symlink("libcudnn.so.8.1.0", link_path), 0);
}

static int group_setup(void **state)
{
    (void)state;
    strcpy(top, "/tmp/cudnnv-manifest-XXXXXX");
    assert_non_null(mkdtemp(top));
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    return remove_tree(top);
}

struct problems {
    char text[2048];
};

static void collect(const char *kind, const char *path, void *user)
{
    struct problems *problems = user;
    size_t length = strlen(problems->text);
    snprintf(problems->text + length, sizeof problems->text - length, "%s:%s;", kind, path);
}

static void hash_is_xxh3_128_of_the_content(void **state)
{
    char hex[33];
    unsigned long long size;
    (void)state;
    write_text(top, "empty", "");
    char path[512];
    snprintf(path, sizeof path, "%s/empty", top);
    assert_int_equal(hash_file_xxh3(path, hex, &size), 0);
    assert_int_equal(size, 0);
    /* XXH3-128 of no bytes, as published by xxHash's own test vectors */
    assert_string_equal(hex, "99aa06d3014798d86001c324468d497f");
}

/* A set top/name with the library's content, and its MANIFEST written. */
static struct manifest_stats built_set(const char *name, const char *content, char *set_dir, size_t size)
{
    struct manifest_stats stats;
    snprintf(set_dir, size, "%s/%s", top, name);
    make_set(set_dir, content);
    assert_int_equal(manifest_build(NULL, set_dir, &stats), 0);
    return stats;
}

static void records_files_and_links_then_verifies(void **state)
{
    char set_dir[512], manifest[600];
    struct verify_result result;
    struct problems problems = {""};
    (void)state;
    struct manifest_stats stats = built_set("one", "library one", set_dir, sizeof set_dir);
    assert_int_equal(stats.files, 2);
    assert_int_equal(stats.links, 1);
    snprintf(manifest, sizeof manifest, "%s/MANIFEST", set_dir);
    char *text = read_small_file(manifest, 4096);
    assert_non_null(strstr(text, "lib/libcudnn.so.8\tlink\tlibcudnn.so.8.1.0\n"));
    assert_non_null(strstr(text, "lib/libcudnn.so.8.1.0\t11\t"));
    free(text);
    assert_int_equal(manifest_verify(set_dir, &result, collect, NULL, &problems), 0);
    assert_int_equal(result.files, 3);
    assert_int_equal(result.missing + result.changed + result.extra, 0);
    assert_string_equal(problems.text, "");
}

static void verify_names_missing_changed_and_extra(void **state)
{
    char set_dir[512], path[600];
    struct problems problems = {""};
    struct verify_result result;
    (void)state;
    built_set("two", "library two", set_dir, sizeof set_dir);
    snprintf(path, sizeof path, "%s/lib", set_dir);
    write_text(path, "libcudnn.so.8.1.0", "library 2wo");   /* same size, other bytes */
    write_text(path, "libcudnn_stray.so", "stray");
    snprintf(path, sizeof path, "%s/include/cudnn_version.h", set_dir);
    unlink(path);
    assert_int_equal(manifest_verify(set_dir, &result, collect, NULL, &problems), 0);
    assert_int_equal(result.missing, 1);
    assert_int_equal(result.changed, 1);
    assert_int_equal(result.extra, 1);
    assert_non_null(strstr(problems.text, "missing:include/cudnn_version.h;"));
    assert_non_null(strstr(problems.text, "changed:lib/libcudnn.so.8.1.0;"));
    assert_non_null(strstr(problems.text, "extra:lib/libcudnn_stray.so;"));
}

static void identical_files_are_stored_once(void **state)
{
    char root[512], first[600], second[600], a[700], b[700];
    struct manifest_stats stats;
    struct stat info_a, info_b;
    (void)state;
    snprintf(root, sizeof root, "%s/store", top);
    snprintf(first, sizeof first, "%s/versions/8.1.0", root);
    snprintf(second, sizeof second, "%s/staging/new", root);
    make_set(first, "same library");
    assert_int_equal(manifest_build(root, first, &stats), 0);
    make_set(second, "same library");
    assert_int_equal(manifest_build(root, second, &stats), 0);
    assert_int_equal(stats.shared, 2);
    snprintf(a, sizeof a, "%s/lib/libcudnn.so.8.1.0", first);
    snprintf(b, sizeof b, "%s/lib/libcudnn.so.8.1.0", second);
    assert_int_equal(stat(a, &info_a), 0);
    assert_int_equal(stat(b, &info_b), 0);
    assert_true(info_a.st_ino == info_b.st_ino);
    assert_int_equal(info_a.st_nlink, 2);
}
