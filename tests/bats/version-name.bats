#!/usr/bin/env bats
# cudnnv version-name: just the name, for prompts.

load helpers

@test "version-name prints the resolved name and nothing else" {
    install_usual_fixtures
    cudnnv use 8
    run cudnnv version-name
    assert_status 0
    [ "$output" = "8.1.1.33" ]
}

@test "version-name fails with the reason when the pin is not installed" {
    cudnnv use --force 7.6 2>/dev/null
    run cudnnv version-name
    assert_status 1
    assert_output_has "version '7.6' is not installed"
    run cudnnv version-name extra
    assert_status 2
}
