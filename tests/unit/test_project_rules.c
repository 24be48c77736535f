/*
 * Unit tests of rules that moved out of the commands into their parts:
 * which cuDNN files of a toolkit folder adopt takes and which it refuses
 * before anything moves (install/adopt_files.c), and which file a plain
 * 'use VERSION' writes (project/pin_file.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adopt.h"
#include "fsutil.h"
#include "project_pins.h"
#include "set_source.h"

static void write_in(const char *folder, const char *name, const char *text)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

/* A toolkit folder with cuDNN copied into include/ and lib64/ beside CUDA's own files. */
static void make_toolkit(char *top)
{
    char path[PATH_MAX];
    assert_non_null(mkdtemp(top));
    snprintf(path, sizeof path, "%s/include", top);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/lib64", top);
    assert_int_equal(mkdir(path, 0755), 0);
    write_in(top, "include/cudnn.h", "#define CUDNN_MAJOR 8\n");
    write_in(top, "include/cuda_runtime.h", "/* CUDA's */\n");
    write_in(top, "lib64/libcudnn.so.8.1.0", "elf");
    write_in(top, "lib64/libcublas.so.11", "CUDA's");
    snprintf(path, sizeof path, "%s/lib64/libcudnn.so.8", top);
    assert_int_equal(symlink("libcudnn.so.8.1.0", path), 0);
}

static int listed(const struct adoption *files, const char *relative)
{
    for (int i = 0; i < files->count; i++)
        if (strcmp(files->paths[i], relative) == 0)
            return 1;
    return 0;
}

static void adopt_lists_cudnns_files_and_nothing_of_cudas(void **state)
{
    char top[] = "/tmp/cudnnv-adopt-XXXXXX";
    struct set_layout layout;
    static struct adoption files;
    (void)state;
    make_toolkit(top);
    assert_true(set_layout_at(top, &layout));
    adopt_list_files(&layout, top, &files);
    assert_int_equal(files.count, 3);
    assert_true(listed(&files, "include/cudnn.h"));
    assert_true(listed(&files, "lib64/libcudnn.so.8.1.0"));
    assert_true(listed(&files, "lib64/libcudnn.so.8"));
    assert_false(listed(&files, "lib64/libcublas.so.11"));
    assert_int_equal(adopt_require_movable(top, &files), 0);
    remove_tree(top);
}

static void adopt_refuses_a_fifo_and_a_link_leaving_the_toolkit(void **state)
{
    char top[] = "/tmp/cudnnv-adopt-XXXXXX", path[PATH_MAX];
    struct set_layout layout;
    static struct adoption files;
    (void)state;
    make_toolkit(top);
    snprintf(path, sizeof path, "%s/lib64/libcudnn_fifo", top);
    assert_int_equal(mkfifo(path, 0644), 0);
    assert_true(set_layout_at(top, &layout));
    adopt_list_files(&layout, top, &files);
    assert_int_equal(adopt_require_movable(top, &files), 1);
    unlink(path);
    snprintf(path, sizeof path, "%s/lib64/libcudnn_ops.so.8", top);
    assert_int_equal(symlink("/etc/hostname", path), 0);
    adopt_list_files(&layout, top, &files);
    assert_int_equal(adopt_require_movable(top, &files), 1);
    unlink(path);
    adopt_list_files(&layout, top, &files);
    assert_int_equal(adopt_require_movable(top, &files), 0);
    remove_tree(top);
}

static void use_writes_the_tool_versions_that_already_pins_cudnn(void **state)
{
    char folder[] = "/tmp/cudnnv-pin-XXXXXX", here[PATH_MAX], path[PATH_MAX], expected[PATH_MAX + 32];
    (void)state;
    assert_non_null(mkdtemp(folder));
    assert_non_null(getcwd(here, sizeof here));
    assert_int_equal(chdir(folder), 0);
    assert_non_null(realpath(".", expected));
    strcat(expected, "/.cudnn-version");
    assert_int_equal(pin_file_here(path, sizeof path), 0);   /* nothing here: a new .cudnn-version */
    assert_string_equal(path, expected);
    write_in(".", ".tool-versions", "python 3.11\ncudnn 8.1\n");
    assert_int_equal(pin_file_here(path, sizeof path), 0);   /* the team's file, updated rather than overruled */
    assert_non_null(strstr(path, "/.tool-versions"));
    write_in(".", ".cudnn-version", "9\n");
    assert_int_equal(pin_file_here(path, sizeof path), 0);   /* this folder's own pin file wins */
    assert_string_equal(path, expected);
    assert_int_equal(chdir(here), 0);
    remove_tree(folder);
}
