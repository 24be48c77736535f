#!/usr/bin/env bats
# The Linux shim built for AArch64 (shim/trampoline_aarch64_lp64.S), run
# under qemu-aarch64 with AArch64 builds of the fixture sets and hosts; and
# cudnnv itself built for AArch64.

load helpers

ARM_SHIMS="$(dirname "$CUDNNV")/../aarch64/lib/cudnnv"   # the build folder of the cudnnv under test

setup_arm() {
    # the arm64 C library is Debian's multiarch libc6:arm64 ('make aarch64'
    # installs it): qemu-aarch64 finds /lib/ld-linux-aarch64.so.1 as it is
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

@test "AArch64 shims: each at most 64 KiB, every segment placed for 64 KiB pages" {
    local lib size
    for lib in "$ARM_SHIMS"/libcudnn.so.{7,8,9}; do
        size=$(stat -c %s "$lib")
        echo "$lib: $size bytes"
        [ "$size" -le 65536 ]
        # a 64 KiB-page kernel maps a segment only where offset and address agree modulo 64 KiB
        local type offset vaddr rest loads=0
        while read -r type offset vaddr rest; do
            [ "$type" = LOAD ] || continue
            loads=$((loads + 1))
            [ $((offset % 65536)) -eq $((vaddr % 65536)) ]
            [ "${rest##* }" = 0x10000 ]
        done < <(readelf -lW "$lib")
        [ "$loads" -eq 2 ]
    done
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

# The AArch64 build of cudnnv itself, under qemu-aarch64 with Debian's arm64
# libraries (multiarch). Without binfmt_misc, an emulated cudnnv cannot
# exec its AArch64 helper, so the install helper is started directly, with
# the same arguments 'cudnnv install' passes it.
ARM_BUILD="$(dirname "$CUDNNV")/../aarch64"

arm_cudnnv() {
    qemu-aarch64 "$ARM_BUILD/bin/cudnnv" "$@"
}

@test "AArch64 cudnnv: installs NVIDIA's linux-sbsa archive, pins it, and its shim loads it for an AArch64 program" {
    archive="$BATS_TEST_TMPDIR/cudnn-linux-sbsa-8.1.0.77_cuda11-archive.tar.xz"
    "$FIXTURES/bin/mkarchive" "$archive" "tree:cudnn-linux-sbsa-8.1.0.77_cuda11-archive=$FIXTURES/aarch64/sets/8.1.0"
    run qemu-aarch64 "$ARM_BUILD/lib/cudnnv/cudnnv-install" "$archive"
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    grep -q '^platform = linux-sbsa$' "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    run arm_cudnnv use 8.1
    assert_status 0
    run arm_cudnnv version
    [ "$output" = "8.1.0.77 (set by $PWD/.cudnn-version)" ]
    run arm_cudnnv rehash
    assert_status 0
    file "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" | grep -q "ARM aarch64"
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" ]
    run qemu-aarch64 -E LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" "$FIXTURES/aarch64/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8100 ]
    assert_output_has "map $CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn.so.8.1.0"
    run arm_cudnnv verify
    assert_status 0
    # on an Arm server the catalog offers linux-sbsa archives
    run arm_cudnnv known 9.7
    assert_output_has "9.7.1.26     CUDA 11 12"
    run arm_cudnnv doctor
    assert_output_has "OK    selection: cuDNN 8: 8.1.0.77 (set by $PWD/.cudnn-version)"
}
