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

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "archive_member.h"
#include "install_archive.h"
#include "beneath.h"
#include "fsutil.h"
#include "version_detect.h"

static void clean(const char *name, const char *expected)
{
    char out[256];
    const char *problem = archive_member_clean(name, out, sizeof out);
    if (expected == NULL) {
        assert_non_null(problem);
        return;
    }
    assert_null(problem);
    assert_string_equal(out, expected);
}

static void member_names_are_cleaned_or_refused(void **state)
{
    (void)state;
    clean("cuda/lib64/libcudnn.so.8.1.0", "cuda/lib64/libcudnn.so.8.1.0");
    clean("cudnn-linux-x86_64-8.9.7.29_cuda12-archive/", "cudnn-linux-x86_64-8.9.7.29_cuda12-archive");
    clean("././cuda//./lib64/.", "cuda/lib64");
    clean("a..b/c", "a..b/c");
    clean("/etc/passwd", NULL);
    clean("cuda/../../x", NULL);
    clean("..", NULL);
    clean("./", NULL);
    clean("cuda\\..\\x", NULL);
    clean("\\\\server\\share", NULL);
    clean("cuda/lib\033]0;pwned\a", NULL);
    clean("cuda/\x7flib", NULL);
    /* what Windows reads otherwise is refused on every system */
    clean("C:/Windows/x", NULL);
    clean("C:x", NULL);
    clean("cuda/bin/cudnn64_8.dll:hidden", NULL);
    clean("cuda/CON/x", NULL);
    clean("cuda/bin/nul.dll", NULL);
    clean("cuda/bin/Com1.txt", NULL);
    clean("cuda/LPT9", NULL);
    clean("cuda/conin$.dll", NULL);
    clean("cuda./x", NULL);
    clean("cuda /x", NULL);
    clean("cuda/...", NULL);
    clean("cuda/console/com/COM10/lpt/conda", "cuda/console/com/COM10/lpt/conda");
    clean("cuda/.hidden/a.b", "cuda/.hidden/a.b");
}

static void link_targets_are_checked_before_writing(void **state)
{
    static const char *const refused[] = {"/etc/passwd", "", "..\\..\\etc", "x\n"};
    (void)state;
    assert_null(archive_link_target_problem("libcudnn.so.8"));
    assert_null(archive_link_target_problem("../lib64/libcudnn.so.8"));
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        assert_non_null(archive_link_target_problem(refused[i]));
}

static void only_what_a_set_needs_is_written(void **state)
{
    static const char *const needed[] = {
        "cuda/lib64/libcudnn.so.8.1.0", "cuda/include/cudnn_version.h", "cuda/bin/cudnn64_8.dll", "cuda/lib/x64/cudnn.lib",
        "cudnn-linux-x86_64-9.1.0.70_cuda12-archive/LICENSE", "nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA",
    };
    static const char *const skipped[] = {"cuda/doc/big.bin", "cuda/include/other.h", "METADATA"};
    (void)state;
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        assert_true(archive_member_is_needed(needed[i]));
    for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++)
        assert_false(archive_member_is_needed(skipped[i]));
}

