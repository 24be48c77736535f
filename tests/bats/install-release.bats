#!/usr/bin/env bats
# cudnnv install RELEASE: archives found through the catalog, from the cache,
# a mirror folder, or a local HTTP server on 127.0.0.1 (downloads resume).

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz

start_server() { # start_server [--cut-after BYTES]: serves $ARCHIVE
    serve_archive "$ARCHIVE" "$@"
}

write_catalog() { # write_catalog URL SHA256: a catalog holding release 8.1.0.77
    write_test_release linux "$ARCHIVE" "$1" "$2" 460.27.03
}

right_sum() {
    sha256sum "$ARCHIVES/$ARCHIVE" | cut -d' ' -f1
}

@test "install 8.1 downloads the catalog's archive, checks it, installs it, keeps it in the cache" {
    start_server
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "cuDNN 8.1.0.77 for CUDA 11.2: $ARCHIVE"
    assert_output_has "installed 8.1.0.77"
    grep -q "^sha256 = $(right_sum)$" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    cmp "$CUDNNV_ROOT/cache/$ARCHIVE" "$ARCHIVES/$ARCHIVE"
    [ "$(grep -c "GET /$ARCHIVE" "$BATS_TEST_TMPDIR/requests")" -eq 1 ]
    run cudnnv install --force 8.1.0.77
    assert_status 0
    assert_output_has "using $ARCHIVE from the cache"
    [ "$(grep -c "GET /$ARCHIVE" "$BATS_TEST_TMPDIR/requests")" -eq 1 ]
}

@test "install of a release already installed says so before anything is fetched (no network needed), as nvm does; --force fetches" {
    start_server
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    cudnnv install 8.1.0.77 2>/dev/null
    rm -f "$CUDNNV_ROOT/cache/$ARCHIVE"
    stop_server
    run cudnnv install 8.1.0.77
    assert_status 0
    assert_output_has "cuDNN 8.1.0.77 for CUDA 11.2 is already installed as 8.1.0.77 ($CUDNNV_ROOT/versions/8.1.0.77): nothing to download; --force installs it again"
    refute_output_has "downloading"
    # the same under --dry-run
    run cudnnv install --dry-run 8.1.0
    assert_status 0
    assert_output_has "is already installed as 8.1.0.77"
    # --force means it: the download is tried (and here fails: the server is gone)
    run cudnnv install --force 8.1.0.77
    assert_status 1
    assert_output_has "downloading http://127.0.0.1:$PORT/$ARCHIVE"
}

@test "a mirror folder is used before any download; base_url replaces the catalog's address" {
    mkdir -p "$BATS_TEST_TMPDIR/mirror"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/mirror/"
    write_catalog "http://127.0.0.1:9/nowhere/$ARCHIVE" "$(right_sum)"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nmirrors = /nonexistent:%s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "using $BATS_TEST_TMPDIR/mirror/$ARCHIVE"
    cudnnv uninstall 8.1.0.77 2>/dev/null
    start_server
    printf '[download]\nbase_url = http://127.0.0.1:%s\n' "$PORT" > "$CUDNNV_ROOT/config"
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "downloading http://127.0.0.1:$PORT/$ARCHIVE"
}

@test "install --dry-run with a mirror says where the archive would come from and whether it is there as the catalog says" {
    mkdir -p "$BATS_TEST_TMPDIR/mirror" "$CUDNNV_ROOT"
    write_catalog "http://127.0.0.1:9/nowhere/$ARCHIVE" "$(right_sum)"
    printf '[download]\nmirrors = %s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/mirror/"
    run cudnnv install --dry-run 8.1.0
    assert_status 0
    assert_output_has "from    $BATS_TEST_TMPDIR/mirror/$ARCHIVE"
    assert_output_has "there   yes, and its size and SHA-256 match"
    # the mirror's copy changed: the plan says it would be refused
    printf 'x' | dd of="$BATS_TEST_TMPDIR/mirror/$ARCHIVE" bs=1 seek=100 conv=notrunc 2>/dev/null
    run cudnnv install --dry-run 8.1.0
    assert_status 0
    assert_output_has "there   yes, but its SHA-256 is"
    assert_output_has "it would be refused"
    # not there: the address it would be downloaded from
    rm "$BATS_TEST_TMPDIR/mirror/$ARCHIVE"
    run cudnnv install --dry-run 8.1.0
    assert_status 0
    assert_output_has "from    http://127.0.0.1:9/nowhere/$ARCHIVE"
    refute_output_has "there   "
}

