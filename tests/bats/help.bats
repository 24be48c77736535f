#!/usr/bin/env bats
# cudnnv help, --help on every command, --version, unknown commands.

load helpers

@test "help lists every command" {
    run cudnnv help
    assert_status 0
    for command in install uninstall link known versions use local global shell version \
        version-name version-file which prefix root exec env init doctor update check rehash verify help; do
        assert_output_has "  $command "
    done
}

@test "every command answers --help with its usage" {
    for command in install uninstall link known versions use local global shell version \
        version-name version-file which prefix root exec env init doctor update check rehash verify help; do
        run cudnnv "$command" --help
        assert_status 0
        assert_output_has "Usage: cudnnv"
        run cudnnv help "$command"
        assert_status 0
        assert_output_has "Usage: cudnnv"
    done
}

@test "--version, no arguments, unknown command" {
    run cudnnv --version
    assert_status 0
    [[ "$output" =~ ^cudnnv\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
    run cudnnv
    assert_status 0
    assert_output_has "Commands:"
    run cudnnv frobnicate
    assert_status 2
    assert_output_has "no such command 'frobnicate'"
    run cudnnv help frobnicate
    assert_status 2
    # a slip of the keyboard is named
    run cudnnv instal x
    assert_status 2
    assert_output_has "no such command 'instal'; did you mean 'install'?"
    run cudnnv help verfy
    assert_status 2
    assert_output_has "did you mean 'verify'?"
}

@test "the man page documents every command in the table" {
    for command in $(cudnnv help | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
        grep -q "^\.BI\? \"\?$command\b" "$BATS_TEST_DIRNAME/../../docs/cudnnv.1" ||
            grep -q "^\.RB ( $command )" "$BATS_TEST_DIRNAME/../../docs/cudnnv.1" || {
            echo "docs/cudnnv.1 lacks $command" >&2
            return 1
        }
    done
}
