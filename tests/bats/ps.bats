#!/usr/bin/env bats
# cudnnv ps: which cuDNN each running program loaded, and whether its pin
# selects that now; programs are held with cuDNN loaded by host_wait.

load helpers

# hold DIR NAME [LD_LIBRARY_PATH]: starts host_wait in DIR (cuDNN loaded at once, then waiting);
# sets HELD_PID.
hold() {
    (cd "$1" && LD_LIBRARY_PATH="${3:-$SHIMS}" exec "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null \
        "$BATS_TEST_TMPDIR/stop") > "$BATS_TEST_TMPDIR/$2.out" 2>&1 &
    HELD_PID=$!
    HELD+=("$HELD_PID")
    for _ in $(seq 200); do [ -s "$BATS_TEST_TMPDIR/$2.out" ] && break; sleep 0.05; done
}

HELD=()

teardown() {
    touch "$BATS_TEST_TMPDIR/stop"
    # only these: bats has a job of its own (the test timeout)
    [ "${#HELD[@]}" -eq 0 ] || wait "${HELD[@]}" 2>/dev/null || true
}

@test "ps lists a waiting program with its set, pid and command, and says whether its pin selects that now" {
    setup_store
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    (cd "$BATS_TEST_TMPDIR/A" && cudnnv use 8.0 2>/dev/null)
    (cd "$BATS_TEST_TMPDIR/B" && cudnnv use 8.1 2>/dev/null)
    hold "$BATS_TEST_TMPDIR/A" a
    a_pid=$HELD_PID
    hold "$BATS_TEST_TMPDIR/B" b
    b_pid=$HELD_PID
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out")" = 8004 ]
    run cudnnv ps
    assert_status 0
    me=$(printf '%-8s' "$(id -un)")
    assert_output_has "$a_pid  $me  8.0.4.30 (cuDNN 8.0.4.30, $CUDNNV_ROOT/versions/8.0.4.30)"
    assert_output_has "[as selected (set by $BATS_TEST_TMPDIR/A/.cudnn-version); its shim serves this copy"
    # what the set needs and the process's loader would not find: a fixture cuDNN 8 opens libnvrtc.so
    assert_output_has "; its set lacks libnvrtc.so here (see 'cudnnv doctor')]"
    assert_output_has "$b_pid  $me  8.1.0.77 (cuDNN 8.1.0.77, $CUDNNV_ROOT/versions/8.1.0.77)"
    refute_output_has "$SHIMS"   # the shims are how it got there, not what it runs
    # B's pin changes while it runs: flagged
    (cd "$BATS_TEST_TMPDIR/B" && cudnnv use 8.0 2>/dev/null)
    run cudnnv ps
    assert_output_has "[its pin now selects 8.0.4.30 (set by $BATS_TEST_TMPDIR/B/.cudnn-version);"
    run cudnnv ps --json
    assert_output_has "\"pid\": $a_pid, \"user\": \"$(id -un)\""
    assert_output_has "\"set\": \"8.1.0.77\", \"version\": \"8.1.0.77\""
    assert_output_has "\"expected\": \"8.0.4.30\", \"verdict\": \"pin-differs\""
    assert_output_has "\"verdict\": \"pinned\""
}