@test "a release word is a release beside a folder of that name; a path is a path when spelled as one, or when no release has the name" {
    mkdir -p "$BATS_TEST_TMPDIR/mirror" "$CUDNNV_ROOT"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/mirror/"
    write_catalog "http://127.0.0.1:9/nowhere/$ARCHIVE" "$(right_sum)"
    printf '[download]\nmirrors = %s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    # a project that ships a folder named like the release, holding another cuDNN
    cp -a "$FIXTURES/layouts/old-8.0.4" 8.1.0
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "using $BATS_TEST_TMPDIR/mirror/$ARCHIVE"
    assert_sets 8.1.0.77
    cudnnv uninstall 8.1.0.77 2>/dev/null
    # the same for a bare install whose pin is the word, in nvm's spelling too
    for pin in 8.1.0 v8.1.0; do
        echo "$pin" > .cudnn-version
        run cudnnv install
        assert_status 0
        assert_output_has "using $BATS_TEST_TMPDIR/mirror/$ARCHIVE"
        assert_sets 8.1.0.77
        cudnnv uninstall --force 8.1.0.77 2>/dev/null
    done
    rm .cudnn-version
    # spelled as a path, it is the folder, with nothing said
    run cudnnv install ./8.1.0
    assert_status 0
    refute_output_has "is in the catalog"
    assert_sets 8.0.4
    cudnnv uninstall 8.0.4 2>/dev/null
    # a word no release in the catalog has: the folder, and the output says so
    mv 8.1.0 8.55
    run cudnnv install 8.55
    assert_status 0
    assert_output_has "no release '8.55' is in the catalog, so the folder './8.55' here is installed"
    assert_sets 8.0.4
}

@test "a checksum that does not match deletes the download and installs nothing" {
    start_server
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(printf '%064d' 7)"
    run cudnnv install 8.1.0
    assert_status 1
    assert_output_has "SHA-256 of $ARCHIVE is $(right_sum), but the catalog says"
    assert_output_has "the file was deleted and nothing was installed"
    [ ! -e "$CUDNNV_ROOT/cache/$ARCHIVE" ]
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}

@test "an interrupted download resumes where it stopped" {
    start_server --cut-after 4000
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    run cudnnv install 8.1.0
    assert_status 1
    assert_output_has "run the same command again to resume"
    [ "$(stat -c %s "$CUDNNV_ROOT/cache/$ARCHIVE.part")" -eq 4000 ]
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "resuming http://127.0.0.1:$PORT/$ARCHIVE from 4000 bytes"
    grep -q "GET /$ARCHIVE range=4000 206" "$BATS_TEST_TMPDIR/requests"
    cmp "$CUDNNV_ROOT/cache/$ARCHIVE" "$ARCHIVES/$ARCHIVE"
}

@test "a download shows progress on a terminal" {
    start_server
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    script -qec "'$CUDNNV' install 8.1.0" /dev/null > "$BATS_TEST_TMPDIR/terminal"
    grep -q "downloading $ARCHIVE 100%" "$BATS_TEST_TMPDIR/terminal"
}

@test "missing files, unknown releases and builds are explained" {
    start_server
    write_catalog "http://127.0.0.1:$PORT/missing-$ARCHIVE" "$(right_sum)"
    run cudnnv install 8.1.0
    assert_status 1
    assert_output_has "cannot download http://127.0.0.1:$PORT/missing-$ARCHIVE: HTTP 404"
    [ -z "$(ls "$CUDNNV_ROOT/cache")" ]
    run cudnnv install 8.77
    assert_status 1
    assert_output_has "'8.77' is neither an archive, a directory, nor a release in the catalog"
    run cudnnv install --cuda 12 8.1.0
    assert_status 1
    assert_output_has "cuDNN 8.1.0.77 has no build for CUDA 12 on linux-x86_64 (it has: 11.2)"
}

@test "the shipped catalog resolves names to NVIDIA's archives" {
    mkdir -p "$CUDNNV_ROOT" "$BATS_TEST_TMPDIR/mirror"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/mirror/cudnn-11.2-linux-x64-v8.1.0.77.tgz"
    printf '[download]\nmirrors = %s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    run cudnnv install --cuda 11.2 8.1.0
    assert_output_has "cuDNN 8.1.0.77 for CUDA 11.2: cudnn-11.2-linux-x64-v8.1.0.77.tgz"
    # the fixture archive is not NVIDIA's: the published sum refuses it
    assert_status 1
    assert_output_has "but the catalog says dbe82faf071d91ba9bcf00480146ad33f462482dfee56caf4479c1b8dabe3ecb; nothing was installed"
    [ -f "$ARCHIVES/$ARCHIVE" ]
}

