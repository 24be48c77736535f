#!/usr/bin/env bats
# cudnnv prefix: a set's directory.

load helpers

@test "prefix prints the selected set's directory, or a named one" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv prefix
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT/versions/8.1.1.33" ]
    [ -f "$output/include/cudnn_version.h" ]
    run cudnnv prefix 8.0
    [ "$output" = "$CUDNNV_ROOT/versions/8.0.4.30" ]
}

@test "prefix of a linked set is the linked directory" {
    require_real_cudnn
    cudnnv link system "$REAL_CUDA" 2>/dev/null
    run cudnnv prefix system
    [ "$output" = "$(readlink -f "$REAL_CUDA")" ]
}

@test "prefix of a version not installed is an error" {
    run cudnnv prefix 8.9
    assert_status 1
    assert_output_has "'8.9' is not installed"
}

@test "prefix of a linked test set is the linked directory (on any machine)" {
    cudnnv link mine "$SETS/8.1.0" 2>/dev/null
    run cudnnv prefix mine
    [ "$output" = "$(readlink -f "$SETS/8.1.0")" ]
}
