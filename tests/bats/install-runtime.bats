#!/usr/bin/env bats
# install --runtime (and [install] runtime = true): a set with only what
# programs load, its shared libraries and licence; no headers, no static
# or import libraries. The set says so, and verify and doctor know.

load helpers

# A folder holding 8.1.0 as NVIDIA's archives hold it: headers, shared and static libraries, the licence.
with_static_library() {
    cp -a "$SETS/8.1.0" "$BATS_TEST_TMPDIR/cuda"
    head -c 1048576 /dev/urandom > "$BATS_TEST_TMPDIR/cuda/lib/libcudnn_static_v8.a"
    echo licence > "$BATS_TEST_TMPDIR/cuda/LICENSE"
}

@test "install --runtime keeps the shared libraries and the licence, leaves out headers and static libraries, and says so" {
    with_static_library
    run cudnnv install --runtime --json --name rt "$BATS_TEST_TMPDIR/cuda"
    assert_status 0
    assert_output_has '"runtime": true'
    assert_output_has "runtime only: its headers and static libraries were left out"
    set_dir="$CUDNNV_ROOT/versions/rt"
    [ ! -e "$set_dir/include" ]
    [ -z "$(find "$set_dir" -name '*.a')" ]
    [ -f "$set_dir/lib/libcudnn.so.8.1.0" ]
    [ -f "$set_dir/LICENSE" ]
    grep -qx "content = runtime" "$set_dir/cudnnv.ini"
    # the same source in full, for the figures: what --runtime saved
    cudnnv install --name full "$BATS_TEST_TMPDIR/cuda" 2>/dev/null
    [ -f "$CUDNNV_ROOT/versions/full/lib/libcudnn_static_v8.a" ]
    [ -f "$CUDNNV_ROOT/versions/full/include/cudnn_version.h" ]
    full=$(du -sb "$CUDNNV_ROOT/versions/full" | cut -f1)
    runtime=$(du -sb "$set_dir" | cut -f1)
    echo "# stored: $full bytes in full, $runtime with --runtime" >&3
    [ "$((full - runtime))" -ge 1048576 ]
    # verify and doctor know; a program still gets it through the shim
    run cudnnv verify rt
    assert_status 0
    assert_output_has "rt: ok (runtime only: "
    cudnnv use rt 2>/dev/null
    run cudnnv doctor
    assert_output_has "OK    set: rt is complete and unchanged"
    assert_output_has "runtime only: programs load it, but it has no headers or static libraries to build against"
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
    [ "$(host | head -1)" = 8100 ]
}

@test "[install] runtime = true in config does the same; a value that is not true or false is said and ignored" {
    with_static_library
    mkdir -p "$CUDNNV_ROOT"
    printf '[install]\nruntime = true\n' > "$CUDNNV_ROOT/config"
    cudnnv install --name rt "$BATS_TEST_TMPDIR/cuda" 2>/dev/null
    [ ! -e "$CUDNNV_ROOT/versions/rt/include" ]
    printf '[install]\nruntime = yes\n' > "$CUDNNV_ROOT/config"
    run cudnnv install --name full "$BATS_TEST_TMPDIR/cuda"
    assert_status 0
    assert_output_has "config: runtime = yes is neither true nor false; using false"
    [ -d "$CUDNNV_ROOT/versions/full/include" ]
}

@test "install --runtime from an NVIDIA archive: the archive's headers never reach the set" {
    run cudnnv install --runtime "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77/include" ]
    run cudnnv verify 8.1.0.77
    assert_output_has "ok (runtime only: "
}
