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
    [ "${output%% *}" = 8004 ]
    assert_output_has "$CUDNNV_ROOT/versions/8.0.4.30/lib/libcudnn.so.8"
    run bash -c "cd b && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'"
    [ "${output%% *}" = 8100 ]
}

@test "exec --version overrides the pin for one command" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv exec --version 8.0 -- "$FIXTURES/bin/host_dlopen"
    [ "${output%% *}" = 8004 ]
    run cudnnv exec --version 9 -- "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    [ "${output%% *}" = 90100 ]
}

@test "exec serves the real cuDNN 9.19 through the library path" {
    cudnnv install "$REAL_CUDA" 2>/dev/null
    cudnnv use 9.19
    run cudnnv exec "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    assert_status 0
    [ "${output%% *}" = 91900 ]
    assert_output_has "$CUDNNV_ROOT/versions/9.19.0/lib/libcudnn.so.9"
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
