#!/usr/bin/env bats
# cudnnv root: where the store is.

load helpers

@test "root is CUDNNV_ROOT when set" {
    run cudnnv root
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT" ]
}

@test "root defaults to ~/.cudnnv" {
    unset CUDNNV_ROOT
    run cudnnv root
    [ "$output" = "$HOME/.cudnnv" ]
}

@test "a relative CUDNNV_ROOT is made absolute" {
    CUDNNV_ROOT=relative-store run cudnnv root
    [ "$output" = "$PWD/relative-store" ]
    run cudnnv root extra
    assert_status 2
}
