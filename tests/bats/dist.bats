#!/usr/bin/env bats
# make dist: a tarball of the installed tree that runs wherever it is
# unpacked, on a glibc system without the libraries the helpers were built
# against (they come inside it).

load helpers

REPO="$BATS_TEST_DIRNAME/../.."

@test "the dist tarball runs from a folder with a space, with the system's copies of the helpers' libraries hidden" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to hide the system's libraries in a mount namespace"; fi
    local version artifact tarball
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    tarball=$artifact
    mkdir -p "$BATS_TEST_TMPDIR/un packed"
    tar -C "$BATS_TEST_TMPDIR/un packed" -xzf "$tarball"
    local top="$BATS_TEST_TMPDIR/un packed/cudnnv-$version-linux-$(uname -m)"
    # cudnnv itself needs libc alone; every other library of the helpers comes from the tree
    run ldd "$top/bin/cudnnv"
    assert_status 0
    refute_output_has "libarchive"
    # the helpers link libarchive and libcurl built lean (static): no libxml2, ICU, LDAP or RTMP comes along
    run ldd "$top/lib/cudnnv/cudnnv-install"
    assert_status 0
    assert_output_has "libzstd.so.1 => $top/lib/cudnnv/deps/libzstd.so.1"
    assert_output_has "libcrypto.so.3 => $top/lib/cudnnv/deps/libcrypto.so.3"
    refute_output_has "libarchive"
    refute_output_has "libcurl"
    run ls "$top/lib/cudnnv/deps"
    assert_status 0
    assert_output_has "libelf.so.1"
    refute_lines_match 'lib(icu|xml2|ldap|lber|rtmp|sasl|gnutls|stdc\+\+|archive|curl|jansson)'   # jansson: static
    [ "$(stat -c %s "$tarball")" -le $((8 * 1024 * 1024)) ] || { echo "the tarball is $(stat -c %s "$tarball") bytes" >&2; false; }
    [ ! -e "$top/lib/cudnnv/cudnnv_spank.so" ]   # it needs the machine's own Slurm
    # the system's copies made unloadable (bind-mounted over), as on a machine that never had them
    local hide=""
    for library in libarchive.so.13 libcurl.so.4 libjansson.so.4 libelf.so.1 libgit2.so.1.5 libcrypto.so.3; do
        for folder in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu; do
            [ -e "$folder/$library" ] && hide="$hide mount --bind /dev/null $folder/$library;"
        done
    done
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    # a release fetched over http by the lean libcurl, unpacked by the lean libarchive
    serve_archive cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    write_test_release linux cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        "http://127.0.0.1:$PORT/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" \
        "$(sha256sum "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" | cut -c1-64)" 460.27.03
    run unshare -m sh -c "$hide
        '$top/bin/cudnnv' --version &&
        '$top/bin/cudnnv' install 8.1.0.77 &&
        '$top/bin/cudnnv' verify 8.1.0.77 &&
        '$top/bin/cudnnv' install '$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz' &&
        '$top/lib/cudnnv/cudnnv-update' --help >/dev/null"
    stop_server
    assert_status 0
    assert_output_has "cudnnv $version"
    assert_output_has "downloading http://127.0.0.1:$PORT/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_output_has "installed 8.1.0.77"
    assert_output_has "8.1.0.77: ok"
    assert_output_has "installed 9.1.0.70"
    # and in the same namespace the system's helper would not even start
    run -127 unshare -m sh -c "$hide '$REPO/build/lib/cudnnv/cudnnv-install' --help"
}

@test "the dist tarball's lean libcurl trusts the CA bundle where the machine keeps it (SUSE's place), not only Debian's" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to lay out /etc/ssl in a mount namespace"; fi
    local version artifact
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    mkdir -p "$BATS_TEST_TMPDIR/un packed" "$BATS_TEST_TMPDIR/www" "$BATS_TEST_TMPDIR/etc-ssl"
    tar -C "$BATS_TEST_TMPDIR/un packed" -xzf "$artifact"
    local top="$BATS_TEST_TMPDIR/un packed/cudnnv-$version-linux-$(uname -m)"
    cp "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" "$BATS_TEST_TMPDIR/www/"
    tls_server "$BATS_TEST_TMPDIR/www"
    unset SSL_CERT_FILE SSL_CERT_DIR
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    write_test_release linux cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        "https://127.0.0.1:$PORT/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" \
        "$(sha256sum "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" | cut -c1-64)" 460.27.03
    cp "$CA" "$BATS_TEST_TMPDIR/etc-ssl/ca-bundle.pem"
    run unshare -m sh -c "mount --bind '$BATS_TEST_TMPDIR/etc-ssl' /etc/ssl && exec '$top/bin/cudnnv' install 8.1.0.77"
    stop_server
    assert_status 0
    assert_output_has "downloading https://127.0.0.1:$PORT/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_output_has "installed 8.1.0.77"
}

@test "the dist tarball's programs are stripped (nothing names the build folder), and the same tree gives the same tarball" {
    local artifact tarball program build first
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    tarball=$artifact
    build=$(cd "$REPO" && pwd -P)
    tar -C "$BATS_TEST_TMPDIR" -xzf "$tarball"
    for program in bin/cudnnv lib/cudnnv/cudnnv-install lib/cudnnv/cudnnv-update; do
        program="$BATS_TEST_TMPDIR/cudnnv-$version-linux-$(uname -m)/$program"
        run file "$program"
        assert_output_has ", stripped"
        if grep -qaF "$build" "$program"; then echo "$program names $build" >&2; false; fi
    done
    # made again from the same tree: the same bytes
    first=$(sha256sum "$tarball" | cut -d' ' -f1)
    run flock "$REPO/build/.artifacts.lock" sh -c 'rm -f "$1"/build/dist/*.tar.gz && make -C "$1" --no-print-directory -s dist' \
        sh "$REPO"
    assert_status 0
    [ "$(sha256sum "$REPO/build/dist/$(basename "$tarball")" | cut -d' ' -f1)" = "$first" ]
}
