#!/usr/bin/env bats
# cudnnv global: the version outside projects.

load helpers

@test "global sets, shows and unsets \$CUDNNV_ROOT/version" {
    install_usual_fixtures
    run cudnnv global
    assert_status 0
    assert_output_has "cudnnv global VERSION"
    cudnnv global 8.0
    [ "$(cat "$CUDNNV_ROOT/version")" = "8.0" ]
    run --separate-stderr cudnnv global
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

@test "global with nothing set prints system (pyenv's answer) and says what that means" {
    run --separate-stderr cudnnv global
    assert_status 0
    [ "$output" = system ]
    assert_output_has "no global version is set, which is fine" "$stderr"
}

@test "global system: the cuDNN programs found before cudnnv, linked from the standard places; never 'install system'" {
    setup_store
    run cudnnv global system
    if [ -e /usr/local/cuda/lib/libcudnn.so.9 ] || [ -e /usr/local/cuda/lib64/libcudnn.so.9 ] || \
       ls /usr/lib/x86_64-linux-gnu/libcudnn.so.* >/dev/null 2>&1; then
        # this machine has one: it is linked as system and chosen
        assert_status 0
        assert_output_has "linked system -> "
        [ "$(cat "$CUDNNV_ROOT/version")" = system ]
    else
        assert_status 1
        assert_output_has "version 'system' is not installed; run 'cudnnv link system DIR'"
    fi
    refute_output_has "install system"
}

@test "nvm's spelling: v8.1 is 8.1 wherever a version is typed; a name no release has is not offered to install" {
    setup_store
    run cudnnv global v8.1
    assert_status 0
    [ "$(cat "$CUDNNV_ROOT/version")" = 8.1 ]
    run cudnnv prefix V8.0
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT/versions/8.0.4.30" ]
    run cudnnv use v9.9
    assert_status 1
    assert_output_has "version '9.9' is not installed; run 'cudnnv install 9.9'"
    run cudnnv use banana
    assert_status 1
    assert_output_has "version 'banana' is not installed; see 'cudnnv versions' for the installed sets"
    refute_output_has "install banana"
    # one rule: a version file and CUDNNV_VERSION may spell it so too, for the shim and the manager alike
    echo v8.0 > .cudnn-version
    run host
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    run cudnnv version
    assert_output_has "8.0.4.30 (set by $PWD/.cudnn-version)"
    CUDNNV_VERSION=V8.1 run host
    [ "${lines[0]}" = 8100 ]
    # a set really named v8.0 is that set
    cudnnv install --name v8.0 "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    run host
    [ "${lines[0]}" = 8100 ]
    cudnnv uninstall -f v8.0 2>/dev/null
    # the shim words a pin the same way
    echo banana > .cudnn-version
    run -127 host
    assert_output_has "version 'banana' is not installed (set by $PWD/.cudnn-version); see 'cudnnv versions'"
}
