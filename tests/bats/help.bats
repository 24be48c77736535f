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

@test "seams of the command line: an unknown option is bad usage, options after operands, --opt=value, completions" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv verify --bogus
    assert_status 2
    assert_output_has "unknown option '--bogus'"
    run cudnnv link mine "$SETS/8.0.4" --force
    assert_status 0
    run cudnnv link mine "$SETS/8.0.4" --force
    assert_status 0
    run cudnnv link --bogus mine "$SETS/8.0.4"
    assert_status 2
    run cudnnv env --format=dotenv 8.1
    assert_status 0
    assert_output_has "CUDNNV_VERSION=8.1"
    run cudnnv completions use
    assert_output_has "--for"
    run cudnnv completions install
    assert_output_has "--cuda"
    assert_output_has "--platform"
}
