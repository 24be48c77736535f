#!/usr/bin/env bats
# cudnnv completions, and the bash completion function that uses it.

load helpers

@test "completions lists the commands, not the plumbing" {
    run cudnnv completions
    assert_status 0
    assert_output_has "install"
    assert_output_has "version-name"
    ! echo "$output" | grep -qx hook-env
}

@test "completions for a command: its options and, where it takes one, the installed sets" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv completions use
    assert_output_has "--unset"
    assert_output_has "8.1.0.77"
    run cudnnv completions versions
    assert_output_has "--bare"
    ! echo "$output" | grep -q 8.1.0.77
}

@test "bash completes commands and versions through the init function" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    eval "$("$CUDNNV" init bash)"
    COMP_WORDS=(cudnnv ver) COMP_CWORD=1
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "versions version version-name version-file verify" ]
    COMP_WORDS=(cudnnv use 8.1) COMP_CWORD=2
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "8.1.0.77" ]
}

@test "zsh and fish completion definitions are present" {
    cudnnv init zsh | grep -q "compdef _cudnnv_complete cudnnv"
    cudnnv init fish | grep -q "complete -c cudnnv -n '__fish_use_subcommand'"
}
