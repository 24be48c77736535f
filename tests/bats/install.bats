#!/usr/bin/env bats
# cudnnv install: directories and archives in, one immutable set out, or nothing.

load helpers

@test "install the real cuDNN 9.19 from the CUDA directory; it reads 9.19.0 and verifies" {
    require_real_cudnn
    run cudnnv install "$REAL_CUDA"
    assert_status 0
    [[ "$REAL_SET" == 9.19.0* ]]
    [ -f "$CUDNNV_ROOT/versions/$REAL_SET/lib/libcudnn.so.9" ]
    [ -f "$CUDNNV_ROOT/versions/$REAL_SET/lib/libcudnn_graph.so.9" ]
    [ ! -e "$CUDNNV_ROOT/versions/$REAL_SET/lib/libcublas.so.13" ]
    grep -q "^version = $REAL_SET$" "$CUDNNV_ROOT/versions/$REAL_SET/cudnnv.ini"
    run cudnnv verify "$REAL_SET"
    assert_status 0
    assert_output_has "$REAL_SET: ok"
    cmp "$REAL_CUDA/lib/libcudnn.so.9" "$CUDNNV_ROOT/versions/$REAL_SET/lib/libcudnn.so.9"
}

@test "a toolkit's version.json gives the CUDA version of a set installed from it" {
    toolkit="$BATS_TEST_TMPDIR/toolkit"
    mkdir -p "$toolkit"
    cp -a "$SETS/8.1.0/lib" "$SETS/8.1.0/include" "$toolkit/"
    printf '{\n "cuda" : {\n  "name" : "CUDA SDK",\n  "version" : "11.2.152"\n }\n}\n' > "$toolkit/version.json"
    run cudnnv install "$toolkit"
    assert_status 0
    grep -q '^cuda = 11.2$' "$CUDNNV_ROOT/versions/8.1.0/cudnnv.ini"
}

@test "old NVIDIA tarball (cuda/lib64): build number and CUDA from the name" {
    run cudnnv install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    set_dir="$CUDNNV_ROOT/versions/8.1.0.77"
    [ -f "$set_dir/lib/libcudnn.so.8.1.0" ]
    [ "$(readlink "$set_dir/lib/libcudnn.so.8")" = libcudnn.so.8.1.0 ]
    grep -q '^cuda = 11.2$' "$set_dir/cudnnv.ini"
    grep -q '^platform = linux-x86_64$' "$set_dir/cudnnv.ini"
}

@test "new NVIDIA .tar.xz archive and cuDNN 7 (version in cudnn.h)" {
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz cudnn-10.2-linux-x64-v7.6.5.32-test.tgz
    [ -f "$CUDNNV_ROOT/versions/8.1.1.33/LICENSE" ]
    [ -f "$CUDNNV_ROOT/versions/8.1.1.33/lib/libcudnn_ops_infer.so.8.1.1" ]
    [ -f "$CUDNNV_ROOT/versions/7.6.5.32/include/cudnn.h" ]
    assert_sets 7.6.5.32 8.1.1.33
}

@test "Windows .zip: bin/cudnn64_8.dll and lib/x64/cudnn.lib, named apart from the Linux set" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv install "$ARCHIVES/cudnn-11.2-windows-x64-v8.1.0.77-test.zip"
    assert_status 0
    set_dir="$CUDNNV_ROOT/versions/8.1.0.77-windows"
    [ -f "$set_dir/bin/cudnn64_8.dll" ]
    [ -f "$set_dir/lib/x64/cudnn.lib" ]
    grep -q '^platform = windows-x86_64$' "$set_dir/cudnnv.ini"
    head -c 2 "$set_dir/bin/cudnn64_8.dll" | grep -q MZ
}

@test "a pip nvidia/cudnn folder installs from the directory" {
    run cudnnv install "$FIXTURES/layouts/site-packages/nvidia/cudnn"
    assert_status 0
    [ -f "$CUDNNV_ROOT/versions/9.1.0/lib/libcudnn.so.9.1.0" ]
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0/__init__.py" ]
}

@test "the same version for another CUDA major gets a -cudaN suffix" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz
    run cudnnv install "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
    assert_status 0
    assert_sets 9.1.0.70 9.1.0.70-cuda12
}

@test "installing over a name fails without --force, replaces with it" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 1
    assert_output_has "already installed"
    assert_output_has "--force"
    echo extra > "$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn_extra.so"
    run cudnnv install --force "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn_extra.so" ]
    run cudnnv verify 8.1.0.77
    assert_status 0
}