@test "install PREFIX picks the newest build the driver runs, for this platform or --platform's" {
    start_server
    sum=$(right_sum)
    for name in cudnn-linux-x86_64-9.55.0.1_cuda11-archive.tar.xz cudnn-linux-x86_64-9.55.0.1_cuda12-archive.tar.xz \
                cudnn-linux-sbsa-9.55.0.1_cuda12-archive.tar.xz; do
        cp "$ARCHIVES/$ARCHIVE" "$SERVED/$name"
    done
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    cat > "$CUDNNV_ROOT/catalog/catalog/9.55.0.1.ini" <<INI
[release]
version = 9.55.0.1

[build cuda11]
cuda = 11
linux_archive = cudnn-linux-x86_64-9.55.0.1_cuda11-archive.tar.xz
linux_url = http://127.0.0.1:$PORT/cudnn-linux-x86_64-9.55.0.1_cuda11-archive.tar.xz
linux_sha256 = $sum

[build cuda12]
cuda = 12
linux_archive = cudnn-linux-x86_64-9.55.0.1_cuda12-archive.tar.xz
linux_url = http://127.0.0.1:$PORT/cudnn-linux-x86_64-9.55.0.1_cuda12-archive.tar.xz
linux_sha256 = $sum
sbsa_archive = cudnn-linux-sbsa-9.55.0.1_cuda12-archive.tar.xz
sbsa_url = http://127.0.0.1:$PORT/cudnn-linux-sbsa-9.55.0.1_cuda12-archive.tar.xz
sbsa_sha256 = $sum
INI
    # a driver that runs CUDA 11 only: the CUDA 11 build
    printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.57.02  Tue\n' > "$BATS_TEST_TMPDIR/driver"
    CUDNNV_NVIDIA_VERSION_FILE="$BATS_TEST_TMPDIR/driver" run cudnnv install --name for-driver 9.55
    assert_status 0
    assert_output_has "cuDNN 9.55.0.1 for CUDA 11: cudnn-linux-x86_64-9.55.0.1_cuda11-archive.tar.xz"
    assert_output_has "(the newest release with a linux-x86_64 build for CUDA 11: driver 470.57.02 supports CUDA up to 11."
    # no driver version to read, only the CUDA driver library (a container): its CUDA still chooses
    CUDNNV_NVIDIA_VERSION_FILE=/nonexistent FAKE_CUDA_DRIVER=11040 LD_LIBRARY_PATH="$FIXTURES/fakecuda" \
        run cudnnv install --name by-libcuda 9.55
    assert_status 0
    assert_output_has "cuDNN 9.55.0.1 for CUDA 11: cudnn-linux-x86_64-9.55.0.1_cuda11-archive.tar.xz"
    assert_output_has "driver in libcuda.so.1 supports CUDA up to 11.4"
    # no driver: the newest build; --cuda chooses
    run cudnnv install --name newest 9.55
    assert_output_has "cuDNN 9.55.0.1 for CUDA 12: cudnn-linux-x86_64-9.55.0.1_cuda12-archive.tar.xz"
    assert_output_has "no NVIDIA driver found"
    # another platform's archive, to fill a store for an Arm server
    run cudnnv install --platform linux-sbsa --name arm 9.55
    assert_output_has "cudnn-linux-sbsa-9.55.0.1_cuda12-archive.tar.xz"
    [ -f "$CUDNNV_ROOT/cache/cudnn-linux-sbsa-9.55.0.1_cuda12-archive.tar.xz" ]
    run cudnnv install --platform linux-aarch64 9.55
    assert_status 1
    assert_output_has "the catalog has no linux-aarch64 archive of cuDNN 9.55"
}

@test "a stalled server ends the install by itself, the store free meanwhile, the part kept for a resume" {
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nlow_speed_time = 8\n' > "$CUDNNV_ROOT/config"
    start_server --stall-after 3000
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    timeout 60 "$CUDNNV" install 8.1.0 > "$BATS_TEST_TMPDIR/stalled.out" 2>&1 &
    local installer=$!
    for _ in $(seq 100); do [ -s "$CUDNNV_ROOT/cache/$ARCHIVE.part" ] && break; sleep 0.05; done
    # while it waits on the server, other changes of the store go ahead at once
    run timeout 10 "$CUDNNV" install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    assert_status 0
    refute_output_has "waiting for another cudnnv"
    kill -0 "$installer"   # still waiting on the stalled server
    status=0
    wait "$installer" || status=$?
    output=$(cat "$BATS_TEST_TMPDIR/stalled.out")
    assert_status 1
    assert_output_has "the server sent less than 1024 bytes a second for 8 s ([download] low_speed_limit, low_speed_time)"
    assert_output_has "the 3000 bytes received are kept: run the same command again to resume"
    [ "$(stat -c %s "$CUDNNV_ROOT/cache/$ARCHIVE.part")" -eq 3000 ]
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
    # the next run resumes (this server stalls only the first transfer)
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "resuming http://127.0.0.1:$PORT/$ARCHIVE from 3000 bytes"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
}

