/*
 * Unit tests of mirror_relative_path: an archive lies in a mirror where
 * NVIDIA's server keeps it (what follows "/compute/"), and an address that
 * would lead anywhere else, or that names another file, puts it at the top
 * under its own name.
 */
#include "mirror_path.h"

#include "catalog.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

static void expect(const char *name, const char *url, const char *expected)
{
    struct catalog_archive archive;
    char out[512];
    memset(&archive, 0, sizeof archive);
    snprintf(archive.name, sizeof archive.name, "%s", name);
    snprintf(archive.url, sizeof archive.url, "%s", url);
    assert_int_equal(mirror_relative_path(&archive, out, sizeof out), 0);
    assert_string_equal(out, expected);
}

static void nvidia_addresses_keep_their_layout_others_lie_at_the_top(void **state)
{
    (void)state;
    expect("cudnn-linux-x86_64-9.1.0.70_cuda12-archive.tar.xz",
           "https://developer.download.nvidia.com/compute/cudnn/redist/cudnn/linux-x86_64/"
           "cudnn-linux-x86_64-9.1.0.70_cuda12-archive.tar.xz",
           "cudnn/redist/cudnn/linux-x86_64/cudnn-linux-x86_64-9.1.0.70_cuda12-archive.tar.xz");
    expect("libcusolver-11-0_10.6.0.245-1_amd64.deb",
           "https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64/libcusolver-11-0_10.6.0.245-1_amd64.deb",
           "cuda/repos/ubuntu2004/x86_64/libcusolver-11-0_10.6.0.245-1_amd64.deb");
    expect("a.tgz", "file:///srv/up/compute/redist/cudnn/v8.1.0/a.tgz", "redist/cudnn/v8.1.0/a.tgz");
    /* not NVIDIA's server: at the top */
    expect("nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl",
           "https://pypi.nvidia.com/nvidia-cudnn-cu12/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl",
           "nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl");
    expect("a.tgz", "", "a.tgz");
}

static void hostile_paths_never_leave_the_mirror(void **state)
{
    (void)state;
    expect("a.tgz", "https://h/compute/../../etc/a.tgz", "a.tgz");
    expect("a.tgz", "https://h/compute/cudnn/../../a.tgz", "a.tgz");
    expect("a.tgz", "https://h/compute/cudnn/./a.tgz", "a.tgz");
    expect("a.tgz", "https://h/compute//a.tgz", "a.tgz");
    expect("a.tgz", "https://h/compute/%2e%2e/a.tgz", "a.tgz");
    expect("a.tgz", "https://h/compute/cudnn/b.tgz", "a.tgz");          /* another file's name */
    expect("a.tgz", "https://h/compute/cudnn/xa.tgz", "a.tgz");         /* ends in the name, not after a '/' */
    expect("a.tgz", "https://h/compute/a.tgz?x=/../b", "a.tgz");
    expect("a.tgz", "https://h/compute/cu\033]0;x\adnn/a.tgz", "a.tgz");
}

static void a_path_too_long_is_refused(void **state)
{
    (void)state;
    struct catalog_archive archive;
    char out[8];
    memset(&archive, 0, sizeof archive);
    snprintf(archive.name, sizeof archive.name, "a.tgz");
    snprintf(archive.url, sizeof archive.url, "https://h/compute/cudnn/redist/a.tgz");
    assert_int_equal(mirror_relative_path(&archive, out, sizeof out), -1);
}
