#!/usr/bin/env bats
# cudnnv shell: shell code for a per-shell choice.

load helpers

@test "shell prints code that sets CUDNNV_VERSION, and it takes effect when evaluated" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv shell 8.0
    assert_status 0
    [ "$output" = "export CUDNNV_VERSION='8.0'" ]
    eval "$(cudnnv shell 8.0)"
    run cudnnv version
    [ "$output" = "8.0.4.30 (set by CUDNNV_VERSION)" ]
    run cudnnv shell
    [ "$output" = "8.0" ]
    eval "$(cudnnv shell --unset)"
    [ -z "${CUDNNV_VERSION:-}" ]
    [ "$(cudnnv version-name)" = "8.1.1.33" ]
}

@test "shell speaks fish and PowerShell" {
    install_usual_fixtures
    run cudnnv shell --shell fish 8.1
    [ "$output" = "set -gx CUDNNV_VERSION '8.1'" ]
    run cudnnv shell --shell pwsh 8.1
    [ "$output" = "\$Env:CUDNNV_VERSION = '8.1'" ]
    run cudnnv shell --shell fish --unset
    [ "$output" = "set -e CUDNNV_VERSION" ]
    run cudnnv shell --shell tcsh 8.1
    assert_status 2
}

@test "shell refuses versions that are not installed; without one set it explains" {
    run cudnnv shell 8.3
    assert_status 1
    assert_output_has "not installed"
    run cudnnv shell
    assert_status 1
    assert_output_has "cudnnv shell VERSION"
}

@test "with --shell (as the integration calls it) stdout is code only: the current choice as a line that prints it, help on stderr" {
    install_usual_fixtures
    CUDNNV_VERSION=8.0 run --separate-stderr cudnnv shell --shell bash
    assert_status 0
    [ "$output" = "printf '%s\n' '8.0'" ]
    [ "$(eval "$output")" = 8.0 ]
    CUDNNV_VERSION=8.0 run cudnnv shell --shell fish
    [ "$output" = "printf '%s\n' '8.0'" ]
    CUDNNV_VERSION=8.0 run cudnnv shell --shell pwsh
    [ "$output" = "Write-Output '8.0'" ]
    # by hand, without --shell: the value itself
    CUDNNV_VERSION=8.0 run cudnnv shell
    [ "$output" = 8.0 ]
    # help is for a person, and the integration evaluates stdout: stderr
    run --separate-stderr cudnnv shell --shell zsh --help
    assert_status 0
    [ -z "$output" ]
    [[ "$stderr" == *"Usage: cudnnv shell"* ]]
    # a failure prints no code
    run --separate-stderr cudnnv shell --shell bash 8.3
    assert_status 1
    [ -z "$output" ]
    # control bytes in CUDNNV_VERSION are neither echoed nor turned into code
    CUDNNV_VERSION=$'8.0\e]0;owned\a' run --separate-stderr cudnnv shell --shell bash
    assert_status 1
    [ -z "$output" ]
    [[ "$stderr" == *'8.0\x1b]0;owned\x07'* ]]
}

@test "without the integration, 'cudnnv shell 8.0' at a terminal prints the code and says how to apply it or enable the integration" {
    install_usual_fixtures
    script -qec "'$CUDNNV' shell 8.0" /dev/null > "$BATS_TEST_TMPDIR/terminal"
    grep -q "export CUDNNV_VERSION" "$BATS_TEST_TMPDIR/terminal"
    grep -q "this shell has no cudnnv integration" "$BATS_TEST_TMPDIR/terminal"
    grep -q "eval \"\$(cudnnv shell 8.0)\"" "$BATS_TEST_TMPDIR/terminal"
    grep -q "cudnnv init --help" "$BATS_TEST_TMPDIR/terminal"
}