@test "ps says which copy the shim serves when a program also loaded another by path; CUDNNV_STRICT refuses that" {
    setup_store
    mkdir -p "$BATS_TEST_TMPDIR/A"
    (cd "$BATS_TEST_TMPDIR/A" && cudnnv use 8.1 2>/dev/null)
    # as PyTorch does: the shim preloaded (the hook does it in a pinned project), the wheel's copy loaded by path
    LD_PRELOAD="$SHIMS/libcudnn.so.8" HOST_ALSO="$SETS/8.1.1/lib/libcudnn.so.8" hold "$BATS_TEST_TMPDIR/A" a
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out")" = 8100 ]
    run cudnnv ps
    assert_output_has "$HELD_PID  $(printf '%-8s' "$(id -un)")  8.1.0.77 (cuDNN 8.1.0.77, $CUDNNV_ROOT/versions/8.1.0.77)"
    assert_output_has "its shim serves this copy;"
    assert_output_has "$SETS/8.1.1/lib/libcudnn.so.8.1.1"
    assert_output_has "[loaded but not used: its shim serves $CUDNNV_ROOT/versions/8.1.0.77/lib]"
    refute_output_has "not from a cudnnv store"
    run cudnnv ps --json
    assert_output_has "\"verdict\": \"shadowed\""
    # a shim preloaded from outside the store (a build folder) is known by its mark, not listed as a copy
    local built
    built="$(dirname "$(dirname "$CUDNNV")")/lib/cudnnv/libcudnn.so.8"
    LD_PRELOAD="$built" hold "$BATS_TEST_TMPDIR/A" b
    run cudnnv ps
    assert_status 0
    refute_output_has "$built"
    # told to be strict, the shim stops the program at its first call, naming the other copy
    cd "$BATS_TEST_TMPDIR/A"
    CUDNNV_STRICT=1 LD_PRELOAD="$SHIMS/libcudnn.so.8" HOST_ALSO="$SETS/8.1.1/lib/libcudnn.so.8" LD_LIBRARY_PATH="$SHIMS" \
        run -127 timeout 10 "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null
    assert_output_has "cudnnv: CUDNNV_STRICT is set and this process also loaded $SETS/8.1.1/lib/libcudnn.so.8, a cuDNN copy that is not set '8.1.0.77'"
    # a copy saved under another file name is still cuDNN by its soname (libcudnn.so.8)
    cp -L "$SETS/8.1.1/lib/libcudnn.so.8" "$BATS_TEST_TMPDIR/cudnn-copy.so"
    CUDNNV_STRICT=1 LD_PRELOAD="$SHIMS/libcudnn.so.8" HOST_ALSO="$BATS_TEST_TMPDIR/cudnn-copy.so" LD_LIBRARY_PATH="$SHIMS" \
        run -127 timeout 10 "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null
    assert_output_has "cudnnv: CUDNNV_STRICT is set and this process also loaded $BATS_TEST_TMPDIR/cudnn-copy.so, a cuDNN copy that is not set '8.1.0.77'"
    CUDNNV_STRICT=1 LD_PRELOAD="$SHIMS/libcudnn.so.8" LD_LIBRARY_PATH="$SHIMS" run timeout 10 "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null
    assert_status 0
    assert_output_has 8100
}

# hold_python NAME CODE: a python3 process that runs CODE (its cuDNN mapped), then waits for the stop file.
hold_python() {
    python3 -c "$2
import os, time
open(os.environ['READY'], 'w').write('ready')
while not os.path.exists(os.environ['STOP']): time.sleep(0.05)" > "$BATS_TEST_TMPDIR/$1.out" 2>&1 &
    HELD_PID=$!
    HELD+=("$HELD_PID")
    for _ in $(seq 200); do [ -s "$READY" ] && break; sleep 0.05; done
    [ -s "$READY" ] || { cat "$BATS_TEST_TMPDIR/$1.out" >&2; return 1; }
}

@test "ps believes the shim's mark only from a process that maps that shim and a library from the folder it names" {
    setup_store
    export READY="$BATS_TEST_TMPDIR/ready" STOP="$BATS_TEST_TMPDIR/stop"
    # its own cuDNN 8.0.4 from outside the store, and an anonymous file named as the shim names its own
    hold_python forged "import ctypes, mmap, os
fd = os.memfd_create('cudnnv:8:$CUDNNV_ROOT/versions/8.1.0.77/lib')
os.ftruncate(fd, 4096)
page = mmap.mmap(fd, 4096)
ctypes.CDLL('$SETS/8.0.4/lib/libcudnn.so.8')"
    run cudnnv ps
    assert_output_has "$SETS/8.0.4/lib/libcudnn.so.8.0.4"
    assert_output_has "[not from a cudnnv store; a cudnnv mark in it names $CUDNNV_ROOT/versions/8.1.0.77/lib, but it maps no shim of cuDNN 8 and no library from there: the mark is not trusted]"
    refute_output_has "loaded but not used"
}

@test "ps says a process's folder was deleted instead of judging the folder above; it lists every copy a process maps, or says how many it left out" {
    setup_store
    mkdir -p "$BATS_TEST_TMPDIR/A/gone"
    (cd "$BATS_TEST_TMPDIR/A" && cudnnv use 8.0 2>/dev/null)
    (cd "$BATS_TEST_TMPDIR/A/gone" && cudnnv use 8.1 2>/dev/null)
    hold "$BATS_TEST_TMPDIR/A/gone" a
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out")" = 8100 ]
    rm -r "$BATS_TEST_TMPDIR/A/gone"
    run cudnnv ps
    assert_output_has "$HELD_PID  $(printf '%-8s' "$(id -un)")  8.1.0.77 (cuDNN 8.1.0.77, $CUDNNV_ROOT/versions/8.1.0.77)"
    assert_output_has "[its folder was deleted: pin not judged"
    refute_output_has "its pin now selects 8.0.4.30"
    # 18 copies of cuDNN in one process: 16 listed, 2 said
    export READY="$BATS_TEST_TMPDIR/ready" STOP="$BATS_TEST_TMPDIR/stop"
    local i
    for i in $(seq 18); do
        mkdir -p "$BATS_TEST_TMPDIR/copies/$i"
        cp -L "$SETS/8.0.4/lib/libcudnn.so.8" "$BATS_TEST_TMPDIR/copies/$i/libcudnn.so.8.0.$i"
    done
    hold_python many "import ctypes
