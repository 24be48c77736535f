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

# walk_with_mise SHELL_COMMAND CUDNNV_INIT MISE_INIT: in a shell with both hooks, ~ -> a TF 2.4 project (its CUDA
# 11.0 runtime) -> a mise project whose [env] puts a folder in front of LD_LIBRARY_PATH -> ~ again, probing each.
walk_with_mise() {
    local socket="cudnnv-mise-$$-$RANDOM" probe="$BATS_TEST_DIRNAME/../fixtures/probe-env.sh"
    tmux -L "$socket" new-session -d -s test -x 250 -y 50 \
        env -i HOME="$HOME" PATH="$(dirname "$MISE"):$PATH" TERM=xterm CUDNNV_ROOT="$CUDNNV_ROOT" \
        MISE_DATA_DIR="$MISE_DATA_DIR" MISE_CONFIG_DIR="$MISE_CONFIG_DIR" MISE_CACHE_DIR="$MISE_CACHE_DIR" \
        MISE_STATE_DIR="$MISE_STATE_DIR" MISE_YES=1 LD_LIBRARY_PATH="/opt/user lib" $1
    type_lines "$socket" "$OUT/done" "$OUT/screen.txt" "$2" "$3" "cd $HOME" "$probe $OUT/home.env" \
        "cd $BATS_TEST_TMPDIR/tf24" "$probe $OUT/tf24.env" "cd $BATS_TEST_TMPDIR/mise-project" "$probe $OUT/mise.env" \
        "cd $HOME" "$probe $OUT/back.env" "touch $OUT/done"
}

@test "beside mise activate, the hook gives back exactly what it took: bash, zsh, fish; doctor names a runtime on the path that no pin here asks for" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    mkdir -p "$BATS_TEST_TMPDIR/tf24" "$BATS_TEST_TMPDIR/mise-project"
    printf '8.0\ncuda 11.0\n' > "$BATS_TEST_TMPDIR/tf24/.cudnn-version"
    (cd "$BATS_TEST_TMPDIR/tf24" && cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/11.0/lib64" 2>/dev/null)
    printf '[env]\nLD_LIBRARY_PATH = "/opt/mise lib:{{env.LD_LIBRARY_PATH}}"\n' > "$BATS_TEST_TMPDIR/mise-project/mise.toml"
    mise trust -q "$BATS_TEST_TMPDIR/mise-project/mise.toml"
    local runtime="$CUDNNV_ROOT/cuda/runtime/11.0/lib" shell
    for shell in bash zsh fish; do
        OUT="$BATS_TEST_TMPDIR/out-$shell"
        mkdir -p "$OUT"
        case $shell in
        bash) walk_with_mise "bash --norc --noprofile -i" "eval \"\$(cudnnv init bash)\"" 'eval "$(mise activate bash)"' ;;
        zsh) walk_with_mise "zsh -f -i" "eval \"\$(cudnnv init zsh)\"" 'eval "$(mise activate zsh)"' ;;
        fish) walk_with_mise "fish --no-config -i" "cudnnv init fish | source" "mise activate fish | source" ;;
        esac
        grep -q "^LD_LIBRARY_PATH=.*$runtime" "$OUT/tf24.env" || { echo "$shell: no runtime in the project" >&2; cat "$OUT/tf24.env" >&2; return 1; }
        grep -q "^LD_LIBRARY_PATH=.*/opt/mise lib" "$OUT/mise.env" || { echo "$shell: mise's [env] not applied" >&2; cat "$OUT/mise.env" >&2; return 1; }
        if grep -q "$runtime" "$OUT/mise.env" "$OUT/back.env"; then
            echo "$shell: the runtime stayed on the path after leaving its project:" >&2
            cat "$OUT/mise.env" "$OUT/back.env" >&2
            return 1
        fi
        grep -q "^LD_LIBRARY_PATH=.*/opt/user lib" "$OUT/back.env" || { echo "$shell: the user's entry was lost" >&2; cat "$OUT/back.env" >&2; return 1; }
    done
    # a runtime folder on the path where no pin asks for one is named
    cd "$HOME"
    LD_LIBRARY_PATH="$runtime:/opt/user lib" run cudnnv doctor
    assert_output_has "WARN  library path: $runtime, a project's CUDA 11.0 runtime, is on LD_LIBRARY_PATH, but no .cudnn-version here pins it"
}
