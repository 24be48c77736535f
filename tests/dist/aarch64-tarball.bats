#!/usr/bin/env bats
# make dist-aarch64 (in make check-dist, which CI runs after make check: its
# lean libarchive and libcurl are cross-built from Debian's sources, minutes
# a first make check on two cores need not spend): the AArch64 tarball, run
# under qemu with the system's arm64 copies of its libraries hidden.

load ../bats/helpers

REPO="$BATS_TEST_DIRNAME/../.."

@test "the AArch64 tarball: every program and library for AArch64, lean as this machine's; its helper downloads and unpacks under qemu with the system's arm64 copies hidden" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to hide the system's libraries in a mount namespace"; fi
    if ! command -v qemu-aarch64 >/dev/null || [ ! -e /lib/ld-linux-aarch64.so.1 ]; then
        skip "no qemu-aarch64 or AArch64 libc here (make check installs both)"
    fi
    local version artifact artifacts
    make_artifact dist-aarch64 "cudnnv-VERSION-linux-aarch64.tar.gz"
    mkdir -p "$BATS_TEST_TMPDIR/un packed"
    tar -C "$BATS_TEST_TMPDIR/un packed" -xzf "$artifact"
    local top="$BATS_TEST_TMPDIR/un packed/cudnnv-$version-linux-aarch64"
    run sh -c 'find "$1" -type f -exec file -b {} + | grep ELF' sh "$top"
    assert_all_lines_match "^ELF 64-bit LSB .*, ARM aarch64," "$output"
    # the helpers link the lean libarchive and libcurl (static), cross-built from the same Debian sources
    run ls "$top/lib/cudnnv/deps"
    assert_status 0
    assert_output_has "libcrypto.so.3"
    refute_lines_match 'lib(icu|xml2|ldap|lber|rtmp|sasl|gnutls|stdc\+\+|archive|curl|jansson)'
    [ "$(stat -c %s "$artifact")" -le $((8 * 1024 * 1024)) ] || { echo "the tarball is $(stat -c %s "$artifact") bytes" >&2; false; }
    local hide=""
    for library in libarchive.so.13 libcurl.so.4 libjansson.so.4 libelf.so.1 libcrypto.so.3 liblzma.so.5 libzstd.so.1; do
        for folder in /lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu; do
            [ -e "$folder/$library" ] && hide="$hide mount --bind /dev/null $folder/$library;"
        done
    done
    # NVIDIA's linux-sbsa archive (.tar.xz) served over http: fetched by the lean libcurl, read by the lean libarchive
    local name=cudnn-linux-sbsa-8.1.0.77_cuda11-archive.tar.xz
    mkdir -p "$BATS_TEST_TMPDIR/served"
    "$FIXTURES/bin/mkarchive" "$BATS_TEST_TMPDIR/served/$name" "tree:${name%.tar.xz}=$FIXTURES/aarch64/sets/8.1.0"
    serve_folder "$BATS_TEST_TMPDIR/served"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    write_test_release sbsa "$name" "http://127.0.0.1:$PORT/$name" \
        "$(sha256sum "$BATS_TEST_TMPDIR/served/$name" | cut -c1-64)" 460.27.03
    run unshare -m sh -c "$hide
        qemu-aarch64 '$top/bin/cudnnv' --version &&
        qemu-aarch64 '$top/lib/cudnnv/cudnnv-install' 8.1.0.77"
    stop_server
    assert_status 0
    assert_output_has "cudnnv $version"
    assert_output_has "downloading http://127.0.0.1:$PORT/$name"
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11"
    # and in the same namespace the system's AArch64 helper would not start
    run -127 unshare -m sh -c "$hide qemu-aarch64 '$REPO/build/aarch64/lib/cudnnv/cudnnv-install' --help"
}
