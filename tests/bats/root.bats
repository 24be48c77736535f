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

@test "without HOME the store is in the password database's home, as the shim finds it" {
    unset CUDNNV_ROOT
    home=$(getent passwd "$(id -u)" | cut -d: -f6)
    run env -u HOME "$CUDNNV" root
    [ "$output" = "$home/.cudnnv" ] || [ "$output" = "$(realpath -m "$home/.cudnnv")" ]
    HOME=relative run "$CUDNNV" root
    [ "$output" = "$home/.cudnnv" ] || [ "$output" = "$(realpath -m "$home/.cudnnv")" ]
}

@test "a relative CUDNNV_ROOT is made absolute" {
    CUDNNV_ROOT=relative-store run cudnnv root
    [ "$output" = "$PWD/relative-store" ]
    run cudnnv root extra
    assert_status 2
}

@test "a store reached through a symbolic link works, archives included" {
    mkdir -p "$BATS_TEST_TMPDIR/real"
    ln -s "$BATS_TEST_TMPDIR/real" "$BATS_TEST_TMPDIR/link"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/link/store"
    run cudnnv install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    assert_status 0
    [ -f "$BATS_TEST_TMPDIR/real/store/versions/8.0.4.30/lib/libcudnn.so.8.0.4" ]
    run cudnnv root
    [ "$output" = "$BATS_TEST_TMPDIR/real/store" ]
}
