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