@test "--name installs under another name; an invalid name is refused" {
    run cudnnv install --name tf25 "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    grep -q '^version = 8.1.0.77$' "$CUDNNV_ROOT/versions/tf25/cudnnv.ini"
    run cudnnv install --name ../evil "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 2
    [ ! -e "$CUDNNV_ROOT/evil" ]
}

@test "an archive installed from a long path records its source whole, and the set's cudnnv.ini reads back" {
    local long="$BATS_TEST_TMPDIR/$(printf 'd%.0s' $(seq 240))"
    mkdir -p "$long"
    cp "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$long/"
    run cudnnv install "$long/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    grep -qxF "source = $long/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    run cudnnv versions --json
    assert_output_has '"version": "8.1.0.77", "cuda": "11.2", "platform": "linux-x86_64", "kind": "installed"'
    run cudnnv verify 8.1.0.77
    assert_status 0
}

@test "one name rule for install, link, the shim and cdi: a name with ':' or '#' is refused, since neither can be selected" {
    local name
    for name in 'a:b' 'tf#25'; do
        run cudnnv install --name "$name" "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
        assert_status 2
        assert_output_has "no '/', '\\', ':', '#', '..'"
        run cudnnv link "$name" "$FIXTURES/layouts/old-8.1.0"
        [ "$status" -ne 0 ]
        assert_output_has "no '/', '\\', ':', '#', '..'"
    done
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    # a folder planted by hand under such a name is no set: no version file or CUDNNV_VERSION can name it
    mkdir -p "$CUDNNV_ROOT/versions"
    cp -a "$FIXTURES/layouts/old-8.1.0" "$CUDNNV_ROOT/versions/a:b"
    run cudnnv versions --bare
    assert_status 0
    refute_output_has "a:b"
}

@test "--sha256 accepts the right sum and refuses a wrong one before extracting" {
    archive="$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    sum=$(sha256sum "$archive" | cut -d' ' -f1)
    wrong=$(printf '%064d' 0)
    run cudnnv install --sha256 "$wrong" "$archive"
    assert_status 1
    assert_output_has "SHA-256"
    assert_output_has "$sum"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    run cudnnv install --sha256 "$sum" "$archive"
    assert_status 0
    grep -q "^sha256 = $sum$" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
}

@test "identical files across sets are stored once (hard links)" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    a="$CUDNNV_ROOT/versions/9.1.0.70/lib/libcudnn.so.9.1.0"
    b="$CUDNNV_ROOT/versions/9.1.0.70-cuda12/lib/libcudnn.so.9.1.0"
    [ "$(stat -c %i "$a")" = "$(stat -c %i "$b")" ]
    [ "$(stat -c %h "$a")" = 2 ]
}

