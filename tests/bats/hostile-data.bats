#!/usr/bin/env bats
# Data from outside that cudnnv writes somewhere: catalog fields (which
# 'cudnnv update' fetches), a source folder's name (into a set's info file),
# environment variables (into dotenv, Dockerfile and PowerShell text).

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz

write_release() { # write_release FILE ARCHIVE_NAME URL SHA256 [VERSION]
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    cat > "$CUDNNV_ROOT/catalog/catalog/$1" <<INI
[release]
version = ${5:-8.1.0.77}

[build cuda11.2]
cuda = 11.2
linux_archive = $2
linux_url = $3
linux_sha256 = $4
INI
}

@test "a catalog archive name that leads out of the cache is refused with the file it came from" {
    sum=$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -d' ' -f1)
    write_release 8.1.0.77.ini "../../home/.bashrc" "file://$ARCHIVES/$ARCHIVE" "$sum"
    run cudnnv known 8.1.0.77
    assert_output_has "ignoring $CUDNNV_ROOT/catalog/catalog/8.1.0.77.ini: it has an archive name that is not a plain file name"
    run cudnnv install 8.1.0.77
    assert_status 1
    [ ! -e "$HOME/.bashrc" ]
    [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}

@test "catalog URLs must be https, file, or http to this machine or to base_url; other fields are checked" {
    write_release a.ini "$ARCHIVE" "http://example.com/$ARCHIVE" ""
    write_release b.ini "$ARCHIVE" "https://example.com/$ARCHIVE" "not-hex" 8.1.1.33
    write_release c.ini "$ARCHIVE" "https://example.com/$ARCHIVE" "" "9.1;rm"
    run cudnnv known
    assert_output_has "a.ini: it has a URL that is not https, file, or http to this machine or [download] base_url"
    assert_output_has "b.ini: it has a SHA-256 that is not 64 hexadecimal digits"
    assert_output_has "c.ini: it has a version that is not a dotted number"
    printf '[download]\nbase_url = http://example.com\n' > "$CUDNNV_ROOT/config"
    run cudnnv known 8.1.0.77
    refute_output_has "a.ini"
    assert_output_has "8.1.0.77"
}

@test "a new line in a source folder's name cannot add a key to the set's info file" {
    evil="$BATS_TEST_TMPDIR/evil
version = 9.9.9"
    mkdir -p "$evil"
    cp -a "$SETS/8.1.0/include" "$SETS/8.1.0/lib" "$evil/"
    run cudnnv install "$evil"
    assert_status 0
    info="$CUDNNV_ROOT/versions/8.1.0/cudnnv.ini"
    [ "$(grep -c '^version' "$info")" = 1 ]
    grep -q '^version = 8.1.0$' "$info"
    grep -q 'evil\\x0aversion = 9.9.9$' "$info"
}

@test "env --format dotenv refuses a value with a new line, dockerfile never carries this shell's values; nothing is half written" {
    install_fixture "$ARCHIVE"
    LD_LIBRARY_PATH="/opt/lib
BASH_ENV=/tmp/evil" run --separate-stderr cudnnv env --format dotenv 8.1
    assert_status 1
    [ -z "$output" ]
    output=$stderr assert_output_has "LD_LIBRARY_PATH holds a control character (a new line?), which a dotenv file cannot carry"
    # a Dockerfile describes an image: this shell's values never reach it, hostile or not
    LD_LIBRARY_PATH="/opt/lib
BASH_ENV=/tmp/evil" run --separate-stderr cudnnv env --format dockerfile 8.1
    assert_status 0
    refute_output_has "evil"
    # a '$' or '"' in a Dockerfile value (a set's name may hold them) is escaped, never expanded by Docker
    cudnnv install --name 'a$HOME"x' "$ARCHIVES/$ARCHIVE" 2>/dev/null
    run cudnnv env --format dockerfile 'a$HOME"x'
    assert_status 0
    assert_output_has 'ENV CUDNNV_VERSION="a\$HOME\"x"'
}

