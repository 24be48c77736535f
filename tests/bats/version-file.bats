#!/usr/bin/env bats
# cudnnv version-file: which file decides.

load helpers

@test "version-file prints the nearest .cudnn-version, else the global file" {
    run cudnnv version-file
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT/version" ]
    echo 8.1 > .cudnn-version
    mkdir -p sub/deeper
    run cudnnv version-file sub/deeper
    [ "$output" = "$PWD/.cudnn-version" ]
    cd sub
    run cudnnv version-file
    [ "$output" = "$BATS_TEST_TMPDIR/project/.cudnn-version" ]
}

@test "version-file on a missing directory is an error" {
    run cudnnv version-file /nonexistent
    assert_status 1
    run cudnnv version-file a b
    assert_status 2
}
