#!/usr/bin/env bats
# cudnnv exec: a program started with the selected set.

load helpers

host() {
    "$FIXTURES/bin/host_dlopen" "$@"
}

@test "a program that dlopens libcudnn.so.8 by soname gets the pinned set" {
    install_usual_fixtures
    mkdir -p a b
    (cd a && cudnnv use 8.0.4)
    (cd b && cudnnv use 8.1.0)
    run bash -c "cd a && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    assert_output_has "map $CUDNNV_ROOT/versions/8.0.4.30/lib/libcudnn.so.8.0.4"
    run bash -c "cd b && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'"
    [ "${lines[0]}" = 8100 ]
}

@test "exec --version overrides the pin for one command" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv exec --version 8.0 -- "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8004 ]
    run cudnnv exec --version 9 -- "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    [ "${lines[0]}" = 90100 ]
}

@test "exec puts the shim directory first on LD_LIBRARY_PATH and the selected shims in LD_PRELOAD" {
    install_usual_fixtures
    cudnnv use 8.1 9
    mine=$(dirname "$(readlink -f /lib/x86_64-linux-gnu/libm.so.6)")
    LD_LIBRARY_PATH=/opt/mine LD_PRELOAD="$mine/libm.so.6" run cudnnv exec sh -c 'echo "$LD_LIBRARY_PATH"; echo "$LD_PRELOAD"'
    [ "${lines[0]}" = "$CUDNNV_ROOT/shims/lib:/opt/mine" ]
    [ "${lines[1]}" = "$CUDNNV_ROOT/shims/lib/libcudnn.so.8:$CUDNNV_ROOT/shims/lib/libcudnn.so.9:$mine/libm.so.6" ]
    # a shim only for the majors that have a set: no 7.x is installed
    [ -f "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.7" ]
}

@test "exec stops on a broken selection and on a command that cannot start" {
    install_usual_fixtures
    echo 8.3 > .cudnn-version
    run cudnnv exec true
    assert_status 1
    assert_output_has "version '8.3' is not installed"
    cudnnv use 8.1
    run -127 cudnnv exec /nonexistent/program
    assert_output_has "cannot run"
    run cudnnv exec
    assert_status 2
}

@test "arguments after the command are the command's, --help included" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv exec sh -c 'echo "$1"' sh --help
    [ "$output" = "--help" ]
    run cudnnv exec --help
    assert_output_has "Usage: cudnnv exec"
}

@test "a store whose path has a space: shims preloaded by name, with a warning about RPATH" {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/my store"
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv use 8.0
    run cudnnv exec sh -c 'echo "$LD_PRELOAD"'
    [ "${lines[1]}" = libcudnn.so.8 ]
    assert_output_has "LD_PRELOAD cannot hold '$CUDNNV_ROOT/shims/lib'"
    assert_output_has "set CUDNNV_ROOT to a path without them"
    run cudnnv exec "$FIXTURES/bin/host_dlopen"
    assert_status 0
    assert_output_has "map $CUDNNV_ROOT/versions/8.0.4.30/lib/libcudnn.so.8.0.4"
    echo "$output" | grep -qx 8004
}
