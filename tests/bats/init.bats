#!/usr/bin/env bats
# cudnnv init: the integration text for each shell. PowerShell cannot be
# installed on this Debian machine, so its text is checked, not run.

load helpers

@test "init bash prints valid bash with the function, the hook and completion" {
    run cudnnv init bash
    assert_status 0
    assert_output_has "cudnnv() {"
    assert_output_has "PROMPT_COMMAND=\"_cudnnv_hook"
    assert_output_has "complete -F _cudnnv_complete cudnnv"
    assert_output_has "command '$(readlink -f "$CUDNNV")' hook-env bash"
    bash -n <(cudnnv init bash)
    # no set of cuDNN 8 is installed: no shim answers for it
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
}

@test "init zsh and fish print valid code with their hooks" {
    run cudnnv init zsh
    assert_output_has "chpwd_functions=(_cudnnv_hook"
    assert_output_has "precmd_functions=(_cudnnv_hook"
    zsh -n <(cudnnv init zsh)
    run cudnnv init fish
    assert_output_has "function _cudnnv_hook --on-variable PWD --on-event fish_prompt"
    cudnnv init fish > "$BATS_TEST_TMPDIR/init.fish"
    fish --no-execute "$BATS_TEST_TMPDIR/init.fish"
}

@test "init pwsh: function, prompt wrapper, LocationChangedAction, completer, quoted path" {
    run cudnnv init pwsh
    assert_status 0
    assert_output_has "function global:cudnnv {"
    assert_output_has "function global:prompt {"
    assert_output_has '$ExecutionContext.InvokeCommand.LocationChangedAction = { _cudnnv_hook }'
    assert_output_has "Register-ArgumentCompleter -Native -CommandName cudnnv"
    assert_output_has "& '$(readlink -f "$CUDNNV")' hook-env pwsh"
    assert_output_has "shell --shell pwsh"
}

@test "the bash function applies 'cudnnv shell' to the current shell" {
    install_usual_fixtures
    cudnnv use 8.1
    eval "$("$CUDNNV" init bash)"
    cudnnv shell 8.0
    [ "$CUDNNV_VERSION" = 8.0 ]
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.0.4.30" ]
    [ "$(cudnnv version-name)" = 8.0.4.30 ]
    cudnnv shell --unset
    [ -z "${CUDNNV_VERSION:-}" ]
    [ "$CUDNN_HOME" = "$CUDNNV_ROOT/versions/8.1.1.33" ]
    run cudnnv shell 8.9
    assert_status 1
    # the rest is cudnnv's to decide: the current choice, help, nothing changed
    cudnnv shell 8.0
    [ "$(cudnnv shell)" = 8.0 ]
    run cudnnv shell --help
    assert_status 0
    assert_output_has "Usage: cudnnv shell"
    [ "$CUDNNV_VERSION" = 8.0 ]
}

@test "init without a known shell is bad usage" {
    run cudnnv init
    assert_status 2
    run cudnnv init tcsh
    assert_status 2
}

@test "the first init links the cuDNN of /usr/local/cuda as system; a removal sticks" {
    require_real_cudnn
    run cudnnv init bash
    assert_status 0
    assert_output_has "linked system -> $REAL_CUDA (cuDNN $REAL_SET)"
    grep -q '^kind = linked$' "$CUDNNV_ROOT/versions/system/cudnnv.ini"
    run cudnnv which libcudnn.so.9
    [ "$output" = "$(readlink -f "$REAL_CUDA/lib")/libcudnn.so.9" ]
    cudnnv uninstall system 2>/dev/null
    cudnnv init bash > /dev/null 2>&1
    [ ! -e "$CUDNNV_ROOT/versions/system" ]
}

@test "init of a shell cudnnv does not support says so and lists those it does" {
    run cudnnv init tcsh
    assert_status 2
    assert_output_has "'tcsh' is not a shell cudnnv supports; it supports bash zsh fish pwsh cmd"
}

@test "a cudnnv not on PATH puts its page on MANPATH, quoted: a hostile MANPATH runs nothing and is kept as it was" {
    local hostile=$'x\'; touch "$HOME/pwned"; echo \'\n$(touch "$HOME/pwned2")'
    run env -i HOME="$HOME" CUDNNV_ROOT="$CUDNNV_ROOT" PATH=/usr/bin:/bin MANPATH="$hostile" \
        bash -c 'eval "$("$1" init bash 2>/dev/null)" && printf "%s" "$MANPATH"' sh "$CUDNNV"
    assert_status 0
    [ "$output" = "$(cd "$(dirname "$CUDNNV")/.." && pwd)/share/man:$hostile" ]
    [ ! -e "$HOME/pwned" ]
    [ ! -e "$HOME/pwned2" ]
    # on PATH, man finds the page by itself: MANPATH is not touched
    run env -i HOME="$HOME" CUDNNV_ROOT="$CUDNNV_ROOT" PATH="$(dirname "$CUDNNV"):/usr/bin:/bin" "$CUDNNV" init bash
    assert_status 0
    refute_output_has "MANPATH"
}
