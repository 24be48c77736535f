#!/usr/bin/env bats
# cudnnv global: the version outside projects.

load helpers

@test "global sets, shows and unsets \$CUDNNV_ROOT/version" {
    install_usual_fixtures
    run cudnnv global
    assert_status 1
    assert_output_has "cudnnv global VERSION"
    cudnnv global 8.0
    [ "$(cat "$CUDNNV_ROOT/version")" = "8.0" ]
    run cudnnv global
    [ "$output" = "8.0" ]
    run cudnnv version
    [ "$output" = "8.0.4.30 (set by $CUDNNV_ROOT/version)" ]
    cudnnv global --unset
    [ ! -e "$CUDNNV_ROOT/version" ]
}

@test "a project pin beats global; global serves outside the project" {
    install_usual_fixtures
    cudnnv global 8.0
    mkdir -p inner/deep
    (cd inner && cudnnv use 8.1)
    [ "$(cd inner/deep && cudnnv version-name)" = "8.1.1.33" ]
    [ "$(cd "$BATS_TEST_TMPDIR" && cudnnv version-name)" = "8.0.4.30" ]
}

@test "global refuses a version not installed unless --force" {
    run cudnnv global 8.1
    assert_status 1
    assert_output_has "not installed"
    run cudnnv global --force 8.1
    assert_status 0
}
