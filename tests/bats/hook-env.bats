#!/usr/bin/env bats
# cudnnv hook-env: what the hook sets, when it stays silent, what it undoes.

load helpers

hook() { # evaluates one hook run in this shell
    eval "$("$CUDNNV" hook-env bash)"
}

@test "nothing printed when nothing changed; printed again after a pin changes" {
    install_usual_fixtures
    cudnnv use 8.0
    hook
    run cudnnv hook-env bash
    assert_status 0
    [ -z "$output" ]
    cudnnv use 8.1
    run cudnnv hook-env bash
    assert_output_has "CUDNN_HOME='$CUDNNV_ROOT/versions/8.1.1.33'"
}

@test "a new install that the pin's prefix now matches is picked up" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    hook
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.1.0.77" ]
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz
    hook
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.1.1.33" ]
}

@test "a value the user changed after the hook set it is left alone on leaving" {
    install_usual_fixtures
    mkdir -p p
    (cd p && cudnnv use 8.0)
    cd p
    hook
    export CUDNN_HOME=/my/own/cudnn
    cd ..
    hook
    [ "$CUDNN_HOME" = /my/own/cudnn ]
    [ -z "${LD_PRELOAD:-}" ]
    [ -z "${CUDNN_LIB_DIR:-}" ]
}

@test "a value the user had before is restored on leaving" {
    install_usual_fixtures
    libm=$(readlink -f /lib/x86_64-linux-gnu/libm.so.6)
    export CUDNN_HOME="/before; it's mine" LD_PRELOAD="$libm" LD_LIBRARY_PATH=""
    mkdir -p p
    (cd p && cudnnv use 8.0)
    cd p
    hook
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.0.4.30" ]
    [ "$LD_PRELOAD" = "$CUDNNV_ROOT/shims/lib/libcudnn.so.8:$libm" ]
    [ "$LD_LIBRARY_PATH" = "$CUDNNV_ROOT/shims/lib" ]
    cd ..
    hook
    [ "$CUDNN_HOME" = "/before; it's mine" ]
    [ "$LD_PRELOAD" = "$libm" ]
    # the shims stay on the path while sets are installed; with none, the path is the user's again
    [ "$LD_LIBRARY_PATH" = "$CUDNNV_ROOT/shims/lib" ]
    cudnnv uninstall --force $(cudnnv versions --bare) 2>/dev/null
    hook
    [ "${LD_LIBRARY_PATH+set}" = set ]
    [ -z "$LD_LIBRARY_PATH" ]
}

@test "preload = auto: shims preloaded in a pinned project, not for the global version" {
    install_usual_fixtures
    cudnnv global 9
    hook
    [ "$LD_LIBRARY_PATH" = "$CUDNNV_ROOT/shims/lib" ]
    [ -z "${LD_PRELOAD:-}" ]
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/9.1.0.70" ]
    cudnnv use 8.0
    hook
    [ "$LD_PRELOAD" = "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
}

@test "preload = always and preload = never" {
    install_usual_fixtures
    cudnnv global 9
    printf 'preload = always\n' > "$CUDNNV_ROOT/config"
    hook
    [ "$LD_PRELOAD" = "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" ]
    printf '[shell]\npreload = never\n' > "$CUDNNV_ROOT/config"
    cudnnv use 8.0
    hook
    [ -z "${LD_PRELOAD:-}" ]
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.0.4.30" ]
}

@test "a broken pin writes nothing at a prompt: CUDNNV_PROBLEM holds the reason until it is fixed" {
    install_usual_fixtures
    echo 8.3 > .cudnn-version
    run --separate-stderr "$CUDNNV" hook-env bash
    [ -z "$stderr" ]
    assert_output_has "export CUDNNV_PROBLEM='version '\''8.3'\'' is not installed (set by $PWD/.cudnn-version)"
    hook 2>"$BATS_TEST_TMPDIR/stderr"
    [ ! -s "$BATS_TEST_TMPDIR/stderr" ]
    [ -z "${CUDNN_HOME:-}" ]
    [[ "$CUDNNV_PROBLEM" == "version '8.3' is not installed"* ]]
    # nothing changed: nothing is run, nothing said
    run --separate-stderr "$CUDNNV" hook-env bash
    assert_status 0
    [ -z "$output" ]
    [ -z "$stderr" ]
    # fixed: the problem goes, the set comes
    echo 8.1 > .cudnn-version
    hook 2>"$BATS_TEST_TMPDIR/stderr"
    [ ! -s "$BATS_TEST_TMPDIR/stderr" ]
    [ -z "${CUDNNV_PROBLEM:-}" ]
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.1.1.33" ]
}

@test "fish and pwsh syntax; bad usage" {
    install_usual_fixtures
    cudnnv use 8.0
    run cudnnv hook-env fish
    assert_output_has "set -gx CUDNN_HOME '$CUDNNV_ROOT/versions/8.0.4.30'"
    run cudnnv hook-env pwsh
    assert_output_has "\$Env:CUDNN_HOME = '$CUDNNV_ROOT/versions/8.0.4.30'"
    run cudnnv hook-env
    assert_status 2
    run cudnnv hook-env tcsh
    assert_status 2
}

@test "a set the administrator adds to the system store is seen at the next prompt" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv use --force 8.1 2>/dev/null   # not installed yet: nothing is set
    run --separate-stderr cudnnv hook-env bash $$
    assert_output_has "-$CUDNNV_SYSTEM_ROOT/versions"
    eval "$output"
    CUDNNV_ROOT="$CUDNNV_SYSTEM_ROOT" install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run --separate-stderr cudnnv hook-env bash
    assert_output_has "CUDNN_HOME='$CUDNNV_SYSTEM_ROOT/versions/8.1.0.77'"
}

@test "a folder the user put in front of LD_LIBRARY_PATH since the last prompt comes after the shims, which appear once" {
    setup_store
    mkdir -p A && (cd A && cudnnv use 8.0 2>/dev/null)
    unset LD_LIBRARY_PATH LD_PRELOAD
    cd A
    eval "$(cudnnv hook-env bash $$)"
    [ "$LD_LIBRARY_PATH" = "$SHIMS" ]
    export LD_LIBRARY_PATH="/mine:$LD_LIBRARY_PATH:/theirs"
    cd ..
    eval "$(cudnnv hook-env bash $$)"
    [ "$LD_LIBRARY_PATH" = "$SHIMS:/mine:/theirs" ]
    cd A
    eval "$(cudnnv hook-env bash $$)"
    [ "$LD_LIBRARY_PATH" = "$SHIMS:/mine:/theirs" ]
}
