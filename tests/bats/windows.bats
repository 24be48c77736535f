#!/usr/bin/env bats
# The Windows shim (cudnn64_8.dll, cross-built with mingw-w64) under Wine: a
# host that does LoadLibraryA("cudnn64_8.dll") and GetProcAddress, as
# TensorFlow does on Windows, run from two project folders at once, gets two
# versions from Windows sets installed from NVIDIA-style zips.

load helpers
load wine

setup_file() {
    wine_start
}

teardown_file() {
    wine_end
}

setup_windows() {
    cudnnv rehash 2>/dev/null
    WINDOWS_BIN="$CUDNNV_ROOT/shims/bin"
    export WINEPATH="$WINDOWS_BIN"
    install_fixture cudnn-11.0-windows-x64-v8.0.4.30-test.zip cudnn-11.2-windows-x64-v8.1.0.77-test.zip
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    echo 8.0 > "$BATS_TEST_TMPDIR/A/.cudnn-version"
    echo 8.1 > "$BATS_TEST_TMPDIR/B/.cudnn-version"
}

wine_in() { # wine_in DIR PROGRAM ARGS...: runs a Windows program with DIR as its current directory
    local dir=$1
    shift
    (cd "$dir" && "$WINE" "$@")
}

@test "rehash puts the Windows shims in shims/bin; each exports every cuDNN function of its major" {
    setup_windows
    count=$(x86_64-w64-mingw32-objdump -p "$WINDOWS_BIN/cudnn64_8.dll" | grep -cE '^\s+\[ *[0-9]+\] cudnn')
    [ "$count" -eq "$(grep -c . "$BATS_TEST_DIRNAME/../../versions/symbols/libcudnn.so.8.txt")" ]
    # only Windows sets of cuDNN 8 are installed: no DLL answers for 7 or 9
    [ ! -e "$WINDOWS_BIN/cudnn64_7.dll" ]
    [ ! -e "$WINDOWS_BIN/cudnn64_9.dll" ]
}

@test "LoadLibraryA from two project folders at once: 8.0.4 and 8.1.0, each DLL from its set" {
    setup_windows
    load_in() { wine_in "$1" "$FIXTURES/bin/host_loadlibrary.exe" cudnn64_8.dll cudnn_ops_infer64_8.dll > "$2"; }
    two_projects_at_once load_in
    grep -q 'versions\\8.0.4.30\\bin\\cudnn_ops_infer64_8.dll' "$BATS_TEST_TMPDIR/a.out"
    grep -q 'versions\\8.1.0.77\\bin\\cudnn_ops_infer64_8.dll' "$BATS_TEST_TMPDIR/b.out"
}

@test "a host linked with the import library; a first call with doubles (one on the stack) arrives intact" {
    setup_windows
    run wine_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_double.exe"
    assert_status 0
    [ "$(echo "$output" | tr -d '\r')" = "intact lrn 5 0.0001 0.75 2 activation 3 1 -6.25" ]
}

@test "CUDNNV_VERSION and CUDNNV_DEBUG reach the Windows shim" {
    setup_windows
    CUDNNV_VERSION=8.1 CUDNNV_DEBUG=1 run wine_in "$BATS_TEST_TMPDIR/A" "$FIXTURES/bin/host_loadlibrary.exe"
    assert_status 0
    assert_output_has "cudnnv: cudnn64_8.dll -> set '8.1.0.77' (set by CUDNNV_VERSION)"
}

@test "a pin that is not installed stops the Windows program with status 127 and the message" {
    setup_windows
    echo 8.3 > "$BATS_TEST_TMPDIR/A/.cudnn-version"
    run -127 wine_in "$BATS_TEST_TMPDIR/A" "$FIXTURES/bin/host_loadlibrary.exe"
    assert_output_has "cudnnv: version '8.3' is not installed (set by Z:"
    assert_output_has "(cudnn64_8.dll needed it)"
}

@test "a Linux set is not chosen for a Windows program by prefix" {
    setup_windows
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz
    run wine_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_loadlibrary.exe"
    [ "$(head -1 <<< "$output" | tr -d '\r')" = 8100 ]
}

@test "the Windows shim loads nothing others may write: Everyone's write, another owner, a folder on the way, a reparse point; Windows's own access lists by the rule's unit test" {
    setup_windows
    local rules="$(dirname "$CUDNNV")/../windows/tests/test_set_trust_win32.exe"
    run "$WINE" "$rules"
    # the program prints a line per check; nothing at all is Wine not starting it (seen once under load): once more
    if [ "$status" -ne 0 ] && [ -z "$output" ]; then
        echo "# Wine ran test_set_trust_win32.exe with status $status and printed nothing; running it again" >&3
        run "$WINE" "$rules"
    fi
    assert_status 0
    assert_output_has "all passed"
    local set="$CUDNNV_ROOT/versions/8.1.0.77"
    refused() { # refused WHAT: the host stops with 127 and the trust rule's words
        run -127 wine_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_loadlibrary.exe"
        assert_output_has "cudnnv: refusing set '8.1.0.77': "
        assert_output_has "$1"
        assert_output_has "only you, SYSTEM, Administrators or the store's owner may write what a set loads"
        refute_output_has "8100"
    }
    # Wine shows the Unix mode's "others" bits as Everyone's rights
    chmod o+w "$set/bin"
    refused 'versions\8.1.0.77\bin can be written by Everyone (S-1-1-0)'
    chmod o-w "$set/bin"
    # another Unix owner is another account to Wine
    chown nobody "$set/bin/cudnn_ops_infer64_8.dll"
    refused 'bin\cudnn_ops_infer64_8.dll belongs to'
    chown root "$set/bin/cudnn_ops_infer64_8.dll"
    # a folder on the way that lets others rename what it holds
    chmod o+w "$CUDNNV_ROOT/versions"
    refused 'versions lets Everyone (S-1-1-0) replace what it holds'
    chmod o-w "$CUDNNV_ROOT/versions"
    # a Unix link is a reparse point to Windows: refused, as POSIX refuses links in a set
    mv "$set/bin" "$set/bin.real"
    ln -s bin.real "$set/bin"
    refused 'bin is a link, junction or mount point (a reparse point)'
    rm "$set/bin"
    mv "$set/bin.real" "$set/bin"
    run wine_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_loadlibrary.exe"
    assert_status 0
    [ "$(head -1 <<< "$output" | tr -d '\r')" = 8100 ]
}
