#!/usr/bin/env bats
# cudnnv update: the catalog repository, cloned and fast-forwarded with
# libgit2 from a local bare repository over file://.

load helpers

commit_release() { # commit_release VERSION: adds a release to the upstream catalog
    printf '[release]\nversion = %s\n\n[build cuda13]\ncuda = 13\nmin_driver_linux = 580\nlinux_archive = cudnn-linux-x86_64-%s_cuda13-archive.tar.xz\n' \
        "$1" "$1" > "$UPSTREAM_WORK/catalog/$1.ini"
    git -C "$UPSTREAM_WORK" add -A
    git -C "$UPSTREAM_WORK" -c user.name=test -c user.email=test@example.org commit -qm "add $1"
    git -C "$UPSTREAM_WORK" push -q origin HEAD 2>/dev/null
}

setup_upstream() {
    UPSTREAM="$BATS_TEST_TMPDIR/catalog.git"
    UPSTREAM_WORK="$BATS_TEST_TMPDIR/catalog-work"
    git init -q --bare "$UPSTREAM"
    git clone -q "$UPSTREAM" "$UPSTREAM_WORK" 2>/dev/null
    mkdir -p "$UPSTREAM_WORK/catalog"
    cp "$BATS_TEST_DIRNAME"/../../versions/catalog/*.ini "$UPSTREAM_WORK/catalog/"
    cp "$BATS_TEST_DIRNAME/../../versions/frameworks.ini" "$UPSTREAM_WORK/"
    commit_release 9.99.0.1
}

@test "update clones the catalog; its releases then override the shipped ones" {
    setup_upstream
    run cudnnv known 9.99
    assert_status 1
    run cudnnv update --remote "file://$UPSTREAM"
    assert_status 0
    assert_output_has "catalog cloned at"
    [ -d "$CUDNNV_ROOT/catalog/.git" ]
    run cudnnv known 9.99
    assert_status 0
    [ "$output" = "  9.99.0.1     CUDA 13" ]
}

@test "update fast-forwards to new upstream commits, and says when up to date" {
    setup_upstream
    cudnnv update --remote "file://$UPSTREAM" 2>/dev/null
    commit_release 9.99.1.1
    printf '[catalog]\nremote = file://%s\n' "$UPSTREAM" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    assert_output_has "catalog updated at $(git -C "$UPSTREAM_WORK" rev-parse --short=12 HEAD)"
    run cudnnv known 9.99
    [ "${#lines[@]}" -eq 2 ]
    run cudnnv update
    assert_output_has "already up to date"
}

@test "a catalog with local commits is not overwritten" {
    setup_upstream
    cudnnv update --remote "file://$UPSTREAM" 2>/dev/null
    commit_release 9.99.1.1
    echo "; mine" >> "$CUDNNV_ROOT/catalog/frameworks.ini"
    git -C "$CUDNNV_ROOT/catalog" -c user.name=me -c user.email=me@example.org commit -qam mine
    before=$(git -C "$CUDNNV_ROOT/catalog" rev-parse HEAD)
    run cudnnv update --remote "file://$UPSTREAM"
    assert_status 1
    assert_output_has "cannot fast-forward"
    [ "$(git -C "$CUDNNV_ROOT/catalog" rev-parse HEAD)" = "$before" ]
}

@test "no remote configured, or one that does not exist, is explained" {
    run cudnnv update
    assert_status 1
    assert_output_has "no catalog remote is configured"
    run cudnnv update --remote "file://$BATS_TEST_TMPDIR/nothing.git"
    assert_status 1
    assert_output_has "cannot clone file://$BATS_TEST_TMPDIR/nothing.git"
    [ ! -e "$CUDNNV_ROOT/catalog" ]
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
    run cudnnv update --help
    assert_output_has "Usage: cudnnv update"
}
