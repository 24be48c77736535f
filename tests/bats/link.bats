#!/usr/bin/env bats
# cudnnv link: sets kept elsewhere, registered by reference.

load helpers

@test "link the real CUDA directory as system: nothing is copied, the version is read" {
    require_real_cudnn
    run cudnnv link system "$REAL_CUDA"
    assert_status 0
    assert_output_has "cuDNN $REAL_SET"
    [ -L "$CUDNNV_ROOT/versions/system/lib" ]
    grep -q '^kind = linked$' "$CUDNNV_ROOT/versions/system/cudnnv.ini"
    [ "$(du -s --apparent-size "$CUDNNV_ROOT/versions/system" | cut -f1)" -lt 100 ]
    run cudnnv versions
    assert_output_has "system -> $(readlink -f "$REAL_CUDA") ($REAL_SET)"
}

@test "the system set serves a major no version file names" {
    require_real_cudnn
    cudnnv link system "$REAL_CUDA" 2>/dev/null
    run cudnnv which libcudnn.so.9
    assert_status 0
    [ "$output" = "$(readlink -f "$REAL_CUDA/lib")/libcudnn.so.9" ]
}

@test "a pip folder linked under a name can be pinned" {
    run cudnnv link torch-wheel "$FIXTURES/layouts/site-packages/nvidia/cudnn"
    assert_status 0
    cudnnv use torch-wheel
    run cudnnv version
    assert_output_has "torch-wheel"
    run cudnnv prefix
    [ "$output" = "$FIXTURES/layouts/site-packages/nvidia/cudnn" ]
}

@test "link refuses an existing name without --force, a bad name, a folder without cuDNN" {
    cudnnv link mine "$SETS/8.1.0" 2>/dev/null
    run cudnnv link mine "$SETS/8.0.4"
    assert_status 1
    assert_output_has "--force"
    run cudnnv link --force mine "$SETS/8.0.4"
    assert_status 0
    grep -q '^version = 8.0.4$' "$CUDNNV_ROOT/versions/mine/cudnnv.ini"
    run cudnnv link ../x "$SETS/8.0.4"
    assert_status 2
    run cudnnv link empty "$BATS_TEST_TMPDIR/home"
    assert_status 1
    assert_output_has "no cuDNN libraries"
    run cudnnv link nothere /nonexistent
    assert_status 1
    run cudnnv link onlyname
    assert_status 2
}

@test "link refuses a folder holding several cuDNN sets and lists them" {
    mkdir -p "$BATS_TEST_TMPDIR/many"
    cp -a "$SETS/8.0.4" "$SETS/8.1.0" "$BATS_TEST_TMPDIR/many/"
    run cudnnv link both "$BATS_TEST_TMPDIR/many"
    assert_status 1
    assert_output_has "$BATS_TEST_TMPDIR/many holds 2 cuDNN sets ("
    assert_output_has "$BATS_TEST_TMPDIR/many/8.0.4"
    assert_output_has "$BATS_TEST_TMPDIR/many/8.1.0"
    [ ! -e "$CUDNNV_ROOT/versions/both" ]
    run cudnnv link one "$BATS_TEST_TMPDIR/many/8.1.0"
    assert_status 0
}

@test "a test set linked as system serves a major no version file names (on any machine)" {
    cudnnv link system "$SETS/9.1.0" 2>/dev/null
    run cudnnv which libcudnn.so.9
    assert_status 0
    [ "$output" = "$(readlink -f "$SETS/9.1.0/lib")/libcudnn.so.9" ]
    run cudnnv version --all
    assert_output_has "cuDNN 9: system (linked as system)"
}
