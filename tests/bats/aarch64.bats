#!/usr/bin/env bats
# The Linux shim built for AArch64 (shim/trampoline_aarch64_lp64.S), run
# under qemu-aarch64 with AArch64 builds of the fixture sets and hosts.

load helpers

ARM_SHIMS="$BATS_TEST_DIRNAME/../../build/aarch64/lib/cudnnv"

setup_arm() {
    export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
    cudnnv link arm804 "$FIXTURES/aarch64/sets/8.0.4" 2>/dev/null
    cudnnv link arm810 "$FIXTURES/aarch64/sets/8.1.0" 2>/dev/null
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    echo arm804 > "$BATS_TEST_TMPDIR/A/.cudnn-version"
    echo arm810 > "$BATS_TEST_TMPDIR/B/.cudnn-version"
}

arm_in() { # arm_in DIR HOST ARGS...: an AArch64 host with the AArch64 shims on its library path
    local dir=$1 host=$2
    shift 2
    (cd "$dir" && qemu-aarch64 -E LD_LIBRARY_PATH="$ARM_SHIMS" "$FIXTURES/aarch64/bin/$host" "$@")
}

@test "AArch64: project A gets 8.0.4 and project B 8.1.0, each library from its set" {
    setup_arm
    run arm_in "$BATS_TEST_TMPDIR/A" host_dlopen
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    assert_output_has "map $FIXTURES/aarch64/sets/8.0.4/lib/libcudnn_ops_infer.so.8.0.4"
    run arm_in "$BATS_TEST_TMPDIR/B" host_dlopen
    [ "${lines[0]}" = 8100 ]
}

@test "AArch64: a first call with doubles arrives intact, and 32 threads agree" {
    setup_arm
    run arm_in "$BATS_TEST_TMPDIR/B" host_double
    assert_status 0
    [ "$output" = "intact lrn 5 0.0001 0.75 2 activation 3 1 -6.25" ]
    run arm_in "$BATS_TEST_TMPDIR/A" host_threads
    assert_status 0
    [ "$output" = 8004 ]
}

@test "AArch64: a pin that is not installed stops the program with 127 and the message" {
    setup_arm
    echo 8.3 > "$BATS_TEST_TMPDIR/A/.cudnn-version"
    run -127 arm_in "$BATS_TEST_TMPDIR/A" host_dlopen
    assert_output_has "cudnnv: version '8.3' is not installed (set by $BATS_TEST_TMPDIR/A/.cudnn-version)"
}
