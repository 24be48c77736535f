#!/usr/bin/env bats
# What the shim trusts: only files this user or root controls, and only sets
# built for this platform.

load helpers

@test "a library file of the set that others can write is refused" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    lib="$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn_ops_infer.so.8.1.0"
    chmod o+w "$lib"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $lib can be written by another user"
    chmod o-w "$lib"
    run host
    [ "${lines[0]}" = 8100 ]
}

# open_folder: a folder anyone may write to, in $open_dir.
open_folder() {
    open_dir="$BATS_TEST_TMPDIR/world"
    mkdir -p "$open_dir"
    chmod 0777 "$open_dir"
}

@test "a library link leading into a folder others can write is refused" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    open_folder
    lib_dir="$CUDNNV_ROOT/versions/8.1.0.77/lib"
    cp "$lib_dir/libcudnn.so.8.1.0" "$open_dir/"
    chmod 644 "$open_dir/libcudnn.so.8.1.0"
    ln -sf "$open_dir/libcudnn.so.8.1.0" "$lib_dir/libcudnn.so.8"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $open_dir can be written by another user"
}

@test "a .cudnn-version owned by another user (not root) is not obeyed; debug and doctor say so" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give a file to another user"; fi
    setup_store
    cudnnv global 8.1 2>/dev/null
    shared="$BATS_TEST_TMPDIR/sticky"
    mkdir -p "$shared/theirs"
    chmod 1777 "$shared"
    echo 8.0 > "$shared/theirs/.cudnn-version"
    chown -R nobody "$shared/theirs"
    cd "$shared/theirs"
    CUDNNV_DEBUG=1 run --separate-stderr host
    [ "${lines[0]}" = 8100 ]
    output=$stderr assert_output_has "cudnnv: ignored $shared/theirs/.cudnn-version: it belongs to another user (not root), so it is not obeyed"
    run cudnnv version-name
    [ "$output" = 8.1.0.77 ]
    run cudnnv doctor
    assert_output_has "$shared/theirs/.cudnn-version is not obeyed"
    # the same file given to root is obeyed
    chown root "$shared/theirs/.cudnn-version"
    run host
    [ "${lines[0]}" = 8004 ]
}

@test "a Linux program pinned to a release installed for Windows and Linux gets the Linux set" {
    install_fixture cudnn-11.2-windows-x64-v8.1.0.77-test.zip cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77-linux" ]
    cudnnv use 8.1.0.77 2>/dev/null
    run cudnnv version-name
    [ "$output" = 8.1.0.77-linux ]
    run host
    assert_status 0
    [ "${lines[0]}" = 8100 ]
    assert_output_has "versions/8.1.0.77-linux/lib/libcudnn.so.8.1.0"
    # a Windows-only pin is refused by name, never loaded
    cudnnv uninstall 8.1.0.77-linux 2>/dev/null || cudnnv uninstall --force 8.1.0.77-linux
    run -127 host
    assert_output_has "set '8.1.0.77' (set by $PWD/.cudnn-version) is not built for linux"
}

@test "an Arm server's set (linux-sbsa) is recorded as such and never chosen for an x86-64 program" {
    arm="$BATS_TEST_TMPDIR/cudnn-linux-sbsa-8.1.0.77_cuda11-archive.tar.xz"
    "$FIXTURES/bin/mkarchive" "$arm" "tree:cudnn-linux-sbsa-8.1.0.77_cuda11-archive=$FIXTURES/aarch64/sets/8.1.0"
    cudnnv install "$arm" 2>/dev/null
    grep -q '^platform = linux-sbsa$' "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    # no x86-64 set of cuDNN 8: no shim answers for it here
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    [ -d "$CUDNNV_ROOT/versions/8.1.0.77-linux" ]
    SHIMS="$CUDNNV_ROOT/shims/lib"
    cudnnv use 8.1.0.77 2>/dev/null
    run host
    assert_status 0
    [ "${lines[0]}" = 8100 ]
    assert_output_has "versions/8.1.0.77-linux/lib/libcudnn.so.8.1.0"
    run cudnnv known --platform linux-sbsa 8.9
    assert_output_has "cudnn-linux-sbsa-8.9.7.29_cuda12-archive.tar.xz"
}