@test "hostile archives install nothing and write nothing outside" {
    for archive in absolute.tgz dotdot.tar.xz symlink-out.tar.xz symlink-absolute.zip hardlink-out.tgz fifo.tgz; do
        run cudnnv install "$ARCHIVES/evil/$archive"
        assert_status 1
        assert_output_has "nothing was installed"
        [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
        [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
    done
    [ ! -e /tmp/cudnnv-evil-absolute ]
    [ ! -e "$CUDNNV_ROOT/cudnnv-evil-dotdot" ]
    [ ! -e "$CUDNNV_ROOT/staging/cudnnv-evil-dotdot" ]
}

@test "a truncated archive, a non-cuDNN archive and a missing path are explained" {
    run cudnnv install "$ARCHIVES/evil/truncated.tgz"
    assert_status 1
    assert_output_has "truncated"
    run cudnnv install "$ARCHIVES/evil/no-cudnn.tgz"
    assert_status 1
    assert_output_has "no cuDNN libraries"
    run cudnnv install /nonexistent/cudnn.tgz
    assert_status 1
    assert_output_has "no such file or directory: '/nonexistent/cudnn.tgz'"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}

@test "a killed install leaves nothing under versions/, and the next one cleans staging" {
    require_real_cudnn
    "$CUDNNV" install "$REAL_CUDA" 2>/dev/null &
    pid=$!
    # kill it as soon as it has started copying (450 MB remain to copy)
    for _ in $(seq 500); do
        compgen -G "$CUDNNV_ROOT/staging/install.*/set/include" >/dev/null && break
        sleep 0.01
    done
    kill -9 "$pid"
    wait "$pid" || true
    [ -n "$(ls "$CUDNNV_ROOT/staging")" ]
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
    [ "$(ls "$CUDNNV_ROOT/versions")" = 8.1.0.77 ]
}

@test "two installs at once both land whole (the store lock)" {
    "$CUDNNV" install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" 2>/dev/null &
    first=$!
    "$CUDNNV" install "$ARCHIVES/cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz" 2>/dev/null &
    second=$!
    wait "$first"
    wait "$second"
    run cudnnv verify
    assert_status 0
    assert_sets 8.0.4.30 8.1.1.33
}

@test "install --json reports the set; bad usage exits 2" {
    run cudnnv install --json "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    assert_status 0
    echo "$output" | grep -q '"name": "8.0.4.30"'
    echo "$output" | grep -q '"cuda": "11.0"'
    run cudnnv install
    assert_status 2
    run cudnnv install --bogus x
    assert_status 2
    run cudnnv install --help
    assert_status 0
    assert_output_has "Usage: cudnnv install"
}

@test "a pip wheel's metadata beside its folder gives the build number and the CUDA major" {
    site="$BATS_TEST_TMPDIR/site-packages"
    cp -r "$FIXTURES/layouts/site-packages" "$site"
    mkdir -p "$site/nvidia_cudnn_cu12-9.1.0.70.dist-info"
    run cudnnv install "$site/nvidia/cudnn"
    assert_status 0
    grep -q '^version = 9.1.0.70$' "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    grep -q '^cuda = 12$' "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    cudnnv link wheel "$site/nvidia/cudnn" 2>/dev/null
    grep -q '^cuda = 12$' "$CUDNNV_ROOT/versions/wheel/cudnnv.ini"
}

@test "every file and folder of a new set is flushed to the disk before the rename that publishes it" {
    command -v strace >/dev/null || skip "strace is not installed (make check installs it)"
    # (LeakSanitizer cannot run under ptrace: a sanitized build skips it here)
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -e trace=fsync,rename -o "$BATS_TEST_TMPDIR/trace" \
        "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    set_dir="$CUDNNV_ROOT/versions/8.1.0.77"
    expected=$(( $(find "$set_dir" -type f | wc -l) + $(find "$set_dir" -type d | wc -l) ))
    flushed=$(awk '/fsync\(/ {n++} /rename\(.*\/set", .*\/versions\// {print n + 0; exit}' "$BATS_TEST_TMPDIR/trace")
    echo "flushed $flushed, expected at least $expected" >&2
    [ "$flushed" -ge "$expected" ]
}

@test "an archive named as NVIDIA names one is checked against the catalog's SHA-256 first" {
    cp "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77.tgz"
    run cudnnv install "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77.tgz"
    assert_status 1
    assert_output_has "but the catalog says dbe82faf071d91ba9bcf00480146ad33f462482dfee56caf4479c1b8dabe3ecb for that archive; nothing was installed"
    assert_output_has "--no-catalog-check"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    run cudnnv install --no-catalog-check "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77.tgz"
    assert_status 0
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
}

@test "a folder without a CUDA hint gets its CUDA major from the runtime beside it (libcudart.so.N)" {
    folder="$BATS_TEST_TMPDIR/toolkit"
    mkdir -p "$folder"
    cp -a "$SETS/8.1.0/include" "$SETS/8.1.0/lib" "$folder/"
    : > "$folder/lib/libcudart.so.11.2.152"
    ln -s libcudart.so.11.2.152 "$folder/lib/libcudart.so.11"
    cudnnv install "$folder" 2>/dev/null
    grep -q '^cuda = 11$' "$CUDNNV_ROOT/versions/8.1.0/cudnnv.ini"
    # a pip layout: nvidia/cuda_runtime/lib beside nvidia/cudnn
    site="$BATS_TEST_TMPDIR/site-packages/nvidia"
    mkdir -p "$site/cudnn" "$site/cuda_runtime/lib"
    cp -a "$SETS/9.1.0/include" "$SETS/9.1.0/lib" "$site/cudnn/"
    : > "$site/cuda_runtime/lib/libcudart.so.12"
    cudnnv link wheel "$site/cudnn" 2>/dev/null
    grep -q '^cuda = 12$' "$CUDNNV_ROOT/versions/wheel/cudnnv.ini"
}

@test "the count install reports is the count it copied (the set's cudnnv.ini said apart)" {
    script -qec "'$CUDNNV' install '$FIXTURES/layouts/site-packages/nvidia/cudnn'" /dev/null > "$BATS_TEST_TMPDIR/terminal"
    copied=$(tr '\r' '\n' < "$BATS_TEST_TMPDIR/terminal" | sed -n 's/^cudnnv: copying: \([0-9]*\) files.*/\1/p' | tail -1)
    [ -n "$copied" ]
    grep -q "installed 9.1.0 .*: $copied files and cudnnv.ini," "$BATS_TEST_TMPDIR/terminal"
}

@test "a folder's link to a private file elsewhere is not made readable by all in the store; a FIFO does not stall" {
    src="$BATS_TEST_TMPDIR/src"
    cp -a "$SETS/8.1.0" "$src"
    echo secret > "$BATS_TEST_TMPDIR/private"
    chmod 600 "$BATS_TEST_TMPDIR/private"
    ln -s "$BATS_TEST_TMPDIR/private" "$src/lib/libcudnn_private.so.8"
    mkfifo "$src/lib/libcudnn_pipe.so.8"
    run timeout 30 "$CUDNNV" install "$src"
    assert_status 0
    copied="$CUDNNV_ROOT/versions/8.1.0/lib/libcudnn_private.so.8"
    [ "$(stat -c %a "$copied")" = 600 ]
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0/lib/libcudnn_pipe.so.8" ]
}

@test "a FIFO named like a library does not stall an install on a tmpfs, where it may come first in the folder" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to mount a tmpfs"; fi
    run unshare -m sh -c '
        mount -t tmpfs tmpfs "$1" && cp -a "$2" "$1/src" && mkfifo "$1/src/lib/libcudnn_pipe.so.8" &&
        CUDNNV_ROOT="$1/store" timeout 30 "$3" install "$1/src"' sh "$BATS_TEST_TMPDIR" "$SETS/8.1.0" "$CUDNNV"
    assert_status 0
    assert_output_has "installed 8.1.0 (cuDNN 8.1.0, CUDA 11.2)"
}

# distro_set DIR CUDART [CFLAGS...]: a cuDNN 9.1.0 folder as a distribution's package lays it out, its name and
# files saying nothing of its CUDA build; its library's cudnnGetCudartVersion() answers CUDART.
distro_set() {
    local dir=$1 cudart=$2
    shift 2
    mkdir -p "$dir/include" "$dir/lib"
    printf '#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n' > "$dir/include/cudnn_version.h"
    cc -shared -fPIC -O1 -DFAKE_VERSION=90100 -DFAKE_CUDART="$cudart" -Wl,-soname,libcudnn.so.9 "$@" \
        -o "$dir/lib/libcudnn.so.9.1.0" "$BATS_TEST_DIRNAME/../fixtures/fake_cudnn.c"
    ln -s libcudnn.so.9.1.0 "$dir/lib/libcudnn.so.9"
}

@test "a set whose name and files do not say its CUDA build: its library says it (cudnnGetCudartVersion, in a child, with a time limit)" {
    distro_set "$BATS_TEST_TMPDIR/libcudnn9-cuda" 12020
    run cudnnv install "$BATS_TEST_TMPDIR/libcudnn9-cuda"
    assert_status 0
    assert_output_has "its CUDA build, as its library says (cudnnGetCudartVersion): 12.2"
    grep -qx "cuda = 12.2" "$CUDNNV_ROOT/versions/9.1.0/cudnnv.ini"
    # link asks the same
    run cudnnv link distro "$BATS_TEST_TMPDIR/libcudnn9-cuda"
    assert_status 0
    grep -qx "cuda = 12.2" "$CUDNNV_ROOT/versions/distro/cudnnv.ini"
    # a library that never answers (its constructor waits) leaves the build unknown, within the time limit
    printf '#include <unistd.h>\n__attribute__((constructor)) static void stall(void) { sleep(60); }\n' \
        > "$BATS_TEST_TMPDIR/stall.c"
    distro_set "$BATS_TEST_TMPDIR/stalling" 12020 "$BATS_TEST_TMPDIR/stall.c"
    local start=$SECONDS
    run cudnnv install --name stalling "$BATS_TEST_TMPDIR/stalling"
    assert_status 0
    [ $((SECONDS - start)) -lt 30 ]
    refute_output_has "its CUDA build"
    grep -qx "cuda = " "$CUDNNV_ROOT/versions/stalling/cudnnv.ini"
}

@test "on a terminal, extracting and copying show a running count on one line, cleared before the next message; elsewhere nothing" {
    script -qec "'$CUDNNV' install '$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz'" /dev/null > "$BATS_TEST_TMPDIR/terminal"
    grep -q $'\rcudnnv: extracting: [0-9]* members, 0 MiB\033\\[K' "$BATS_TEST_TMPDIR/terminal"
    # the count's line is erased, so the next message starts clean
    grep -q $'\r\033\\[Kcudnnv: installed 8.1.0.77' "$BATS_TEST_TMPDIR/terminal"
    run cudnnv install --force "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    assert_output_has "installed 8.1.0.77"
    refute_output_has "extracting:"
    refute_output_has $'\033'
}
