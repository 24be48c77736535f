#!/usr/bin/env bats
# cudnnv lock and install --locked: the exact archives a project's pins
# mean, written beside .cudnn-version and installed elsewhere from them,
# with their SHA-256 checked; a stale or tampered lock is refused.

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz

# A served catalog release 8.1.0.77, installed, and a project pinned to 8.1.
locked_project() {
    serve_archive "$ARCHIVE"
    pinned_project "http://127.0.0.1:$PORT" "$BATS_TEST_TMPDIR/project"
    mkdir -p src
}

@test "lock writes the exact release and archive; install --locked on an empty store installs the same set" {
    locked_project
    run cudnnv lock
    assert_status 0
    assert_output_has "8.1: cuDNN 8.1.0.77 for CUDA 11.2"
    assert_output_has "wrote $PROJECT/cudnn.lock"
    grep -qx "pins = 8.1" cudnn.lock
    grep -qx "release = 8.1.0.77" cudnn.lock
    grep -qx "linux-x86_64.url = http://127.0.0.1:$PORT/$ARCHIVE" cudnn.lock
    grep -qx "linux-x86_64.sha256 = $SUM" cudnn.lock
    # another machine: an empty store, no catalog of its own; from a folder below the project
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    cd src
    run cudnnv install --locked
    assert_status 0
    assert_output_has "8.1: cuDNN 8.1.0.77 for CUDA 11.2: $ARCHIVE (locked)"
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    grep -qx "sha256 = $SUM" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    SHIMS="$CUDNNV_ROOT/shims/lib"
    [ "$(host | head -1)" = 8100 ]
    # twice is once
    run cudnnv install --locked
    assert_status 0
    assert_output_has "8.1: 8.1.0.77 is installed (cuDNN 8.1.0.77, the locked archive)"
}

