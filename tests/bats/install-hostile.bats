#!/usr/bin/env bats
# cudnnv install against archives built to escape, to fill the disk, or to
# smuggle names: each archive is made here, by the test, with mkarchive.

load helpers

MKARCHIVE="$FIXTURES/bin/mkarchive"

setup() {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    export HOME="$BATS_TEST_TMPDIR/home"
    export CUDNNV_SYSTEM_ROOT="$BATS_TEST_TMPDIR/system"
    unset CUDNNV_VERSION
    mkdir -p "$HOME" "$BATS_TEST_TMPDIR/project" "$BATS_TEST_TMPDIR/evil"
    cd "$BATS_TEST_TMPDIR/project"
    # A cuDNN set outside any archive: what an escaping link would bring in.
    cp -a "$FIXTURES/layouts/old-8.0.4" "$BATS_TEST_TMPDIR/outside-set"
    GOOD="tree:cuda=$FIXTURES/layouts/old-8.1.0"
}

# The archive's top is $CUDNNV_ROOT/staging/install.XXXXXX/raw: four levels
# up is $BATS_TEST_TMPDIR, where outside-set lies.
OUT=../../../../outside-set

refused_and_nothing_installed() {
    assert_status 1
    assert_output_has "nothing was installed"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
}

@test "a top folder that is a link out, named with '.' components, is refused by name (tar.xz and zip)" {
    for kind in tar.xz zip; do
        archive="$BATS_TEST_TMPDIR/evil/dots.$kind"
        "$MKARCHIVE" "$archive" "symlink:./././././cuda=$OUT"
        run cudnnv install "$archive"
        refused_and_nothing_installed
        assert_output_has "member 'cuda' is a link that leads outside the archive"
    done
}

@test "a chain of links that each look inside but together lead out is refused" {
    archive="$BATS_TEST_TMPDIR/evil/chain.tar.xz"
    "$MKARCHIVE" "$archive" "symlink:a/b=.." "symlink:up1=a/b/.." "symlink:up2=up1/.." \
        "symlink:up3=up2/.." "symlink:cuda=up3/../outside-set"
    run cudnnv install "$archive"
    refused_and_nothing_installed
    assert_output_has "is a link that leads outside the archive"
}

@test "a lib64 link out under a real cuda folder is refused, files through it are never written" {
    archive="$BATS_TEST_TMPDIR/evil/lib64.tgz"
    "$MKARCHIVE" "$archive" "tree:cuda/include=$FIXTURES/layouts/old-8.1.0/include" \
        "symlink:cuda/./lib64=../$OUT/lib64" \
        "file:cuda/lib64/libcudnn_planted.so.8=$FIXTURES/layouts/payload"
    run cudnnv install "$archive"
    refused_and_nothing_installed
    assert_output_has "member 'cuda/lib64/libcudnn_planted.so.8' would be written outside the archive through a link"
    [ ! -e "$BATS_TEST_TMPDIR/outside-set/lib64/libcudnn_planted.so.8" ]
}

@test "a '\\' in a member name or a link target is refused (tar and zip)" {
    # tar keeps the backslash as a byte of the name: refused
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/name.tgz" "symlink:a\\b\\c\\d\\cuda=$OUT"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/name.tgz"
    refused_and_nothing_installed
    assert_output_has "has a '\\'"
    # libarchive reads a zip's backslash as '/': the link then stays inside and leads nowhere
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/name.zip" "symlink:a\\b\\c\\d\\cuda=$OUT"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/name.zip"
    assert_status 1
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    for kind in tgz zip; do
        "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/target.$kind" "$GOOD" "symlink:cuda/lib64/libcudnn_x.so=..\\..\\..\\..\\outside-set"
        run cudnnv install "$BATS_TEST_TMPDIR/evil/target.$kind"
        refused_and_nothing_installed
        assert_output_has "is a link with a '\\'"
    done
}

@test "a member name with control characters is refused, and the message carries no control byte" {
    archive="$BATS_TEST_TMPDIR/evil/control.tgz"
    "$MKARCHIVE" "$archive" "$GOOD" "file:cuda/lib64/libcudnn_$(printf '\033]0;pwned\007').so.8=$FIXTURES/layouts/payload"
    run cudnnv install "$archive"
    refused_and_nothing_installed
    assert_output_has "has a control character"
    assert_output_has 'libcudnn_\x1b]0;pwned\x07.so.8'
    refute_output_has "$(printf '\033')"
}