@test "a server that accepts and never answers ends the install by itself; nothing is kept, no resume is promised" {
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nlow_speed_time = 2\n' > "$CUDNNV_ROOT/config"
    SERVED="$BATS_TEST_TMPDIR/served" && mkdir -p "$SERVED"
    serve_folder "$SERVED" --silent
    write_catalog "http://127.0.0.1:$PORT/$ARCHIVE" "$(right_sum)"
    SECONDS=0
    run timeout 60 "$CUDNNV" install 8.1.0
    assert_status 1
    [ "$SECONDS" -lt 30 ]
    assert_output_has "the server sent less than 1024 bytes a second for 2 s"
    assert_output_has "download it elsewhere and run 'cudnnv install FILE', or set [download] mirrors or base_url"
    refute_output_has "resume"
    [ ! -e "$CUDNNV_ROOT/cache/$ARCHIVE.part" ]
    grep -qx silent "$BATS_TEST_TMPDIR/requests"
}

@test "offline: a refused connection and an unknown host name say what failed and what to do instead" {
    write_catalog "http://127.0.0.1:9/$ARCHIVE" "$(right_sum)"
    run cudnnv install 8.1.0
    assert_status 1
    assert_output_has "cannot download http://127.0.0.1:9/$ARCHIVE: the server cannot be reached (connection refused or no route)"
    assert_output_has "download it elsewhere and run 'cudnnv install FILE', or set [download] mirrors or base_url in config"
    refute_output_has "resume"
    write_catalog "http://cudnnv-test.invalid/$ARCHIVE" "$(right_sum)"
    run timeout 60 "$CUDNNV" install 8.1.0
    assert_status 1
    assert_output_has "the server's name is not known here (offline, or no name service)"
    [ -z "$(ls "$CUDNNV_ROOT/cache")" ]
}

@test "[download] limits: a value that is not a positive whole number is said and the default kept; base_url's trailing '/' is not doubled" {
    start_server
    write_catalog "http://127.0.0.1:9/nowhere/$ARCHIVE" "$(right_sum)"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nbase_url = http://127.0.0.1:%s/\nlow_speed_time = -3\nconnect_timeout = soon\n' "$PORT" > "$CUDNNV_ROOT/config"
    run cudnnv install 8.1.0
    assert_status 0
    assert_output_has "config: low_speed_time = -3 is not a positive whole number; using 30"
    assert_output_has "config: connect_timeout = soon is not a positive whole number; using 30"
    assert_output_has "downloading http://127.0.0.1:$PORT/$ARCHIVE"
}

@test "install with no SOURCE in a project installs what its .cudnn-version pins (pyenv's and nvm's habit)" {
    mkdir -p "$BATS_TEST_TMPDIR/mirror" "$BATS_TEST_TMPDIR/project/deep"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/mirror/"
    write_catalog "http://127.0.0.1:9/nowhere/$ARCHIVE" "$(right_sum)"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nmirrors = %s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    cd "$BATS_TEST_TMPDIR"
    run cudnnv install
    assert_status 2
    assert_output_has "or run it in a project: with no SOURCE it installs what the nearest .cudnn-version pins"
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    printf 'v8.1.0\n8.0\n' > project/.cudnn-version
    cd project/deep
    run cudnnv install
    assert_status 0
    assert_output_has "v8.1.0 (pinned in $BATS_TEST_TMPDIR/project/.cudnn-version): installing"
    assert_output_has "installed 8.1.0.77"
    assert_output_has "8.0 (pinned in $BATS_TEST_TMPDIR/project/.cudnn-version): installed as 8.0.4.30"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77" ]
    # again: nothing to do
    run cudnnv install
    assert_status 0
    assert_output_has "v8.1.0 (pinned in $BATS_TEST_TMPDIR/project/.cudnn-version): installed as 8.1.0.77"
    refute_output_has "installing"
    # a pin that is no release says what to do
    echo mine > ../.cudnn-version
    run cudnnv install
    assert_status 1
    assert_output_has "mine (pinned in $BATS_TEST_TMPDIR/project/.cudnn-version) is no release to install"
    run cudnnv install --name x
    assert_status 2
    assert_output_has "--name and --sha256 need a SOURCE"
}
