#!/usr/bin/env bats
# https trusts the CA bundle of the machine cudnnv runs on: SSL_CERT_FILE when
# set, else the first of the distributions' usual places (a libcurl knows only
# the bundle of the system it was built on). OpenSSL's own server, with a CA
# made in the test.

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz

serve_release() { # serve_release: the archive over https, and a catalog release naming it there
    unset SSL_CERT_FILE SSL_CERT_DIR   # some machines set them; each test says what it trusts
    mkdir -p "$BATS_TEST_TMPDIR/www"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/www/"
    tls_server "$BATS_TEST_TMPDIR/www"
    write_test_release linux "$ARCHIVE" "https://127.0.0.1:$PORT/$ARCHIVE" \
        "$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -c1-64)" 460.27.03
}

@test "a server whose CA is not trusted here is refused, saying which bundle and SSL_CERT_FILE; with SSL_CERT_FILE naming its CA, the release installs" {
    serve_release
    run cudnnv install 8.1.0.77
    assert_status 1
    assert_output_has "the server's certificate cannot be checked against /etc/ssl/certs/ca-certificates.crt"
    assert_output_has "name the CA bundle to trust with SSL_CERT_FILE"
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
    SSL_CERT_FILE="$CA" run cudnnv install 8.1.0.77
    assert_status 0
    assert_output_has "downloading https://127.0.0.1:$PORT/$ARCHIVE"
    assert_output_has "installed 8.1.0.77"
}

@test "a hostile SSL_CERT_FILE or SSL_CERT_DIR (a FIFO, control bytes, a missing path) neither hangs the download nor reaches the terminal raw" {
    serve_release
    mkfifo "$BATS_TEST_TMPDIR/fifo"
    local named
    for named in "$BATS_TEST_TMPDIR/fifo" "$BATS_TEST_TMPDIR/"$'\e[31mred\a' "$BATS_TEST_TMPDIR/missing"; do
        SSL_CERT_FILE="$named" SSL_CERT_DIR="$named" run timeout 60 "$CUDNNV" install 8.1.0.77
        [ "$status" -eq 1 ] || { echo "status $status for SSL_CERT_FILE=$named" >&2; false; }
        # passed over as not a file: the usual bundle is used, and named
        assert_output_has "the server's certificate cannot be checked against /etc/ssl/certs/ca-certificates.crt"
        if printf '%s' "$output" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]'; then
            echo "a control byte reached the terminal" >&2
            false
        fi
    done
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
}

@test "a machine that keeps its CA bundle in another distribution's place (SUSE's /etc/ssl/ca-bundle.pem): https trusts it" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to lay out /etc/ssl in a mount namespace"; fi
    serve_release
    local ssl="$BATS_TEST_TMPDIR/etc-ssl"
    mkdir -p "$ssl"
    # no bundle in any usual place: said so, nothing installed
    run unshare -m sh -c "mount --bind '$ssl' /etc/ssl && exec '$CUDNNV' install 8.1.0.77"
    assert_status 1
    assert_output_has "cannot be checked against a CA bundle (none found here)"
    cp "$CA" "$ssl/ca-bundle.pem"
    run unshare -m sh -c "mount --bind '$ssl' /etc/ssl && exec '$CUDNNV' install 8.1.0.77"
    assert_status 0
    assert_output_has "installed 8.1.0.77"
}