@test "a header with CUDNN_MAJOR 2147483648 never names a set -2147483648.0.0" {
    mkdir -p "$BATS_TEST_TMPDIR/bogus/include" "$BATS_TEST_TMPDIR/bogus/lib64"
    printf '#define CUDNN_MAJOR 2147483648\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 0\n' \
        > "$BATS_TEST_TMPDIR/bogus/include/cudnn_version.h"
    cp "$FIXTURES/sets/8.1.0/lib/libcudnn.so.8.1.0" "$BATS_TEST_TMPDIR/bogus/lib64/libcudnn.so.8"
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/bogus.tgz" "tree:cuda=$BATS_TEST_TMPDIR/bogus"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/bogus.tgz"
    assert_status 1
    assert_output_has "cannot tell which cuDNN version"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    run cudnnv install --name -x "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 2
}

@test "members a set does not need are skipped unwritten; a member over max_member_size is refused as it streams" {
    archive="$BATS_TEST_TMPDIR/evil/extra.tgz"
    "$MKARCHIVE" "$archive" "$GOOD" "zeros:cuda/doc/manual.bin=64M" "file:cuda/README=$FIXTURES/layouts/payload"
    run cudnnv install "$archive"
    assert_status 0
    [ "$(ls "$CUDNNV_ROOT/versions")" = 8.1.0.77 ] || [ "$(ls "$CUDNNV_ROOT/versions")" = 8.1.0 ]
    [ -z "$(find "$CUDNNV_ROOT" -name manual.bin)" ]
    mkdir -p "$CUDNNV_ROOT"
    printf '[install]\nmax_member_size = 1M\n' > "$CUDNNV_ROOT/config"
    # tar declares the size in the header; a zip's data descriptor does not: refused as it streams
    for item in tgz:zeros zip:stream; do
        kind=${item%%:*}
        "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/big.$kind" "$GOOD" "${item#*:}:cuda/lib64/libcudnn_big.so.8=3M"
        run cudnnv install --name big "$BATS_TEST_TMPDIR/evil/big.$kind"
        assert_status 1
        assert_output_has "member 'cuda/lib64/libcudnn_big.so.8' is larger than 1 MiB"
        [ ! -e "$CUDNNV_ROOT/versions/big" ]
        [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
    done
}

@test "a 10 GiB sparse member (a 10 KB archive) is refused from its header" {
    mkdir -p "$BATS_TEST_TMPDIR/sparse/cuda/lib64"
    truncate -s 10G "$BATS_TEST_TMPDIR/sparse/cuda/lib64/libcudnn.so.8.1.0"
    tar -C "$BATS_TEST_TMPDIR/sparse" -cSzf "$BATS_TEST_TMPDIR/evil/sparse.tgz" cuda
    [ "$(stat -c %s "$BATS_TEST_TMPDIR/evil/sparse.tgz")" -lt 100000 ]
    run cudnnv install "$BATS_TEST_TMPDIR/evil/sparse.tgz"
    refused_and_nothing_installed
    assert_output_has "member 'cuda/lib64/libcudnn.so.8.1.0' is larger than 4096 MiB"
}

# A store on a 96 MiB tmpfs: bombs of 512 MiB must never fill it.
small_store() {
    if [ "$(id -u)" != 0 ]; then
        skip "mounting a small tmpfs needs root (CI runs as root)"
    fi
    mkdir -p "$BATS_TEST_TMPDIR/small"
    mount -t tmpfs -o size=96m tmpfs "$BATS_TEST_TMPDIR/small"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/small/store"
}

teardown() {
    if mountpoint -q "$BATS_TEST_TMPDIR/small" 2>/dev/null; then umount "$BATS_TEST_TMPDIR/small"; fi
}

used_mib() {
    df -m --output=used "$BATS_TEST_TMPDIR/small" | tail -1 | tr -d ' '
}

@test "on a small disk, bombs are refused before the disk fills: declared size, streamed zip, skipped extra" {
    small_store
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/bomb.tgz" "$GOOD" "zeros:cuda/lib64/libcudnn_bomb.so.8=512M"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/bomb.tgz"
    refused_and_nothing_installed
    assert_output_has "member 'cuda/lib64/libcudnn_bomb.so.8' would leave less than 32 MiB free"
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/bomb.zip" "$GOOD" "stream:cuda/lib64/libcudnn_bomb.so.8=512M"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/bomb.zip"
    refused_and_nothing_installed
    assert_output_has "member 'cuda/lib64/libcudnn_bomb.so.8' would leave less than 32 MiB free"
    refute_output_has "No space left"
    [ "$(used_mib)" -lt 8 ]
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/extra.tgz" "$GOOD" "zeros:cuda/samples/data.bin=512M"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/extra.tgz"
    assert_status 0
    [ "$(used_mib)" -lt 8 ]
}

@test "a bomb within the member limit (1 GiB of zeros named like a library) is refused as it streams past 20 times the archive's size" {
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/ratio.tgz" "$GOOD" "zeros:cuda/lib64/libcudnn_bomb.so.8=1G"
    [ "$(stat -c %s "$BATS_TEST_TMPDIR/evil/ratio.tgz")" -lt 4000000 ]
    run cudnnv install "$BATS_TEST_TMPDIR/evil/ratio.tgz"
    refused_and_nothing_installed
    assert_output_has "member 'cuda/lib64/libcudnn_bomb.so.8' expands the archive past 20 times its size"
    "$MKARCHIVE" "$BATS_TEST_TMPDIR/evil/ratio.zip" "$GOOD" "stream:cuda/lib64/libcudnn_bomb.so.8=1G"
    run cudnnv install "$BATS_TEST_TMPDIR/evil/ratio.zip"
    refused_and_nothing_installed
    assert_output_has "expands the archive past 20 times its size"
}

@test "an archive's files join the set by a hard link to the file unpacked, not a second copy" {
    run strace -f -e trace=linkat -o "$BATS_TEST_TMPDIR/trace" "$CUDNNV" install "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
    assert_status 0
    [ "$(grep -c 'linkat(AT_FDCWD, "/proc/self/fd/[0-9]*", AT_FDCWD, ".*/lib/libcudnn[^"]*", AT_SYMLINK_FOLLOW) = 0' "$BATS_TEST_TMPDIR/trace")" -ge 8 ]
    run cudnnv verify 9.1.0.70
    assert_status 0
    [ "$(stat -c %h "$CUDNNV_ROOT/versions/9.1.0.70/lib/libcudnn.so.9.1.0")" -eq 1 ]
}

@test "names Windows reads otherwise (a drive, a stream, a device, a trailing dot) are refused here too: one archive, one verdict everywhere" {
    echo planted > "$BATS_TEST_TMPDIR/payload"
    for item in "C:/outside/libcudnn_x.so|a ':' (a drive or a stream on Windows)" \
                "cuda/lib64/libcudnn.so.8:hidden|a ':'" \
                "cuda/CON/libcudnn_x.so|a Windows device name" \
                "cuda/lib64/NUL.so|a Windows device name" \
                "cuda./lib64/libcudnn_x.so|a component ending in a dot or a space"; do
        member=${item%%|*} reason=${item#*|}
        for kind in tgz zip; do
            rm -f "$BATS_TEST_TMPDIR/evil/name.$kind"
            (cd "$BATS_TEST_TMPDIR" && "$MKARCHIVE" "evil/name.$kind" "$GOOD" "file:$member=payload")
            run cudnnv install "$BATS_TEST_TMPDIR/evil/name.$kind"
            refused_and_nothing_installed
            assert_output_has "member '$member' has $reason"
        done
    done
    [ ! -e "$BATS_TEST_TMPDIR/project/C:" ]
    [ ! -e "$CUDNNV_ROOT/C:" ]
}

@test "an archive in a compression cudnnv does not read (lrzip, lzop, grzip) is refused without running any program for it" {
    # programs of those names on PATH, as libarchive would run them for a compression it lacks
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    for program in lrzip lzop grzip lz4 xz zstd bzip2 gzip; do
        printf '#!/bin/sh\ntouch "%s/ran-%s"\ncat >/dev/null\n' "$BATS_TEST_TMPDIR" "$program" > "$BATS_TEST_TMPDIR/bin/$program"
        chmod +x "$BATS_TEST_TMPDIR/bin/$program"
    done
    for magic in 'LRZI\0\6' '\211LZO\0\r\n\032\n' 'GRZipII\0\2\0'; do
        { printf "$magic"; head -c 200 /dev/urandom; } > "$BATS_TEST_TMPDIR/evil/packed.tar"
        PATH="$BATS_TEST_TMPDIR/bin:$PATH" run cudnnv install "$BATS_TEST_TMPDIR/evil/packed.tar"
        refused_and_nothing_installed
        assert_output_has "is not an archive cudnnv can read"
    done
    [ -z "$(ls "$BATS_TEST_TMPDIR" | grep '^ran-')" ]
    # the compressions cuDNN's archives use are still read, by libarchive itself
    PATH="$BATS_TEST_TMPDIR/bin:$PATH" run cudnnv install "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
    assert_status 0
    [ -z "$(ls "$BATS_TEST_TMPDIR" | grep '^ran-')" ]
}
