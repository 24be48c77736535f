#!/usr/bin/env bats
# make install: an installed cudnnv finds its helpers, shims and catalog
# under its own prefix (bin/, lib/cudnnv/, share/cudnnv/).

load helpers

@test "an installed cudnnv installs, knows the catalog, and serves programs through its shims" {
    repo="$BATS_TEST_DIRNAME/../.."
    make -C "$repo" --no-print-directory -s install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/opt/cudnnv >/dev/null
    installed="$BATS_TEST_TMPDIR/root/opt/cudnnv"
    [ -x "$installed/bin/cudnnv" ]
    [ -x "$installed/lib/cudnnv/cudnnv-install" ]
    [ -f "$installed/share/man/man1/cudnnv.1" ]
    CUDNNV="$installed/bin/cudnnv"
    run cudnnv known 8.1
    assert_status 0
    assert_output_has "8.1.0.77"
    run cudnnv install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    assert_status 0
    cudnnv use 8.0
    run cudnnv exec "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    cmp "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" "$installed/lib/cudnnv/libcudnn.so.8"
}