@test "a tampered lock is refused with nothing installed; a hostile one is refused whole" {
    locked_project
    cudnnv lock 2>/dev/null
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    sed -i "s/^linux-x86_64.sha256 = .*/linux-x86_64.sha256 = $(printf '%064d' 1)/" cudnn.lock
    run cudnnv install --locked
    assert_status 1
    assert_output_has "SHA-256 of $ARCHIVE is $SUM, but cudnn.lock says $(printf '%064d' 1); the file was deleted and nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
    for hostile in "linux-x86_64.archive = ../../etc/passwd" "linux-x86_64.url = ftp://example.com/x.tgz" \
                   "linux-x86_64.sha256 = $(printf 'z%.0s' $(seq 64))" "release = 8.1;rm -rf" $'[pin ../x]\nrelease = 8.1.0.77'; do
        CUDNNV_ROOT="$BATS_TEST_TMPDIR/store" cudnnv lock 2>/dev/null   # a fresh lock for each
        printf '%s\n' "$hostile" >> cudnn.lock
        run cudnnv install --locked
        assert_status 1
        assert_output_has "$PROJECT/cudnn.lock is not a lock cudnnv can use"
        refute_output_has "downloading"
    done
    [ ! -e "$CUDNNV_ROOT/versions" ] || [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}

@test "a long line is never cut into a key a reviewer never sees: a long comment is a comment, a line past the limit is refused" {
    locked_project
    cudnnv lock 2>/dev/null
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    # one line: a comment longer than inih's own buffer (199 bytes), then what inih once read as a line of its own
    local padding
    padding=$(printf '%0197d' 0 | tr 0 x)
    printf '; %slinux-x86_64.sha256 = %s\n' "$padding" "$(printf '%064d' 1)" >> cudnn.lock
    run cudnnv install --locked
    assert_status 0
    refute_output_has "SHA-256"
    grep -qx "sha256 = $SUM" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    rm -rf "$CUDNNV_ROOT"
    # a line longer than any value cudnnv writes (4400 bytes) is refused, naming it
    local line
    line=$(grep -n "^; x" cudnn.lock | cut -d: -f1)
    sed -i "${line}d" cudnn.lock
    printf '; %s\n' "$(printf '%04400d' 0)" >> cudnn.lock
    line=$(wc -l < cudnn.lock)
    run cudnnv install --locked
    assert_status 1
    assert_output_has "$PROJECT/cudnn.lock is not a lock cudnnv can use: line $line is not INI, or longer than 4400 bytes"
    refute_output_has "downloading"
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
}

@test "a lock whose archive holds another release than the one it states is refused, naming both" {
    locked_project
    cudnnv lock 2>/dev/null
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    local other=cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    sed -i -e "s|^linux-x86_64.archive = .*|linux-x86_64.archive = $other|" \
        -e "s|^linux-x86_64.url = .*|linux-x86_64.url = file://$ARCHIVES/$other|" \
        -e "s|^linux-x86_64.sha256 = .*|linux-x86_64.sha256 = $(sha256sum "$ARCHIVES/$other" | cut -c1-64)|" \
        -e "/^linux-x86_64.size = /d" cudnn.lock
    run cudnnv install --locked
    assert_status 1
    assert_output_has "$other holds cuDNN 8.0.4, but cudnn.lock names release 8.1.0.77; nothing was installed"
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}

@test "a cudnn.lock another user owns beside root's own .cudnn-version is not obeyed, and named" {
    locked_project
    cudnnv lock 2>/dev/null
    local shared="$BATS_TEST_TMPDIR/shared"
    mkdir -p "$shared" && chmod 1777 "$shared"
    cp .cudnn-version "$shared/"
    cp cudnn.lock "$shared/" && chown nobody "$shared/cudnn.lock"
    cd "$shared"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    run cudnnv install --locked
    assert_status 1
    assert_output_has "$shared/cudnn.lock is not a lock cudnnv can use: it belongs to another user (not root), so it is not obeyed"
    [ ! -e "$CUDNNV_ROOT/versions" ] || [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    chown root "$shared/cudnn.lock"
    run cudnnv install --locked
    assert_status 0
}

@test "a lock that no longer matches .cudnn-version is refused and named; use says when it makes the lock stale" {
    locked_project
    cudnnv install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" 2>/dev/null
    cudnnv lock 2>/dev/null
    run cudnnv use 8.0
    assert_status 0
    assert_output_has "$PROJECT/cudnn.lock was written for '8.1': run 'cudnnv lock' to refresh it"
    run cudnnv install --locked
    assert_status 1
    assert_output_has "$PROJECT/cudnn.lock was written for '8.1', but $PROJECT/.cudnn-version pins '8.0' now: run 'cudnnv lock' to refresh it"
    # what the set came from is what a lock names, not the catalog's other bits of the release
    run cudnnv lock
    assert_status 0
    assert_output_has "8.0: 8.0.4.30 came from the local file $ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    expect_line cudnn.lock "linux-x86_64.archive = cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    expect_line cudnn.lock "linux-x86_64.sha256 = $(sha256sum "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" | cut -c1-64)"
    # a set installed from a folder (its CUDA build unknown) cannot be locked; nor an archive the catalog lacks
    cudnnv install --name from-folder "$SETS/9.1.0" 2>/dev/null
    cudnnv use from-folder 2>/dev/null
    run cudnnv lock
    assert_status 1
    assert_output_has "from-folder (from-folder) is no release and CUDA build of the catalog, and its install recorded no archive address"
    cudnnv use 8.1 2>/dev/null
    run cudnnv lock --platform windows-x86_64
    assert_status 1
    assert_output_has "cuDNN 8.1.0.77 for CUDA 11.2 has no windows-x86_64 archive"
    run cudnnv lock --platform mars
    assert_status 2
    # no pin, no lock
    cd "$BATS_TEST_TMPDIR"
    run cudnnv lock
    assert_status 1
    assert_output_has "no .cudnn-version here or in a folder above"
}

@test "a set installed from an archive records its SHA-256: install --locked tells the locked bits from other bits, and --force replaces them" {
    # a local archive of 8.1.0.77 (not the catalog's bits)
    cudnnv install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    grep -qx "sha256 = $(sha256sum "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" | cut -d' ' -f1)" \
        "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    # a lock that names the same release with this archive's bits: the set is the locked one
    sum=$(sha256sum "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" | cut -d' ' -f1)
    mkdir -p "$BATS_TEST_TMPDIR/served" project
    cp "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$BATS_TEST_TMPDIR/served/"
    write_test_release linux cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        "file://$BATS_TEST_TMPDIR/served/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$sum" 460.27.03
    cd project
    cudnnv use 8.1.0 2>/dev/null
    cudnnv lock 2>/dev/null
    run cudnnv install --locked
    assert_status 0
    assert_output_has "8.1.0: 8.1.0.77 is installed (cuDNN 8.1.0.77, the locked archive)"
    # the same release from other bits (the same files packed again): refused, naming both sums
    mkdir -p "$BATS_TEST_TMPDIR/repack"
    tar -xzf "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" -C "$BATS_TEST_TMPDIR/repack"
    tar -czf "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77-repacked.tgz" -C "$BATS_TEST_TMPDIR/repack" --mtime=@0 cuda
    other=$(sha256sum "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77-repacked.tgz" | cut -d' ' -f1)
    [ "$other" != "$sum" ]
    cudnnv install --force --name 8.1.0.77 "$BATS_TEST_TMPDIR/cudnn-11.2-linux-x64-v8.1.0.77-repacked.tgz" 2>/dev/null
    run cudnnv install --locked
    assert_status 1
    assert_output_has "8.1.0: 8.1.0.77 was installed from other bits (SHA-256 $other) than cudnn.lock names ($sum)"
    assert_output_has "'cudnnv install --locked --force'"
    # --force puts the locked archive in its place
    run cudnnv install --locked --force
    assert_status 0
    grep -qx "sha256 = $sum" "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    run cudnnv install --locked
    assert_output_has "the locked archive"
}

@test "lock names the archive a set really came from (an index's wheel, with its sum), and install --locked brings it from there" {
    local wheel=nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl
    make_wheel "$BATS_TEST_TMPDIR/index/nvidia-cudnn-cu12/$wheel"
    local sum
    sum=$(sha256sum "$BATS_TEST_TMPDIR/index/nvidia-cudnn-cu12/$wheel" | cut -c1-64)
    printf '<a href="%s#sha256=%s">%s</a>\n' "$wheel" "$sum" "$wheel" > "$BATS_TEST_TMPDIR/index/nvidia-cudnn-cu12/index.html"
    serve_folder "$BATS_TEST_TMPDIR/index"
    # the catalog has 9.1.0.70 (NVIDIA's archive); this set comes from the index's wheel
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT" 9.1.0.70
    assert_status 0
    grep -qx "url = http://127.0.0.1:$PORT/nvidia-cudnn-cu12/$wheel" "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    mkdir -p project && cd project
    cudnnv use 9.1.0.70 2>/dev/null
    run cudnnv lock
    assert_status 0
    assert_output_has "9.1.0.70: cuDNN 9.1.0.70 for CUDA 12, from http://127.0.0.1:$PORT/nvidia-cudnn-cu12/$wheel"
    grep -qx "linux-x86_64.sha256 = $sum" cudnn.lock
    grep -qx "linux-x86_64.archive = $wheel" cudnn.lock
    # another machine installs exactly that wheel from the lock (its RECORD checked as any wheel's)
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "installed 9.1.0.70"
    grep -qx "sha256 = $sum" "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    # an address with a password is never recorded, so never locked
    cd "$BATS_TEST_TMPDIR"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/third"
    run cudnnv install --cuda 12 --index-url "http://user:pw@127.0.0.1:$PORT" 9.1.0.70
    assert_status 0
    run grep -c '^url = ' "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    [ "$output" = 0 ]
}

@test "lock --archive-base names the file each set was installed from at that address, with its checked SHA-256; a set from a folder has none" {
    install_fixture "$ARCHIVE"
    PROJECT="$BATS_TEST_TMPDIR/project"
    mkdir -p "$PROJECT" && cd "$PROJECT"
    cudnnv use 8.1 2>/dev/null
    run cudnnv lock --archive-base "file:///srv/cudnn archives/"
    assert_status 1
    assert_output_has "a URL that is not https, file, or http"
    run cudnnv lock --archive-base file:///srv/archives/
    assert_status 0
    grep -qx "linux-x86_64.url = file:///srv/archives/$ARCHIVE" cudnn.lock
    grep -qx "linux-x86_64.sha256 = $(sha256sum "$ARCHIVES/$ARCHIVE" | cut -c1-64)" cudnn.lock
    cudnnv link folder-set "$FIXTURES/sets/8.0.4" 2>/dev/null
    cudnnv use folder-set 2>/dev/null
    run cudnnv lock --archive-base file:///srv/archives
    assert_status 1
    assert_output_has "folder-set: its set was not installed from an archive file with a checked SHA-256"
}

@test "a set installed from a local file that is not the catalog's archive is locked as that file (file://, its sum), and said" {
    local copy="$BATS_TEST_TMPDIR/my archives/$ARCHIVE" sum
    mkdir -p "$(dirname "$copy")" && cp "$ARCHIVES/$ARCHIVE" "$copy"
    sum=$(sha256sum "$copy" | cut -c1-64)
    cudnnv install "$copy" 2>/dev/null
    PROJECT="$BATS_TEST_TMPDIR/project"
    mkdir -p "$PROJECT" && cd "$PROJECT"
    cudnnv use 8.1 2>/dev/null
    run cudnnv lock
    assert_status 0
    assert_output_has "8.1: 8.1.0.77 came from the local file $copy, not the catalog's archive of it: the lock names that file"
    # not NVIDIA's address and sum, which are other bits
    refute_output_has "the lock names the catalog's"
    expect_line cudnn.lock "linux-x86_64.url = file://$BATS_TEST_TMPDIR/my%20archives/$ARCHIVE"
    expect_line cudnn.lock "linux-x86_64.sha256 = $sum"
    # another store installs exactly those bits from there
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "installed 8.1.0.77"
    expect_line "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini" "sha256 = $sum"
    # the file gone, the lock is the catalog's again, and says so
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store-without-the-file"
    cudnnv install "$copy" 2>/dev/null
    rm "$copy"
    run cudnnv lock
    assert_status 0
    assert_output_has "was not installed from the catalog's archive of cuDNN 8.1.0.77"
}