@test "PowerShell quoting doubles the typographic quotes PowerShell ends strings at" {
    install_fixture "$ARCHIVE"
    LD_LIBRARY_PATH="/opt/a‘b’c‚d‛e'f" run cudnnv env --format pwsh 8.1
    assert_status 0
    assert_output_has "/opt/a‘‘b’’c‚‚d‛‛e''f'"
}

@test "a set's cudnnv.ini that is a FIFO or a device reads as nothing, never blocks" {
    install_fixture "$ARCHIVE" cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv global 8.1 2>/dev/null
    cudnnv rehash 2>/dev/null
    rm "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    mkfifo "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    run timeout 10 "$CUDNNV" versions
    [ "$status" -ne 124 ] || { echo "versions blocked on a FIFO" >&2; false; }
    assert_output_has "8.1.0.77"
    run timeout 10 "$CUDNNV" doctor
    [ "$status" -ne 124 ]
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run timeout 10 "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    [ "$status" -ne 124 ]
    rm "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    ln -s /dev/zero "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    run timeout 10 "$CUDNNV" versions
    [ "$status" -ne 124 ]
    assert_output_has "8.1.0.77"
}

@test "an address is judged by the host it really names: user-info and a base_url that only looks like a prefix are refused" {
    write_release a.ini "$ARCHIVE" "http://127.0.0.1:1@elsewhere.invalid/$ARCHIVE" ""
    write_release b.ini "$ARCHIVE" "http://localhost.elsewhere.invalid/$ARCHIVE" "" 8.1.1.33
    write_release c.ini "$ARCHIVE" "https://user:secret@example.com/$ARCHIVE" "" 8.0.4.30
    write_release d.ini "$ARCHIVE" "http://127.0.0.1:8000@elsewhere.invalid/$ARCHIVE" "" 9.1.0.70
    run cudnnv known
    assert_output_has "a.ini: it has a URL that is not https, file, or http to this machine"
    assert_output_has "b.ini: it has a URL that is not https, file, or http to this machine"
    assert_output_has "c.ini: it has a URL that is not https, file, or http to this machine"
    # base_url is the user's own address; an address that merely starts with it is not under it
    printf '[download]\nbase_url = http://127.0.0.1:8000\n' > "$CUDNNV_ROOT/config"
    run cudnnv known
    assert_output_has "d.ini: it has a URL that is not https, file, or http to this machine"
    # and what is under it is taken, user-info and all (the user's own config)
    printf '[download]\nbase_url = http://token:secret@127.0.0.1:8000/mirror\n' > "$CUDNNV_ROOT/config"
    write_release d.ini "$ARCHIVE" "http://token:secret@127.0.0.1:8000/mirror/$ARCHIVE" "" 9.1.0.70
    run cudnnv known 9.1.0.70
    assert_status 0
    refute_output_has "d.ini"
}

@test "a redirect is followed only to https: a hop to a file, or to plain http, is refused and named" {
    serve_archive "$ARCHIVE"
    echo "file:///etc/passwd" > "$SERVED/$ARCHIVE.redirect"
    local sum
    sum=$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -d' ' -f1)
    write_release r.ini "$ARCHIVE" "http://127.0.0.1:$PORT/$ARCHIVE" "$sum"
    run -1 cudnnv install 8.1.0.77
    assert_output_has "redirect 1, to file:///etc/passwd, was refused: only redirects to https are followed"
    refute_output_has "installed"
    echo "http://127.0.0.1:$PORT/other/$ARCHIVE" > "$SERVED/$ARCHIVE.redirect"
    run -1 cudnnv install 8.1.0.77
    assert_output_has "redirect 1, to http://127.0.0.1:$PORT/other/$ARCHIVE, was refused"
    refute_output_has "GET /other" "$(cat "$BATS_TEST_TMPDIR/requests")"
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
}

@test "the password of an index address is never printed: pip's ****" {
    PIP_INDEX_URL="http://__token__:SECRET123@127.0.0.1:9/simple" run -1 cudnnv install 9.99.1
    assert_output_has "http://****@127.0.0.1:9/simple/"
    refute_output_has "SECRET123"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nbase_url = https://mirror:hunter2secret@127.0.0.1:9/cudnn\n' > "$CUDNNV_ROOT/config"
    run cudnnv install --dry-run --cuda 12 9.1.0
    refute_output_has "hunter2secret"
    assert_output_has "https://****@127.0.0.1:9/cudnn/"
}

