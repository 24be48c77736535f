#!/usr/bin/env bats
# cudnnv verify: sets against their MANIFEST.

load helpers

@test "verify passes on fresh sets and names what changed" {
    install_usual_fixtures
    run cudnnv verify
    assert_status 0
    assert_output_has "8.1.0.77: ok"
    lib="$CUDNNV_ROOT/versions/8.1.0.77/lib"
    printf 'X' | dd of="$lib/libcudnn.so.8.1.0" bs=1 seek=100 conv=notrunc 2>/dev/null
    rm "$lib/libcudnn_cnn_train.so.8.1.0"
    touch "$lib/libcudnn_stray.so"
    run cudnnv verify 8.1.0.77
    assert_status 1
    assert_output_has "changed  lib/libcudnn.so.8.1.0"
    assert_output_has "missing  lib/libcudnn_cnn_train.so.8.1.0"
    assert_output_has "extra    lib/libcudnn_stray.so"
    assert_output_has "8.1.0.77: CHANGED"
}

@test "verify --json reports per set" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    rm "$CUDNNV_ROOT/versions/8.0.4.30/include/cudnn.h"
    run cudnnv verify --json
    assert_status 1
    assert_output_has '"status": "changed"'
    assert_output_has '"kind": "missing", "path": "include/cudnn.h"'
}

@test "verify skips linked sets and refuses unknown names" {
    cudnnv link system "$SETS/8.1.0" 2>/dev/null
    run cudnnv verify
    assert_status 0
    assert_output_has "linked"
    run cudnnv verify 8.9
    assert_status 1
}

@test "verify with no sets says so" {
    run cudnnv verify
    assert_status 0
    assert_output_has "no sets are installed in $CUDNNV_ROOT: nothing to verify"
}

@test "a set folder replaced by a link to another set: verify and doctor say the name and the release disagree" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    rm -rf "$CUDNNV_ROOT/versions/8.1.0.77"
    ln -s 8.0.4.30 "$CUDNNV_ROOT/versions/8.1.0.77"
    run -1 cudnnv verify 8.1.0.77
    assert_output_has "versions/8.1.0.77 holds cuDNN 8.0.4.30, not the release its name says"
    cudnnv use 8.1.0.77 2>/dev/null
    run -1 cudnnv doctor
    assert_output_has "FAIL  set: 8.1.0.77 holds cuDNN 8.0.4.30, not the release its name says"
    # a program pinned to 8.1.0.77 is stopped at its first call, not served 8.0.4 under that name
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
    run -127 host
    assert_output_has "cudnnv: set '8.1.0.77' (set by $PWD/.cudnn-version) holds cuDNN 8.0.4, not the release its name says; see 'cudnnv verify 8.1.0.77'"
    run cudnnv verify 8.0.4.30
    assert_status 0
    cudnnv use 8.0.4.30 2>/dev/null
    [ "$(host | head -1)" = 8004 ]
}

@test "verify takes a prefix as use does, and on a terminal a problem line never runs into the progress line" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv verify 8.0
    assert_status 0
    assert_output_has "8.0.4.30: ok"
    echo changed >> "$CUDNNV_ROOT/versions/8.0.4.30/include/cudnn.h"
    run script -qec "$CUDNNV verify 8.0" /dev/null
    assert_output_has "8.0.4.30: CHANGED"
    # the progress line is erased (carriage return, erase to the end of line) before the problem is printed
    [[ "$output" == *$'\r\e[K  changed  include/cudnn.h'* ]]
}

@test "a changed file that sets share by hard links names the sets it shows in, and each changed set gets its repair" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv install --name copy "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    echo changed >> "$CUDNNV_ROOT/versions/8.1.0.77/include/cudnn.h"
    run cudnnv verify
    assert_status 1
    assert_output_has "  changed  include/cudnn.h (one file, hard-linked with copy: the change shows there too)"
    assert_output_has "  changed  include/cudnn.h (one file, hard-linked with 8.1.0.77: the change shows there too)"
    assert_output_has "repair 8.1.0.77: 'cudnnv install --force --name 8.1.0.77 $ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz' brings its files again"
    # the repair it names works
    cudnnv install --force --name 8.1.0.77 "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    run cudnnv verify 8.1.0.77
    assert_status 0
}
