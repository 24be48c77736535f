#!/usr/bin/env bats
# cudnnv latest: the newest installed (or known) version of a prefix.

load helpers

@test "latest PREFIX prints the newest installed match on a dot boundary, --known the catalog's" {
    install_usual_fixtures
    run cudnnv latest 8
    assert_status 0
    [ "$output" = 8.1.1.33 ]
    run cudnnv latest 8.0
    [ "$output" = 8.0.4.30 ]
    run cudnnv latest 7
    assert_status 1
    assert_output_has "no installed set matches '7'"
    run cudnnv latest --known 8.9
    assert_status 0
    [ "$output" = 8.9.7.29 ]
    run cudnnv latest --known 8.99
    assert_status 1
    run cudnnv latest
    assert_status 2
}

@test "install --list is the catalog, as known lists it" {
    run cudnnv install --list 9.7
    assert_status 0
    [ "$output" = "$(cudnnv known 9.7)" ]
}
