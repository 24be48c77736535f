#!/usr/bin/env bats
# The setup-cudnn action (hooks/github/action.yml) run as GitHub runs it,
# without GitHub: its script's two steps with fresh GITHUB_ENV, GITHUB_PATH
# and GITHUB_OUTPUT files, RUNNER_* variables, a folder standing in for
# actions/cache (restored before the install step, saved after), and the
# lock's archive at a file:// "upstream" that later drops it.

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
ACTION="$BATS_TEST_DIRNAME/../../hooks/github/setup-cudnn.sh"

# A project locked to 8.1.0.77, whose archive lives at file://$UPSTREAM.
locked_project() {
    UPSTREAM="$BATS_TEST_TMPDIR/upstream" PROJECT="$BATS_TEST_TMPDIR/repo"
    mkdir -p "$UPSTREAM" "$PROJECT"
    cp "$ARCHIVES/$ARCHIVE" "$UPSTREAM/"
    write_test_release linux "$ARCHIVE" "file://$UPSTREAM/$ARCHIVE" "$(sha256sum "$ARCHIVES/$ARCHIVE" | cut -c1-64)" 460.27.03
    cudnnv install 8.1.0.77 2>/dev/null
    cd "$PROJECT"
    cudnnv use 8.1 2>/dev/null
    cudnnv lock 2>/dev/null
    CACHE="$BATS_TEST_TMPDIR/actions-cache"
    mkdir -p "$CACHE"
}

# job NAME [VAR=VALUE...]: one run of the action on a fresh runner (its own HOME and store), as GitHub runs the
# steps: prepare, actions/cache's restore (hit when the key's folder exists), install, and the cache's save.
job() {
    local name=$1 runner="$BATS_TEST_TMPDIR/runner-$1"
    shift
    mkdir -p "$runner/home" "$runner/temp"
    : > "$runner/env"; : > "$runner/path"; : > "$runner/output"
    run env -i PATH=/usr/bin:/bin HOME="$runner/home" GITHUB_ENV="$runner/env" GITHUB_PATH="$runner/path" \
        GITHUB_OUTPUT="$runner/output" RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$runner/temp" \
        INPUT_LOCK=cudnn.lock INPUT_CUDNNV_PATH="$CUDNNV" "$@" bash -c '
            cd "$0" && "$1" prepare || exit
            key=$(sed -n "s/^cache-key=//p" "$GITHUB_OUTPUT") path=$(sed -n "s/^cache-path=//p" "$GITHUB_OUTPUT")
            hit=false
            if [ -d "$2/$key" ]; then cp -a "$2/$key/." "$path/"; hit=true; fi
            CACHE_HIT=$hit "$1" install || exit
            [ -d "$2/$key" ] || cp -a "$path" "$2/$key"' "$PROJECT" "$ACTION" "$CACHE"
    RUNNER="$runner"
}

output_of() { sed -n "s/^$1=//p" "$RUNNER/output"; }

@test "setup-cudnn: the lock's set installed and exported to later steps; the key is stable and follows the lock; a second run restores the cache and fetches nothing" {
    locked_project
    job first
    assert_status 0
    local key
    key=$(output_of cache-key)
    [[ "$key" == cudnnv-Linux-*-X64-*-"$(sha256sum cudnn.lock | cut -c1-64)" ]]
    [ "${#key}" -le 512 ]
    [ "$(output_of cache-hit)" = false ]
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    [ "$(output_of set-path)" = "$RUNNER/home/.cudnnv/versions/8.1.0.77" ]
    grep -qx "$(dirname "$CUDNNV")" "$RUNNER/path"
    # a later step of the job: GITHUB_ENV's variables, a program through the shims
    run env -i PATH=/usr/bin:/bin $(cat "$RUNNER/env") timeout 10 "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
    grep -qx "CUDNN_HOME=$RUNNER/home/.cudnnv/versions/8.1.0.77" "$RUNNER/env"
    # upstream drops the release; the next run restores the cache under the same key and fetches nothing
    rm "$UPSTREAM/$ARCHIVE"
    job second
    assert_status 0
    [ "$(output_of cache-key)" = "$key" ]
    [ "$(output_of cache-hit)" = true ]
    assert_output_has "using $ARCHIVE from the cache"
    refute_output_has "downloading"
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    # a changed lock is another key
    echo "# reviewed" >> cudnn.lock
    job third
    [ "$(output_of cache-key)" != "$key" ]
}

@test "setup-cudnn: an archive whose bytes differ from the lock's fails the job, nothing exported; a mirror folder serves what upstream dropped" {
    locked_project
    echo tampered >> "$UPSTREAM/$ARCHIVE"
    job tampered
    [ "$status" -ne 0 ]
    assert_output_has "::error::setup-cudnn: cudnnv install --locked failed"
    [ -z "$(output_of cudnn-version)" ]
    [ ! -s "$RUNNER/env" ]
    rm "$UPSTREAM/$ARCHIVE"
    local mirror="$BATS_TEST_TMPDIR/mirror"
    mkdir -p "$mirror" && cp "$ARCHIVES/$ARCHIVE" "$mirror/"
    job mirrored INPUT_MIRROR="file://$mirror"
    assert_status 0
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    # outside a job, the script says what it needs
    run env -i PATH=/usr/bin:/bin "$ACTION" prepare
    [ "$status" -ne 0 ]
    assert_output_has "GITHUB_OUTPUT is not set"
}

@test "setup-cudnn: cudnnv itself from the release tarball (make dist) when the runner has none" {
    local version artifact
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    locked_project
    job tarball INPUT_CUDNNV_PATH= INPUT_TARBALL="$artifact"
    assert_status 0
    grep -qx "$RUNNER/temp/setup-cudnn/cudnnv-$version-linux-$(uname -m)/bin" "$RUNNER/path"
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    [[ "$(output_of cache-key)" == *"-$version-"* ]]
    run env -i PATH=/usr/bin:/bin $(cat "$RUNNER/env") timeout 10 "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
    # a tarball that is not one stops the job, saying so
    echo "not a tarball" > "$BATS_TEST_TMPDIR/bad.tar.gz"
    job bad INPUT_CUDNNV_PATH= INPUT_TARBALL="$BATS_TEST_TMPDIR/bad.tar.gz"
    [ "$status" -ne 0 ]
    assert_output_has "is not a cudnnv release tarball"
}