@test "every step from / to what the shim loads is checked: a store root or versions/ others can write is refused, by the shim and the manager" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    chmod 0777 "$CUDNNV_ROOT"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $CUDNNV_ROOT can be written by another user"
    run cudnnv versions
    assert_output_has "8.1.0.77 (set by $PWD/.cudnn-version) [refused: $CUDNNV_ROOT can be written by another user]"
    run cudnnv verify 8.1.0.77
    assert_status 1
    assert_output_has "8.1.0.77: REFUSED ($CUDNNV_ROOT can be written by another user)"
    run cudnnv which
    assert_status 1
    assert_output_has "refusing set '8.1.0.77': $CUDNNV_ROOT can be written by another user"
    chmod 0755 "$CUDNNV_ROOT"
    chmod 0777 "$CUDNNV_ROOT/versions"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $CUDNNV_ROOT/versions can be written by another user"
    chmod 0755 "$CUDNNV_ROOT/versions"
    run host
    [ "${lines[0]}" = 8100 ]
}

@test "a sticky versions/ (1777) is accepted for the user's own sets, and refused for a set planted by another user" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to plant a set as another user"; fi
    setup_store
    cudnnv use 8.1 2>/dev/null
    chmod 1777 "$CUDNNV_ROOT/versions"
    run host
    [ "${lines[0]}" = 8100 ]
    chown -R nobody "$CUDNNV_ROOT/versions/8.1.0.77"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $CUDNNV_ROOT/versions/8.1.0.77 belongs to user 65534, not to you, root or the store's owner"
    run cudnnv versions --json
    assert_output_has '"refused": "'"$CUDNNV_ROOT"'/versions/8.1.0.77 belongs to user 65534'
}

@test "a library link is judged by what it leads to, whatever its name: a writable sibling is refused" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    lib_dir="$CUDNNV_ROOT/versions/8.1.0.77/lib"
    cp "$lib_dir/libcudnn.so.8.1.0" "$lib_dir/payload.so"
    chmod 0666 "$lib_dir/payload.so"
    ln -sf payload.so "$lib_dir/libcudnn.so.8"
    run -127 host
    assert_output_has "refusing set '8.1.0.77': $lib_dir/payload.so can be written by another user"
}

@test "verify says why a MANIFEST cannot be read (permission denied), not that it is missing" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to run a command as another user"; fi
    top=$(mktemp -d /tmp/cudnnv-verify.XXXXXX)
    share_programs "$top"
    CUDNNV_ROOT="$top/store" install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    chown -R nobody "$top/store"
    chmod 000 "$top/store/versions/8.1.0.77/MANIFEST"
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME="$top" \
        CUDNNV_ROOT="$top/store" "$CUDNNV" verify
    rm -rf "$top"
    assert_status 1
    assert_output_has "cannot read the MANIFEST of 8.1.0.77 ($top/store/versions/8.1.0.77/MANIFEST): Permission denied"
    refute_output_has "has no MANIFEST"
}

@test "a set folder swapped for a link between the shim's loading and the first call is judged where it then leads" {
    setup_store
    cudnnv use 8.1 2>/dev/null
    open_folder
    LD_LIBRARY_PATH="$SHIMS" "$FIXTURES/bin/host_wait" libcudnn.so.8 "$BATS_TEST_TMPDIR/go" \
        > "$BATS_TEST_TMPDIR/host.out" 2>&1 &
    local host_pid=$!
    sleep 0.3   # the shim is loaded; the first call waits for "go"
    mv "$CUDNNV_ROOT/versions/8.1.0.77" "$open_dir/8.1.0.77"
    ln -s "$open_dir/8.1.0.77" "$CUDNNV_ROOT/versions/8.1.0.77"
    touch "$BATS_TEST_TMPDIR/go"
    status=0
    wait "$host_pid" || status=$?
    output=$(cat "$BATS_TEST_TMPDIR/host.out")
    assert_status 127
    assert_output_has "refusing set '8.1.0.77': $open_dir can be written by another user"
}

@test "CUDNNV_CONFIG is obeyed as the store is: another user's file in a 1777 folder is refused, naming its owner" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give a file to another user"; fi
    local shared="$BATS_TEST_TMPDIR/shared" served="$BATS_TEST_TMPDIR/their redist"
    mkdir -p "$shared" "$served"
    chmod 1777 "$shared"
    printf '[catalog]\ncuda_redist = file://%s/\n' "${served// /%20}" > "$shared/config"
    chown nobody "$shared/config"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    printf '8.1\ncuda 12.2\n' > .cudnn-version
    CUDNNV_CONFIG="$shared/config" run cudnnv install --dry-run
    assert_output_has "refusing CUDNNV_CONFIG=$shared/config: $shared/config belongs to user $(id -u nobody), not to you, root or the store's owner"
    refute_output_has "their redist"
    refute_output_has "their%20redist"
    # the same file, root's own, is obeyed
    chown root "$shared/config"
    CUDNNV_CONFIG="$shared/config" run cudnnv install --dry-run
    refute_output_has "refusing CUDNNV_CONFIG"
    assert_output_has "their%20redist"
}