/* A tree with links that stay inside, lead out directly, through a chain, or loop. */
static void walk_below_a_top_never_leaves_it(void **state)
{
    char top[] = "/tmp/cudnnv-beneath-XXXXXX", path[512];
    (void)state;
    assert_non_null(mkdtemp(top));
    snprintf(path, sizeof path, "%s/tree/lib", top);
    assert_int_equal(make_dirs(path, 0755), 0);
    snprintf(path, sizeof path, "%s/tree/lib/libcudnn.so.8.1.0", top);
    fclose(fopen(path, "w"));
    static const char *links[][2] = {
        {"tree/lib/libcudnn.so.8", "libcudnn.so.8.1.0"}, {"tree/lib64", "lib"},
        {"tree/up", "lib/../lib64"}, {"tree/out", "../.."}, {"tree/abs", "/etc"},
        {"tree/chain", "lib/../up/../out"}, {"tree/loop", "loop"},
    };
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", top, links[i][0]);
        assert_int_equal(symlink(links[i][1], path), 0);
    }
    snprintf(path, sizeof path, "%s/tree", top);
    int tree = open(path, O_RDONLY | O_DIRECTORY);
    assert_true(tree >= 0);
    static const char *inside[] = {"lib/libcudnn.so.8", "lib64/libcudnn.so.8", "up/libcudnn.so.8.1.0", "."};
    for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
        int fd = beneath_open(tree, inside[i], O_RDONLY);
        assert_true(fd >= 0);
        close(fd);
    }
    static const char *outside[] = {"out", "out/tmp", "abs/passwd", "chain", "chain/x", "..", "lib/../../tree"};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        assert_int_equal(beneath_open(tree, outside[i], O_RDONLY), -1);
        assert_int_equal(errno, EXDEV);
    }
    assert_int_equal(beneath_open(tree, "loop", O_RDONLY), -1);
    assert_int_equal(errno, ELOOP);
    char leaf[64];
    int parent = beneath_open_parent(tree, "new/dirs/file", 1, leaf, sizeof leaf);
    assert_true(parent >= 0);
    assert_string_equal(leaf, "file");
    close(parent);
    assert_int_equal(beneath_open_parent(tree, "out/made/file", 1, leaf, sizeof leaf), -1);
    assert_int_equal(errno, EXDEV);
    snprintf(path, sizeof path, "%s/made", top);
    assert_int_equal(access(path, F_OK), -1);
    close(tree);
    remove_tree(top);
}

/* NVIDIA's archive names, old (cudnn-CUDA-OS-x64-vVERSION) and new (cudnn-PLATFORM-VERSION_cudaN-archive);
 * conda packages (conda-forge's cudnn-VERSION-BUILD, NVIDIA's channel's libcudnn-VERSION-BUILD) name no CUDA. */
static void archive_names_give_version_and_cuda(void **state)
{
    static const struct {
        const char *name, *version, *cuda;
    } names[] = {
        {"cudnn-11.2-windows-x64-v8.1.0.77.zip", "8.1.0.77", "11.2"},
        {"cudnn-10.2-windows10-x64-v7.6.5.32.zip", "7.6.5.32", "10.2"},
        {"cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz", "8.9.7.29", "12"},
        {"cudnn-windows-x86_64-8.6.0.163_cuda11.8-archive.zip", "8.6.0.163", "11.8"},
        {"cudnn-9.1.0.70-h1_0.conda", "9.1.0.70", ""},
        {"libcudnn-9.1.0.70-h1_0.conda", "9.1.0.70", ""},
        {"libcudnn-9.1.0.70-h1_0.tar.bz2", "9.1.0.70", ""},
    };
    struct release_name release;
    (void)state;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        assert_true(release_name_parse(names[i].name, &release));
        assert_string_equal(release.version, names[i].version);
        assert_string_equal(release.cuda, names[i].cuda);
    }
    assert_false(release_name_parse("libcudnn9.tar.xz", &release));
    assert_false(release_name_parse("libcudnn-9.1.0.70.tar.xz", &release));
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

static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

/* Version numbers from outside are bounded: never a wrapped, negative component. */
static void version_numbers_are_bounded(void **state)
{
    char dir[] = "/tmp/cudnnv-bounds-XXXXXX", path[256];
    struct set_version version;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/cudnn_version.h", dir);
    write_text(path, "#define CUDNN_MAJOR 2147483648\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 0\n");
    assert_false(version_from_headers(dir, &version));
    write_text(path, "#define CUDNN_MAJOR 99999\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 1\n");
    assert_true(version_from_headers(dir, &version));
    assert_int_equal(version.major, 99999);
    write_text(path, "#define CUDNN_MAJOR 8x\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 1\n");
    assert_false(version_from_headers(dir, &version));
    snprintf(path, sizeof path, "%s/libcudnn.so.4294967304.1.0", dir);
    write_text(path, "");
    assert_false(version_from_library_names(dir, &version));
    snprintf(path, sizeof path, "%s/libcudnn.so.8.1.0", dir);
    write_text(path, "");
    assert_true(version_from_library_names(dir, &version));
    assert_int_equal(version.major, 8);
    remove_tree(dir);
}

static void real_cudnn_headers_read_9_19_0(void **state)
{
    struct set_version version;
    (void)state;
    if (access("/usr/local/cuda/include/cudnn_version.h", R_OK) != 0) {
        printf("skipped: no real cuDNN headers in /usr/local/cuda/include (this machine has no CUDA)\n");
        skip();
    }
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