@test "a server that sends more than the catalog announced is cut at that size, and no larger part is kept" {
    serve_archive "$ARCHIVE"
    local size sum
    size=$(stat -c %s "$ARCHIVES/$ARCHIVE")
    sum=$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -d' ' -f1)
    # the catalog says 1000 bytes fewer than the server sends
    write_release r.ini "$ARCHIVE" "http://127.0.0.1:$PORT/$ARCHIVE" "$sum"
    printf 'linux_size = %s\n' $((size - 1000)) >> "$CUDNNV_ROOT/catalog/catalog/r.ini"
    run -1 cudnnv install 8.1.0.77
    assert_output_has "the server sent more than the $((size - 1000)) bytes announced; the part was deleted and nothing was installed"
    [ -z "$(ls "$CUDNNV_ROOT/cache")" ]
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
    # the size it really has: installed
    sed -i "s/^linux_size = .*/linux_size = $size/" "$CUDNNV_ROOT/catalog/catalog/r.ini"
    run cudnnv install 8.1.0.77
    assert_status 0
}

@test "a download whose source names no size stops at [download] max_size, and a bad max_size is said once" {
    serve_archive "$ARCHIVE"
    local sum
    sum=$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -d' ' -f1)
    write_release r.ini "$ARCHIVE" "http://127.0.0.1:$PORT/$ARCHIVE" "$sum"
    printf '[download]\nmax_size = 1000\n' > "$CUDNNV_ROOT/config"
    run -1 cudnnv install 8.1.0.77
    assert_output_has "the server sent more than the 1000 bytes [download] max_size in config allows; the part was deleted"
    [ -z "$(ls "$CUDNNV_ROOT/cache")" ]
    [ ! -e "$CUDNNV_ROOT/versions/8.1.0.77" ]
    printf '[download]\nmax_size = lots\n' > "$CUDNNV_ROOT/config"
    run cudnnv install 8.1.0.77
    assert_status 0
    assert_output_has "config: max_size = lots is not a size (e.g. 16G); using 16G"
}

@test "a FIFO or a device reached by a file:// address is refused, never waited on; a copy is no more open than its source" {
    mkfifo "$BATS_TEST_TMPDIR/archive.tgz"
    write_release r.ini "$ARCHIVE" "file://$BATS_TEST_TMPDIR/archive.tgz" ""
    run timeout 20 "$CUDNNV" install 8.1.0.77
    [ "$status" -ne 124 ] || { echo "install waited on a FIFO" >&2; false; }
    assert_output_has "is not a regular file"
    # an update manifest address that is a FIFO: the same
    mkdir -p "$BATS_TEST_TMPDIR/redist"
    mkfifo "$BATS_TEST_TMPDIR/redist/redistrib_9.90.0.json"
    CUDNNV_REDIST_URL="file://$BATS_TEST_TMPDIR/redist/" run timeout 20 "$CUDNNV" update
    [ "$status" -ne 124 ]
    assert_output_has "skipping file://$BATS_TEST_TMPDIR/redist/redistrib_9.90.0.json: $BATS_TEST_TMPDIR/redist/redistrib_9.90.0.json is not a regular file"
    # a 0600 archive copied into the cache stays 0600
    rm -f "$BATS_TEST_TMPDIR/archive.tgz"
    cp "$ARCHIVES/$ARCHIVE" "$BATS_TEST_TMPDIR/private.tgz"
    chmod 600 "$BATS_TEST_TMPDIR/private.tgz"
    write_release r.ini "$ARCHIVE" "file://$BATS_TEST_TMPDIR/private.tgz" ""
    cudnnv install 8.1.0.77 2>/dev/null
    [ "$(stat -c %a "$CUDNNV_ROOT/cache/$ARCHIVE")" = 600 ]
}
