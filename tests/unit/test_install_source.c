/*
 * Unit tests of install's table of sources: which source takes a query (a
 * file or folder given, --channel, --index-url, a release the catalog lacks
 * while an index is configured, else the catalog), the catalog read once
 * per run, and the local source's checks before anything is extracted
 * (--sha256, the catalog's sum for a file name it knows).
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
#include "install_source.h"

/* the table's rows, each defined in its own file (install_source.c declares them for the table) */
extern const struct install_source source_lock, source_local, source_channel, source_index, source_catalog;

/* SHA-256 of the four bytes "abc\n", as sha256sum prints it */
#define SUM_ABC "edeaaff3f1774ad2888673770c6d64097e391bc362d7d6fb34982ddf0efd18cb"
#define SUM_OTHER "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define KNOWN_NAME "cudnn-linux-x86_64-99.1.0.1_cuda12-archive.tar.xz"

static char root[256], known[320], stranger[320];

/* A store whose catalog knows release 99.1.0.1 and one archive of it, and two files of "abc\n". */
static int group_setup(void **state)
{
    char path[320], release[1024];
    (void)state;
    snprintf(root, sizeof root, "/tmp/cudnnv-source-test-%d", (int)getpid());
    snprintf(path, sizeof path, "%s/catalog/catalog", root);
    assert_int_equal(make_dirs(path, 0755), 0);
    snprintf(release, sizeof release,
             "[release]\nversion = 99.1.0.1\n\n[build cuda12]\ncuda = 12\nlinux_archive = %s\n"
             "linux_url = https://developer.download.nvidia.com/compute/cudnn/redist/%s\nlinux_sha256 = %s\n",
             KNOWN_NAME, KNOWN_NAME, SUM_OTHER);
    snprintf(path, sizeof path, "%s/catalog/catalog/99.1.0.1.ini", root);
    assert_int_equal(write_file_atomic(path, release), 0);
    snprintf(known, sizeof known, "%s/%s", root, KNOWN_NAME);
    assert_int_equal(write_file_atomic(known, "abc\n"), 0);
    snprintf(stranger, sizeof stranger, "%s/my-own-build.tar.xz", root);
    assert_int_equal(write_file_atomic(stranger, "abc\n"), 0);
    setenv("CUDNNV_ROOT", root, 1);
    unsetenv("PIP_INDEX_URL");
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    return remove_tree(root);
}

static struct source_query query_for(const struct install_request *request, const char *requested,
                                     struct catalog_once *catalog)
{
    struct source_query query = {.request = request, .requested = requested, .platform = CATALOG_LINUX,
                                 .catalog = catalog};
    return query;
}

static void a_path_given_is_the_local_source(void **state)
{
    struct install_request request = {0};
    struct catalog_once catalog = {0};
    (void)state;
    struct source_query query = query_for(&request, stranger, &catalog);
    assert_true(source_local.takes(&query));
    query.requested = root;                       /* a folder */
    assert_true(source_local.takes(&query));
    query.requested = "./no-such-archive.tgz";    /* no file, but no release name either: told as a path */
    assert_true(source_local.takes(&query));
    query.requested = "99.1";
    assert_false(source_local.takes(&query));
    assert_false(source_lock.takes(&query));
    assert_true(source_catalog.takes(&query));
}

static void options_choose_the_channel_then_the_index(void **state)
{
    struct install_request request = {0};
    struct catalog_once catalog = {0};
    (void)state;
    struct source_query query = query_for(&request, "99.1", &catalog);
    assert_false(source_channel.takes(&query));
    assert_false(source_index.takes(&query));     /* the catalog knows 99.1, and no index is configured */
    request.origin.index = "http://127.0.0.1:9/simple";
    assert_true(source_index.takes(&query));
    request.origin.channel = "http://127.0.0.1:9/channel";
    assert_true(source_channel.takes(&query));
    catalog_once_free(&catalog);
}

static void a_configured_index_answers_what_the_catalog_lacks(void **state)
{
    struct install_request request = {0};
    struct catalog_once catalog = {0};
    (void)state;
    setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple", 1);
    struct source_query query = query_for(&request, "98.1", &catalog);
    assert_true(source_index.takes(&query));
    query.requested = "99.1";
    assert_false(source_index.takes(&query));
    unsetenv("PIP_INDEX_URL");
    query.requested = "98.1";
    assert_false(source_index.takes(&query));
    catalog_once_free(&catalog);
}

static void the_catalog_is_read_once(void **state)
{
    char path[320], moved[320];
    struct catalog_once catalog = {0};
    (void)state;
    assert_null(catalog_once_get(NULL));
    const struct catalog *first = catalog_once_get(&catalog);
    assert_non_null(first);
    assert_non_null(catalog_find(first, "99.1"));
    /* gone from the disk: the run goes on with what it read */
    snprintf(path, sizeof path, "%s/catalog/catalog/99.1.0.1.ini", root);
    snprintf(moved, sizeof moved, "%s/99.1.0.1.ini.away", root);
    assert_int_equal(rename(path, moved), 0);
    assert_ptr_equal(catalog_once_get(&catalog), first);
    assert_non_null(catalog_find(catalog_once_get(&catalog), "99.1"));
    catalog_once_free(&catalog);
    assert_null(catalog_find(catalog_once_get(&catalog), "99.1"));   /* read anew after free */
    catalog_once_free(&catalog);
    assert_int_equal(rename(moved, path), 0);
}

static void a_local_archive_is_checked_before_anything_else(void **state)
{
    struct install_request request = {0};
    struct catalog_once catalog = {0};
    struct resolved_archive found;
    (void)state;
    /* a file the catalog does not know: nothing to check it against, nothing recorded */
    struct source_query query = query_for(&request, stranger, &catalog);
    assert_int_equal(install_source_resolve(&query, &found), 0);
    assert_string_equal(found.path, stranger);
    assert_string_equal(found.sha256, "");
    assert_string_equal(found.version, "");
    /* --sha256: checked and kept */
    request.sha256 = SUM_ABC;
    assert_int_equal(install_source_resolve(&query, &found), 0);
    assert_string_equal(found.sha256, SUM_ABC);
    request.sha256 = SUM_OTHER;
    assert_int_equal(install_source_resolve(&query, &found), 1);
    /* the catalog's sum for a name it knows differs: refused, unless --no-catalog-check */
    request.sha256 = NULL;
    query.requested = known;
    assert_int_equal(install_source_resolve(&query, &found), 1);
    request.no_catalog_check = 1;
    assert_int_equal(install_source_resolve(&query, &found), 0);
    /* a path that is not there, and --sha256 for a release */
    query.requested = "./no-such-archive.tgz";
    assert_int_not_equal(install_source_resolve(&query, &found), 0);
    query.requested = "99.1";
    request.sha256 = SUM_ABC;
    assert_int_not_equal(install_source_resolve(&query, &found), 0);
    catalog_once_free(&catalog);
}
