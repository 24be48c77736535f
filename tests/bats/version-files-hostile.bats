#!/usr/bin/env bats
# Version files and CUDNNV_VERSION are outside input: FIFOs, escapes, a BOM,
# too many names, unreadable files, long values, planted links, deep folders.
# The manager and the shim must read them the same way and never hang.

load helpers

@test "a FIFO named .cudnn-version never hangs use, version-name, or a program" {
    setup_store
    mkfifo .cudnn-version
    run -1 timeout 10 "$CUDNNV" use
    assert_output_has "$PWD/.cudnn-version is not a regular file"
    run -1 timeout 10 "$CUDNNV" version-name
    assert_output_has "is not a regular file"
    run -127 host
    assert_output_has "cudnnv: $PWD/.cudnn-version is not a regular file"
}

@test "the global version file as a FIFO never hangs the manager or the shim" {
    setup_store
    mkfifo "$CUDNNV_ROOT/version"
    run -1 timeout 10 "$CUDNNV" version
    assert_output_has "$CUDNNV_ROOT/version is not a regular file"
    run -1 timeout 10 "$CUDNNV" global
    assert_output_has "is not a regular file"
    run -127 host
    assert_output_has "is not a regular file"
}

@test "control bytes in a version file never reach the terminal, and hook-env puts it once in CUDNNV_PROBLEM, escaped" {
    setup_store
    printf '8.1\033]0;pwned\007\n' > .cudnn-version
    run -1 cudnnv version
    assert_output_has 'invalid version name '\''8.1\x1b]0;pwned\x07'\'''
    refute_output_has "$(printf '\033')"
    run -127 host
    assert_output_has '8.1\x1b]0;pwned\x07'
    refute_output_has "$(printf '\033')"
    run --separate-stderr cudnnv hook-env bash
    [ -z "$stderr" ]   # nothing at a prompt
    [ "$(printf '%s\n' "$output" | grep -c "^export CUDNNV_PROBLEM='invalid version name")" = 1 ]
    assert_output_has '8.1\x1b]0;pwned\x07'
    refute_output_has "$(printf '\033')"
}

@test "a UTF-8 byte-order mark is skipped; more names than a file may hold is an error, not a cut" {
    setup_store
    printf '\357\273\2778.1\n' > .cudnn-version
    run cudnnv version-name
    [ "$output" = 8.1.0.77 ]
    run host
    [ "${lines[0]}" = 8100 ]
    for _ in $(seq 17); do echo 8.1; done > .cudnn-version
    run -1 cudnnv version-name
    assert_output_has "holds more than 16 names or 4096 bytes"
    run -127 host
    assert_output_has "holds more than 16 names"
}

@test "an unreadable version file is said to be unreadable, not missing" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to run a command as another user"; fi
    setup_store
    dir=$(mktemp -d /tmp/cudnnv-unreadable.XXXXXX)
    share_programs "$dir"
    echo 8.1 > "$dir/.cudnn-version"
    chmod 000 "$dir/.cudnn-version"
    chown -R nobody "$dir"
    run runuser -u nobody -- env CUDNNV_ROOT="$dir/store" sh -c 'cd "$1" && "$0" use' "$CUDNNV" "$dir"
    rm -rf "$dir"
    assert_status 1
    assert_output_has "cannot read $dir/.cudnn-version: Permission denied"
}

@test "a long CUDNNV_VERSION with trailing spaces is read the same by the manager and the shim" {
    setup_store
    cudnnv global 8.0 2>/dev/null
    long="8.1$(printf '%1100s' '')"
    CUDNNV_VERSION="$long" run cudnnv version-name
    [ "$output" = 8.1.0.77 ]
    CUDNNV_VERSION="$long" run host
    [ "${lines[0]}" = 8100 ]
}

@test "use never follows a link planted at its temporary name, nor writes through .cudnn-version" {
    setup_store
    echo "precious" > "$BATS_TEST_TMPDIR/target"
    # the planted link carries the PID that cudnnv will have (exec keeps it)
    run sh -c 'ln -s "$1" ".cudnn-version.tmp.$$" && exec "$0" use 8.1' "$CUDNNV" "$BATS_TEST_TMPDIR/target"
    assert_status 0
    [ "$(cat "$BATS_TEST_TMPDIR/target")" = precious ]
    [ "$(cat .cudnn-version)" = 8.1 ]
    rm -f .cudnn-version.tmp.*
    ln -sf "$BATS_TEST_TMPDIR/target" .cudnn-version
    cudnnv use 8.0
    [ "$(cat "$BATS_TEST_TMPDIR/target")" = precious ]
    [ ! -L .cudnn-version ]
    [ "$(cat .cudnn-version)" = 8.0 ]
}

@test "a working directory longer than PATH_MAX is said to hide its pin" {
    setup_store
    cudnnv global 8.0 2>/dev/null
    part=$(printf 'd%.0s' $(seq 200))
    for _ in $(seq 22); do mkdir "$part" && cd "$part"; done
    echo 8.1 > .cudnn-version
    run -1 "$CUDNNV" version-name
    assert_output_has "the working directory's path is longer than 4096 bytes"
    run -127 host
    assert_output_has "the working directory's path is longer than 4096 bytes"
}

@test "a backslash in a folder's name is a byte of the name on Linux, not a separator: the pin below it is found" {
    setup_store
    local project
    for name in 'a\b' 'ends\' 'two\\x'; do
        project="$BATS_TEST_TMPDIR/$name/src"
        mkdir -p "$project"
        (cd "$BATS_TEST_TMPDIR/$name" && cudnnv use 8.0 2>/dev/null)
        cd "$project"
        run cudnnv version
        assert_status 0
        assert_output_has "8.0.4.30 (set by $BATS_TEST_TMPDIR/$name/.cudnn-version)"
        [ "$(host | head -1)" = 8004 ]   # the shim's own walk
        run cudnnv hook-env bash
        assert_status 0
        assert_output_has "8.0.4.30"
    done
}
