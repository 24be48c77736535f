/*
 * Unit tests of file:// addresses: which addresses name a path and which
 * path, and a folder's listing (only plain names, sorted, folders with a
 * '/', within the limit).
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

#include "file_url.h"
#include "fsutil.h"

/* An address and the path it names, or NULL when it names none. */
struct address_case {
    const char *url, *path;
};

static void addresses_name_their_paths(void **state)
{
    static const struct address_case cases[] = {
        {"file:///srv/redist/", "/srv/redist/"},
        {"file://localhost/srv/redist", "/srv/redist"},
        {"file:///copy%20of%20redist/index.html", "/copy of redist/index.html"},
        {"file:///x?query#fragment", "/x"},
        {"file:///a%2Fb", "/a/b"},
        {"file://server/share/x", NULL},
        {"file:relative", NULL},
        {"https://example.com/x", NULL},
        {"file:///a%00b", NULL},
        {"file:///a%zzb", NULL},
        {"file:///a%2", NULL},
    };
    char path[64];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int status = file_url_path(cases[i].url, path, sizeof path);
        if (cases[i].path == NULL) {
            assert_int_equal(status, -1);
        } else {
            assert_int_equal(status, 0);
            assert_string_equal(path, cases[i].path);
        }
    }
}

/* A path's address reads back as the same path; a relative path or no room has none. */
static void paths_become_addresses_that_name_them(void **state)
{
    static const char *const paths[] = {"/srv/cudnn-8.1.tgz", "/copy of x/a%b#c?d", "/caf\xc3\xa9/\x01"};
    char url[128], path[64];
    (void)state;
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        assert_int_equal(file_url_of_path(paths[i], url, sizeof url), 0);
        assert_null(strpbrk(url, " #?\x01"));
        assert_int_equal(file_url_path(url, path, sizeof path), 0);
        assert_string_equal(path, paths[i]);
    }
    assert_int_equal(file_url_of_path("/copy of x", url, sizeof url), 0);
    assert_string_equal(url, "file:///copy%20of%20x");
    assert_int_equal(file_url_of_path("relative/x", url, sizeof url), -1);
    assert_int_equal(file_url_of_path("/a b", url, 12), -1);
}

static void a_path_longer_than_the_room_is_refused(void **state)
{
    char path[8];
    (void)state;
    assert_int_equal(file_url_path("file:///123456", path, sizeof path), 0);
    assert_int_equal(file_url_path("file:///1234567", path, sizeof path), -1);
}

static void touch_in(const char *folder, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fclose(file);
}

static void a_folder_lists_its_plain_names_sorted(void **state)
{
    char folder[] = "/tmp/cudnnv-file-url-XXXXXX", sub[600];
    char *page = NULL, why[256] = "";
    (void)state;
    assert_non_null(mkdtemp(folder));
    touch_in(folder, "redistrib_9.1.0.json");
    touch_in(folder, "nvidia_cudnn_cu12-9.1.0.70+x-py3-none-manylinux2014_x86_64.whl");
    touch_in(folder, "evil\"><a href=\"redistrib_9.9.9.json");
    touch_in(folder, "bell\a.json");
    touch_in(folder, "with space.json");
    snprintf(sub, sizeof sub, "%s/cudnn", folder);
    assert_int_equal(mkdir(sub, 0755), 0);
    assert_int_equal(file_url_listing(folder, 4096, &page, why, sizeof why), 0);
    assert_string_equal(page, "<a href=\"cudnn/\">cudnn/</a>\n"
                              "<a href=\"nvidia_cudnn_cu12-9.1.0.70+x-py3-none-manylinux2014_x86_64.whl\">"
                              "nvidia_cudnn_cu12-9.1.0.70+x-py3-none-manylinux2014_x86_64.whl</a>\n"
                              "<a href=\"redistrib_9.1.0.json\">redistrib_9.1.0.json</a>\n");
    free(page);
    /* a page past the limit is refused whole */
    assert_int_equal(file_url_listing(folder, 64, &page, why, sizeof why), -1);
    assert_null(page);
    assert_non_null(strstr(why, "larger than"));
    assert_int_equal(remove_tree(folder), 0);
    assert_int_equal(file_url_listing(folder, 4096, &page, why, sizeof why), -1);
    assert_non_null(strstr(why, "cannot read the folder"));
}