for i in range(1, 19): ctypes.CDLL('$BATS_TEST_TMPDIR/copies/%d/libcudnn.so.8.0.%d' % (i, i))"
    # stdout and stderr apart: a message written between two lines of the listing would cut one of them
    local listing listed
    listing=$(cudnnv ps 2> "$BATS_TEST_TMPDIR/ps.err")
    listed=$(grep -c "^ *$HELD_PID .*copies/[0-9]*/libcudnn.so.8.0" <<< "$listing")
    [ "$listed" -eq 16 ] || { echo "listed $listed copies of 18:" >&2; echo "$listing" >&2; false; }
    grep -qF "process $HELD_PID maps 2 more cuDNN copies than are listed here (at most 16 a process)" "$BATS_TEST_TMPDIR/ps.err"
}

@test "ps reads a process's whole environment: CUDNNV_VERSION after 200 KB of it still decides" {
    setup_store
    mkdir -p "$BATS_TEST_TMPDIR/A"
    (cd "$BATS_TEST_TMPDIR/A" && cudnnv use 8.1 2>/dev/null)
    local padding
    padding=$(head -c 100000 /dev/zero | tr '\0' x)
    # env appends in order: 200 KB of other variables, then CUDNNV_VERSION (one variable holds at most 128 KiB)
    (cd "$BATS_TEST_TMPDIR/A" && exec env PADDING1="$padding" PADDING2="$padding" CUDNNV_VERSION=8.0 \
        LD_LIBRARY_PATH="$SHIMS" "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null "$BATS_TEST_TMPDIR/stop") \
        > "$BATS_TEST_TMPDIR/a.out" 2>&1 &
    HELD_PID=$!
    HELD+=("$HELD_PID")
    for _ in $(seq 200); do [ -s "$BATS_TEST_TMPDIR/a.out" ] && break; sleep 0.05; done
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out")" = 8004 ]
    run cudnnv ps
    assert_output_has "$HELD_PID  $(printf '%-8s' "$(id -un)")  8.0.4.30 (cuDNN 8.0.4.30"
    assert_output_has "[as selected (set by CUDNNV_VERSION"
    refute_output_has "its pin now selects"
}

@test "ps names a copy loaded from outside any store" {
    setup_store
    run cudnnv ps
    assert_status 0
    refute_output_has "$BATS_TEST_TMPDIR"   # nothing of this test yet (another test's program may be running)
    hold "$BATS_TEST_TMPDIR" foreign "$SETS/8.1.1/lib"
    run cudnnv ps
    assert_output_has "$HELD_PID  $(printf '%-8s' "$(id -un)")  $SETS/8.1.1/lib/libcudnn.so.8"
    assert_output_has "[not from a cudnnv store]"
}

@test "ps never writes a control byte of a command line to the terminal" {
    setup_store
    (cd "$BATS_TEST_TMPDIR" && LD_LIBRARY_PATH="$SHIMS" exec -a "$(printf 'host\033]0;pwned\007')" \
        "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null "$BATS_TEST_TMPDIR/stop") > "$BATS_TEST_TMPDIR/evil.out" 2>&1 &
    HELD+=("$!")
    for _ in $(seq 200); do [ -s "$BATS_TEST_TMPDIR/evil.out" ] && break; sleep 0.05; done
    run cudnnv ps
    assert_status 0
    assert_output_has 'host\x1b]0;pwned\x07 libcudnn.so.8'
    refute_output_has "$(printf '\033')"
}

@test "ps names the set a program's pin chose when two names are linked to one folder (as two names for one pip wheel)" {
    mkdir -p "$CUDNNV_ROOT"
    cudnnv link alpha "$SETS/8.1.0" 2>/dev/null
    cudnnv link beta "$SETS/8.1.0" 2>/dev/null
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
    mkdir -p "$BATS_TEST_TMPDIR/p"
    (cd "$BATS_TEST_TMPDIR/p" && cudnnv use beta 2>/dev/null)
    hold "$BATS_TEST_TMPDIR/p" p
    run cudnnv ps
    assert_output_has "$HELD_PID  $(printf '%-8s' "$(id -un)")  beta (cuDNN 8.1.0"
    assert_output_has "[as selected (set by $BATS_TEST_TMPDIR/p/.cudnn-version); its shim serves this copy"
}

@test "ps run by another user says nothing of the processes it may not look at, and counts them with --all" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to hold a program another user may not look at"; fi
    setup_store
    hold "$BATS_TEST_TMPDIR" mine
    local top
    top=$(mktemp -d /tmp/cudnnv-ps.XXXXXX)
    share_programs "$top"
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME=/nonexistent "$CUDNNV" ps
    assert_status 0
    refute_output_has "$HELD_PID"
    refute_output_has "could not be looked at"
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME=/nonexistent "$CUDNNV" ps --all
    rm -rf "$top"
    assert_status 0
    [[ "$output" =~ [0-9]+\ process(es)?\ of\ other\ users\ could\ not\ be\ looked\ at\ \(root\ sees\ them\) ]]
}

