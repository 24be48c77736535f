#!/usr/bin/env bats
# cudnnv uninstall: sets leave the store whole; linked directories are kept.

load helpers

@test "uninstall removes a set and only that set" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv uninstall 8.0.4.30
    assert_status 0
    assert_output_has "removed 8.0.4.30"
    [ ! -e "$CUDNNV_ROOT/versions/8.0.4.30" ]
    run cudnnv verify 8.1.0.77
    assert_status 0
}

@test "a shared (hard-linked) file survives the removal of one of its sets" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv uninstall 9.1.0.70 2>/dev/null
    run cudnnv verify 9.1.0.70-cuda12
    assert_status 0
}

@test "uninstalling a linked set keeps the directory it refers to" {
    cudnnv link system "$SETS/8.1.0" 2>/dev/null
    run cudnnv uninstall system
    assert_status 0
    [ -f "$SETS/8.1.0/lib/libcudnn.so.8.1.0" ]
}

@test "a name that is not installed is an error unless -f; no name is bad usage" {
    run cudnnv uninstall 8.9
    assert_status 1
    assert_output_has "'8.9' is not installed"
    run cudnnv uninstall -f 8.9
    assert_status 0
    run cudnnv uninstall
    assert_status 2
    run cudnnv uninstall ../../etc
    assert_status 1
    assert_output_has "invalid version name"
}

@test "a set in use here is kept without a terminal unless --force; on a terminal it asks" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1 2>/dev/null
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_status 1
    assert_output_has "'8.1.0.77' is in use here (set by $PWD/.cudnn-version): programs pinned to it would stop; add --force to remove it anyway"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    # a set nothing selects goes without a question
    run cudnnv uninstall 8.0.4.30 < /dev/null
    assert_status 0
    # on a terminal: 'n' keeps it, 'y' removes it
    run script -qec "$CUDNNV uninstall 8.1.0.77" /dev/null <<< n
    assert_output_has "8.1.0.77 is in use here (set by $PWD/.cudnn-version); remove it? [y/N]"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    run script -qec "$CUDNNV uninstall 8.1.0.77" /dev/null <<< y
    assert_status 0
    [ ! -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv global 8.1 2>/dev/null
    cd "$BATS_TEST_TMPDIR" && rm -f project/.cudnn-version
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_status 1
    assert_output_has "(set by $CUDNNV_ROOT/version)"
    run cudnnv uninstall --force 8.1.0.77
    assert_status 0
}

@test "uninstall takes a prefix that only one set has (8.0), lists the sets when it is ambiguous (8)" {
    setup_store
    run cudnnv uninstall 8
    assert_status 1
    assert_output_has "'8' matches 2 installed sets (8.0.4.30, 8.1.0.77); name the one to remove"
    [ -d "$CUDNNV_ROOT/versions/8.0.4.30" ]
    run cudnnv uninstall --force 8.0
    assert_status 0
    assert_output_has "removed 8.0.4.30"
    [ ! -e "$CUDNNV_ROOT/versions/8.0.4.30" ]
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    run cudnnv uninstall v8.1
    assert_status 0
    assert_output_has "removed 8.1.0.77"
}

@test "removing the set the global file names says that the file still names it" {
    setup_store
    cudnnv global 8.0 2>/dev/null
    run cudnnv uninstall --force 8.0.4.30
    assert_status 0
    assert_output_has "'8.0' still names it (set by $CUDNNV_ROOT/version): programs there stop with status 127"
    # a pin that another set still serves is not mentioned
    cudnnv global 8 2>/dev/null
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv uninstall --force 8.1.0.77
    assert_status 0
    refute_output_has "still names"
}

@test "removing from outside a set that projects pinned names those projects and asks as inside one" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    mkdir -p "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/elsewhere"
    (cd "$BATS_TEST_TMPDIR/a" && cudnnv use 8.1 2>/dev/null)
    (cd "$BATS_TEST_TMPDIR/b" && cudnnv use 8.0 2>/dev/null)
    cd "$BATS_TEST_TMPDIR/elsewhere"
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_status 1
    assert_output_has "'8.1.0.77' is in use elsewhere (pinned by $BATS_TEST_TMPDIR/a/.cudnn-version): programs pinned to it would stop; add --force"
    refute_output_has "b/.cudnn-version"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    run script -qec "$CUDNNV uninstall 8.1.0.77" /dev/null <<< n
    assert_output_has "8.1.0.77 is in use elsewhere (pinned by $BATS_TEST_TMPDIR/a/.cudnn-version); remove it? [y/N]"
    # a project whose pin changed, or that is gone, names it no more
    echo 8.0 > "$BATS_TEST_TMPDIR/a/.cudnn-version"
    rm -r "$BATS_TEST_TMPDIR/b"
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_status 0
    # the list is the store's own, one line per project
    (cd "$BATS_TEST_TMPDIR/a" && cudnnv use 8.0 2>/dev/null && cudnnv use 8.0 2>/dev/null)
    [ "$(grep -c "^$BATS_TEST_TMPDIR/a/.cudnn-version$" "$CUDNNV_ROOT/pinned-projects")" -eq 1 ]
}

@test "every project path the system allows is recorded, and no bad line of pinned-projects hides the others" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    local escape cafe
    escape="$BATS_TEST_TMPDIR/$(printf 'x\033]0;t\007y')"
    cafe="$BATS_TEST_TMPDIR/$(printf 'caf\351')"
    mkdir -p "$escape" "$cafe" "$BATS_TEST_TMPDIR/elsewhere"
    (cd "$escape" && cudnnv use 8.1 2>/dev/null)
    # a NUL byte and a 10 MB line planted before the last project: neither hides it
    printf 'relative\n/x\0y\n' >> "$CUDNNV_ROOT/pinned-projects"
    head -c 10000000 /dev/zero | tr '\0' / >> "$CUDNNV_ROOT/pinned-projects"
    printf '\n' >> "$CUDNNV_ROOT/pinned-projects"
    (cd "$cafe" && cudnnv use 8.1 2>/dev/null)
    grep -qaF "$cafe/.cudnn-version" "$CUDNNV_ROOT/pinned-projects"
    cd "$BATS_TEST_TMPDIR/elsewhere"
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_status 1
    assert_output_has "in use elsewhere (pinned by $BATS_TEST_TMPDIR/x\\x1b]0;t\\x07y/.cudnn-version, $BATS_TEST_TMPDIR/caf\\xe9/.cudnn-version)"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    # the planted lines were dropped when the list was written again
    [ "$(wc -l < "$CUDNNV_ROOT/pinned-projects")" -eq 2 ]
    printf '/x\0y\n' >> "$CUDNNV_ROOT/pinned-projects"
    run cudnnv uninstall 8.1.0.77 < /dev/null
    assert_output_has "warning: 1 line of $CUDNNV_ROOT/pinned-projects is not the path of a version file and was passed over"
}
