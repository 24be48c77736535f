#!/usr/bin/env bats
# A newcomer's first hour, step by step: the small trips each answer must
# not set (a refusal that hides its way, a note that reads as an error, a
# version with no number, a typo with no suggestion, a second version file
# that silently wins).

load helpers

@test "use of a release not installed names --force, as use --for pins one freely" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv use 8.5
    assert_status 1
    assert_output_has "version '8.5' is not installed; run 'cudnnv install 8.5'"
    assert_output_has "or pin it before it is installed with --force"
    run cudnnv use --force 8.5
    assert_status 0
    [ "$(cat .cudnn-version)" = 8.5 ]
}

@test "version on a name linked as system says its cuDNN version" {
    cudnnv link system "$SETS/8.1.0" 2>/dev/null
    echo system > .cudnn-version
    run cudnnv version
    assert_status 0
    assert_output_has "system: cuDNN 8.1.0 (set by $PWD/.cudnn-version)"
}

@test "a typo of another manager's habit is suggested: lsit, isntall" {
    run cudnnv lsit
    assert_status 2
    assert_output_has "no such command 'lsit'; did you mean 'list'? cudnnv's is 'cudnnv versions'"
    run cudnnv isntall
    assert_status 2
    assert_output_has "did you mean 'install'?"
}

@test "use in a project that pins cudnn in .tool-versions updates that file, and says when mise.toml is overruled" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    printf 'python 3.11\ncudnn 8.0\n' > .tool-versions
    run cudnnv use 8.1
    assert_status 0
    assert_output_has "pinning in $PWD/.tool-versions, where this project already pins cudnn"
    [ ! -e .cudnn-version ]
    [ "$(cat .tool-versions)" = "$(printf 'python 3.11\ncudnn 8.1')" ]
    run cudnnv version-name
    [ "$output" = 8.1.0.77 ]
    rm .tool-versions
    printf '[tools]\ncudnn = "8.0"\n' > mise.toml
    run cudnnv use 8.1
    assert_status 0
    assert_output_has "mise.toml here pins cudnn too: the .cudnn-version written now wins over it in this folder"
    [ "$(cat .cudnn-version)" = 8.1 ]
}

@test "after cd into a project whose pin is not installed, a program is told why at its first cuDNN call (the hook keeps the shims on the path)" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv rehash 2>/dev/null
    echo 8.5 > .cudnn-version
    run --separate-stderr cudnnv hook-env bash
    assert_status 0
    [ -z "$stderr" ]
    assert_output_has "export LD_LIBRARY_PATH='$CUDNNV_ROOT/shims/lib"
    assert_output_has "CUDNNV_PROBLEM='version '\\''8.5'\\'' is not installed"
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run -127 timeout 10 "$FIXTURES/bin/host_dlopen"
    assert_output_has "cudnnv: version '8.5' is not installed (set by $PWD/.cudnn-version)"
}

@test "the README's start-up lines say nothing once cudnnv is gone, and set up the hook while it is there" {
    local readme="$BATS_TEST_DIRNAME/../../README.md" line bin="$BATS_TEST_TMPDIR/bin"
    line=$(sed -n 's/^| bash | `~\/.bashrc` | `\(.*\)` |$/\1/p' "$readme")
    [ -n "$line" ]
    mkdir -p "$bin"
    # gone: no cudnnv on PATH
    run env -i HOME="$HOME" PATH=/usr/bin:/bin bash --norc --noprofile -c "$line; echo started"
    assert_status 0
    [ "$output" = started ]
    ln -s "$CUDNNV" "$bin/cudnnv"
    run env -i HOME="$HOME" CUDNNV_ROOT="$CUDNNV_ROOT" PATH="$bin:/usr/bin:/bin" bash --norc --noprofile -c "$line; type -t cudnnv"
    assert_status 0
    assert_output_has function
    line=$(sed -n 's/^| zsh | `~\/.zshrc` | `\(.*\)` |$/\1/p' "$readme")
    run env -i HOME="$HOME" PATH=/usr/bin:/bin zsh -f -c "$line; echo started"
    [ "$output" = started ]
    line=$(sed -n 's/^| fish | `~\/.config\/fish\/config.fish` | `\(.*\)` |$/\1/p' "$readme" | sed 's/\\|/|/')
    run env -i HOME="$HOME" PATH=/usr/bin:/bin fish --no-config -c "$line; echo started"
    [ "$output" = started ]
}

@test "offline, a bare install in a project pinning cuDNN and a CUDA runtime says every missing piece and its offline way at once" {
    printf '8.0\ncuda 11.0\n' > .cudnn-version
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nbase_url = http://127.0.0.1:9\n' > "$CUDNNV_ROOT/config"
    run cudnnv install
    assert_status 1
    assert_output_has "'cudnnv install FILE'"
    assert_output_has "the CUDA 11.0 runtime $PWD/.cudnn-version pins is not installed either"
    assert_output_has "'cudnnv install --cuda-libs-from DIR'"
}
