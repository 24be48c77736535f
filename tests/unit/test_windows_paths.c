/*
 * Unit tests of how a path reads on Windows (cudnnv_windows_paths, used by
 * cudnnv.exe's messages and output and by the Windows shim's messages):
 * a drive-letter path with backslashes, through spaces, up to a quote or a
 * bracket; an address, a quoted name and a Linux path left as they are.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "cudnnv_select.h"

static void drive_paths_read_as_windows_writes_them(void **state)
{
    static const char *const cases[][2] = {
        {"shims in C:/Users/me/.cudnnv/shims/bin: 0 updated", "shims in C:\\Users\\me\\.cudnnv\\shims\\bin: 0 updated"},
        {"C:/Program Files/NVIDIA/CUDA/v11.2/bin on PATH holds it (see 'cudnnv doctor')",
         "C:\\Program Files\\NVIDIA\\CUDA\\v11.2\\bin on PATH holds it (see 'cudnnv doctor')"},
        {"set by Z:\\tmp\\A/.cudnn-version", "set by Z:\\tmp\\A\\.cudnn-version"},
        {"from d:/a, then e:/b; done", "from d:\\a, then e:\\b; done"},
        {"(C:/x/y)", "(C:\\x\\y)"},
    };
    char text[256];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, "%s", cases[i][0]);
        cudnnv_windows_paths(text);
        assert_string_equal(text, cases[i][1]);
    }
}

static void addresses_quoted_names_and_linux_paths_stay(void **state)
{
    static const char *const cases[] = {
        "copying file:///C:/redist/libcublas.zip",
        "member 'C:/outside/cudnn64_8.dll' has a ':'",
        "/tmp/store/versions/8.1.0/lib/libcudnn.so.8",
        "abc:/x and 9:/y and _c:/z",
        "https://developer.download.nvidia.com/compute/cudnn/",
        "",
    };
    char text[256];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, "%s", cases[i]);
        cudnnv_windows_paths(text);
        assert_string_equal(text, cases[i]);
    }
}
