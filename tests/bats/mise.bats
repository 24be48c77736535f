#!/usr/bin/env bats
# mise users: a project's `cudnn = "…"` in mise.toml (or `cudnn …` in
# .tool-versions) is mise's too. With cudnnv's asdf-style plugin
# (hooks/asdf-plugin) linked, the real mise (from the npm registry, fetched
# by make check) answers for cudnn through cudnnv: install, ls, current and
# exec, with no warning; with disable_tools it leaves cudnn to cudnnv alone.

load helpers

PLUGIN="$BATS_TEST_DIRNAME/../../hooks/asdf-plugin"

setup() {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    export HOME="$BATS_TEST_TMPDIR/home"
    export CUDNNV_SYSTEM_ROOT="$BATS_TEST_TMPDIR/system"
    unset CUDNNV_VERSION
    : "${MISE:?set MISE to the mise binary (make check fetches it)}"
    [ -x "$MISE" ] || { echo "no mise at $MISE: run 'make check' (it fetches it)" >&2; return 1; }
    export MISE_DATA_DIR="$BATS_TEST_TMPDIR/mise/data" MISE_CONFIG_DIR="$BATS_TEST_TMPDIR/mise/config"
    export MISE_CACHE_DIR="$BATS_TEST_TMPDIR/mise/cache" MISE_STATE_DIR="$BATS_TEST_TMPDIR/mise/state" MISE_YES=1
    # cudnnv on PATH, as the plugin calls it
    mkdir -p "$HOME" "$BATS_TEST_TMPDIR/bin" "$BATS_TEST_TMPDIR/project"
    ln -sf "$CUDNNV" "$BATS_TEST_TMPDIR/bin/cudnnv"
    export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
    cd "$BATS_TEST_TMPDIR/project"
}

mise() {
    "$MISE" "$@"
}

# catalog_release: 8.1.0.77 in the store's catalog, its archive a file here (no network needed).
catalog_release() {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    write_test_release linux "$archive" "file://$ARCHIVES/$archive" "$(sum "$ARCHIVES/$archive")" 460.27.03
}

@test "with the plugin linked, mise install, ls, current and exec answer for cudnn through cudnnv, with no warning" {
    catalog_release
    run mise plugins link cudnn "$PLUGIN"
    assert_status 0
    printf '[tools]\ncudnn = "8.1.0.77"\n' > mise.toml
    mise trust -q mise.toml
    run --separate-stderr mise install
    assert_status 0
    assert_sets 8.1.0.77
    run --separate-stderr mise ls
    assert_status 0
    assert_output_has "cudnn  8.1.0.77"
    run --separate-stderr mise current
    assert_status 0
    [ "$output" = "cudnn 8.1.0.77" ]
    [ -z "$stderr" ]
    # a program started by mise exec gets the set through cudnnv's shims
    run --separate-stderr mise exec -- "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8100 ]
    # cudnnv reads the same file
    run cudnnv version-name
    [ "$output" = 8.1.0.77 ]
    # .tool-versions, asdf's file, the same way
    mkdir -p "$BATS_TEST_TMPDIR/asdf-project" && cd "$BATS_TEST_TMPDIR/asdf-project"
    echo 'cudnn 8.1.0.77' > .tool-versions
    run --separate-stderr mise current cudnn
    assert_status 0
    [ "$output" = 8.1.0.77 ]
    [ -z "$stderr" ]
    # list-all is cudnnv's catalog
    run mise ls-remote cudnn
    assert_status 0
    assert_output_has "8.0.5.39"
    assert_output_has "8.1.0.77"
}

@test "without the plugin mise warns at every command; disable_tools leaves cudnn to cudnnv, silently" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    printf '[tools]\ncudnn = "8.0"\n' > mise.toml
    mise trust -q mise.toml
    run --separate-stderr mise current
    assert_output_has "cudnn not found in mise tool registry" "$stderr"
    mkdir -p "$MISE_CONFIG_DIR"
    printf '[settings]\ndisable_tools = ["cudnn"]\n' > "$MISE_CONFIG_DIR/config.toml"
    for command in current install "exec -- true"; do
        run --separate-stderr mise $command
        assert_status 0
        refute_output_has "WARN" "$stderr"
        refute_output_has "cudnn" "$stderr"
    done
    run cudnnv version-name
    [ "$output" = 8.0.4.30 ]
}

@test "the plugin passes a version and nothing else: --help, an option, a path, a new line are refused with one line" {
    catalog_release
    local version
    for version in --help "--index-url=http://127.0.0.1:9/simple" "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" \
                   "$(printf '8.1\n--help')" 8.1-cuda "8.1 " -cuda12 8..1; do
        rm -rf "$BATS_TEST_TMPDIR/tool"
        ASDF_INSTALL_TYPE=version ASDF_INSTALL_VERSION="$version" ASDF_INSTALL_PATH="$BATS_TEST_TMPDIR/tool" \
            run --separate-stderr "$PLUGIN/bin/install"
        [ "$status" -eq 1 ] || { echo "accepted: $version" >&2; return 1; }
        [ "${#stderr_lines[@]}" -eq 1 ] || { echo "not one line for $version: $stderr" >&2; return 1; }
        assert_output_has "is not a cuDNN version" "$stderr"
        [ ! -e "$BATS_TEST_TMPDIR/tool/cudnnv-set" ]
        [ ! -d "$CUDNNV_ROOT/versions" ] || [ -z "$(ls -A "$CUDNNV_ROOT/versions")" ]
    done
    ASDF_INSTALL_TYPE=version ASDF_INSTALL_VERSION="--help" run bash -c ". '$PLUGIN/bin/exec-env'; echo \"\${LD_PRELOAD:-none}\""
    [ "${lines[-1]}" = none ]
    # a version, and one with its CUDA build, go through
    ASDF_INSTALL_TYPE=version ASDF_INSTALL_VERSION=8.1.0.77 ASDF_INSTALL_PATH="$BATS_TEST_TMPDIR/tool" \
        run "$PLUGIN/bin/install"
    assert_status 0
    [ "$(cat "$BATS_TEST_TMPDIR/tool/cudnnv-set")" = "$CUDNNV_ROOT/versions/8.1.0.77" ]
}