@test "ps as root judges another user's process as that user would: its own pin is obeyed" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to look at another user's process"; fi
    local top
    top=$(mktemp -d /tmp/cudnnv-ps.XXXXXX)
    share_programs "$top"
    mkdir -p "$top/project" "$top/store"
    chown 65534:65534 "$top/project" "$top/store"
    as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME=/nonexistent CUDNNV_ROOT="$top/store" "$@"; }
    as_nobody "$CUDNNV" install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" >/dev/null 2>&1
    as_nobody "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
    (cd "$top/project" && as_nobody "$CUDNNV" use 8.0 >/dev/null 2>&1)
    (cd "$top/project" && exec setpriv --reuid=65534 --regid=65534 --clear-groups env -i CUDNNV_ROOT="$top/store" \
        LD_LIBRARY_PATH="$top/store/shims/lib" "$FIXTURES/bin/host_wait" libcudnn.so.8 /dev/null "$BATS_TEST_TMPDIR/stop") \
        > "$BATS_TEST_TMPDIR/nobody.out" 2>&1 &
    HELD+=("$!")
    for _ in $(seq 200); do [ -s "$BATS_TEST_TMPDIR/nobody.out" ] && break; sleep 0.05; done
    [ "$(head -1 "$BATS_TEST_TMPDIR/nobody.out")" = 8004 ]
    run cudnnv ps
    assert_output_has "8.0.4.30 (cuDNN 8.0.4.30, $top/store/versions/8.0.4.30)"
    assert_output_has "[as selected (set by $top/project/.cudnn-version)"
    refute_output_has "its pin now selects"
    touch "$BATS_TEST_TMPDIR/stop"
    wait "${HELD[@]}" 2>/dev/null || true
    HELD=()
    rm -rf "$top"
}

@test "ps shows a header on a terminal, not on a pipe, its columns over the rows'" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    hold "$BATS_TEST_TMPDIR" held
    run script -qec "$CUDNNV ps 2>/dev/null" /dev/null
    local header row
    header=$(printf '%s\n' "$output" | tr -d '\r' | grep -m1 "^    PID  USER  ")
    row=$(printf '%s\n' "$output" | tr -d '\r' | grep -m1 "8.1.0.77 (cuDNN 8.1.0.77")
    # each column of the header starts where that column of the row starts
    local set_at command_at pin_at
    set_at=$(awk -v h="$header" 'BEGIN { print index(h, "SET (CUDNN") - 1 }')
    [ "${row:$set_at:8}" = 8.1.0.77 ]
    command_at=$(awk -v h="$header" 'BEGIN { print index(h, "COMMAND") - 1 }')
    [ "${row:$command_at:1}" = / ]
    pin_at=$(awk -v h="$header" 'BEGIN { print index(h, "[WHAT ITS PIN SAYS]") - 1 }')
    [ "${row:$pin_at:1}" = "[" ]
    run cudnnv ps
    assert_output_has "8.1.0.77 (cuDNN 8.1.0.77"
    refute_output_has "WHAT ITS PIN SAYS"   # not on a pipe: scripts read the lines
}

@test "ps names each of your own processes it could not look at, with the reason" {
    local pid unreadable=""
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
        [ "$(stat -c %u "/proc/$pid" 2>/dev/null)" = "$(id -u)" ] || continue
        cat "/proc/$pid/maps" >/dev/null 2>&1 || { [ -d "/proc/$pid" ] && unreadable="$pid"; }
        [ -n "$unreadable" ] && break
    done
    [ -n "$unreadable" ] || skip "every process of this user here can be looked at (a process in a parent namespace, as a sandbox's PID 1, cannot)"
    run cudnnv ps
    assert_status 0
    assert_output_has "owned by $( [ "$(id -u)" = 0 ] && echo root || echo you) could not be looked at: "
    assert_output_has "$unreadable (Permission denied)"
}
