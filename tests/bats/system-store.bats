#!/usr/bin/env bats
# A read-only system store shared by every user (CUDNNV_SYSTEM_ROOT), as on a
# cluster: the administrator fills it with the usual commands; two
# unprivileged users pin sets from it in their own projects, each with their
# own store, and neither can change it or the other's store.

load helpers

USERS="65534 65533"

# as_user UID COMMAND...: runs as that user (no passwd entry needed), with its own home and store
as_user() {
    local uid=$1
    shift
    setpriv --reuid="$uid" --regid="$uid" --clear-groups \
        env -i PATH=/usr/bin:/bin HOME="$TOP/home-$uid" CUDNNV_SYSTEM_ROOT="$TOP/system" "$@"
}

setup_cluster() {
    if [ "$(id -u)" != 0 ]; then skip "needs root to act as the administrator and two users"; fi
    TOP=$(mktemp -d /tmp/cudnnv-cluster.XXXXXX)
    share_programs "$TOP"
    # the administrator fills the system store with the usual commands
    CUDNNV_ROOT="$TOP/system" install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz \
        cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    for uid in $USERS; do
        mkdir -p "$TOP/home-$uid/project"
        chown -R "$uid:$uid" "$TOP/home-$uid"
        chmod 700 "$TOP/home-$uid"
    done
}

teardown() {
    [ -n "${TOP:-}" ] && rm -rf "$TOP"
}

@test "two users share one read-only system store, each gets their own pin from it, neither can change it" {
    setup_cluster
    run as_user 65534 "$CUDNNV" versions
    assert_status 0
    assert_output_has "  8.0.4.30 [system store]"
    assert_output_has "* 8.1.0.77 (the newest installed 8.x: no source names one) [system store]"
    as_user 65534 sh -c "cd '$TOP/home-65534/project' && '$CUDNNV' use 8.0"
    as_user 65533 sh -c "cd '$TOP/home-65533/project' && '$CUDNNV' use 8.1"
    # both programs at once, each through its user's own shims
    as_user 65534 sh -c "cd '$TOP/home-65534/project' && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'" > "$TOP/one.out" 2>&1 &
    pids+=($!)
    as_user 65533 sh -c "cd '$TOP/home-65533/project' && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'" > "$TOP/two.out" 2>&1 &
    pids+=($!)
    wait "${pids[@]}"   # only these: bats has a job of its own (the test timeout)
    [ "$(head -1 "$TOP/one.out")" = 8004 ]
    [ "$(head -1 "$TOP/two.out")" = 8100 ]
    grep -q "map $TOP/system/versions/8.0.4.30/lib/libcudnn.so.8.0.4" "$TOP/one.out"
    [ -f "$TOP/home-65534/.cudnnv/shims/lib/libcudnn.so.8" ]
    # a user cannot remove or change a system set, nor reach the other's store
    run as_user 65534 "$CUDNNV" uninstall 8.1.0.77
    assert_status 1
    assert_output_has "'8.1.0.77' is in the system store $TOP/system, which only its administrator changes"
    [ -d "$TOP/system/versions/8.1.0.77" ]
    run as_user 65534 touch "$TOP/system/versions/8.1.0.77/lib/x"
    assert_status 1
    run as_user 65534 touch "$TOP/home-65533/.cudnnv/x"
    assert_status 1
    run as_user 65534 "$CUDNNV" verify 8.1.0.77
    assert_status 0
}

@test "a user's own set of the same name comes first; the system set must not be writable by others" {
    setup_cluster
    as_user 65534 "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    run as_user 65534 "$CUDNNV" versions
    assert_output_has "* 8.1.0.77 (the newest installed 8.x: no source names one)"
    refute_lines_match "8\.1\.0\.77.*system store"
    run as_user 65534 "$CUDNNV" prefix 8.1.0.77
    [ "$output" = "$TOP/home-65534/.cudnnv/versions/8.1.0.77" ]
    # a system set others can write is refused by the shim
    chmod o+w "$TOP/system/versions/8.0.4.30/lib"
    as_user 65534 sh -c "cd '$TOP/home-65534/project' && '$CUDNNV' use 8.0.4.30"
    run -127 as_user 65534 sh -c "cd '$TOP/home-65534/project' && '$CUDNNV' exec '$FIXTURES/bin/host_dlopen'"
    assert_output_has "refusing set '8.0.4.30': $TOP/system/versions/8.0.4.30/lib can be written by another user"
}
