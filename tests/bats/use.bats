#!/usr/bin/env bats
# cudnnv use (local): the project pin.

load helpers

@test "use writes what was typed into .cudnn-version here" {
    install_usual_fixtures
    run cudnnv use 8.1
    assert_status 0
    [ "$(cat .cudnn-version)" = "8.1" ]
    run cudnnv version-name
    [ "$output" = "8.1.1.33" ]
}

@test "a later 8.1.x install is picked up by the same pin" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    [ "$(cudnnv version-name)" = "8.1.0.77" ]
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz
    [ "$(cudnnv version-name)" = "8.1.1.33" ]
}

@test "local is the same command; without arguments it prints the pin" {
    install_usual_fixtures
    cudnnv local 8.0 9
    run cudnnv use
    [ "$output" = "$(printf '8.0\n9')" ]
    run cudnnv local
    [ "$output" = "$(printf '8.0\n9')" ]
    # its options, help and completion are use's: one command under two names
    cudnnv local --unset
    [ ! -e .cudnn-version ]
    run cudnnv local --help
    assert_status 0
    assert_output_has "Usage: cudnnv use [--force]"
    [ "$(cudnnv completions local | grep -c -- '^--')" = "$(cudnnv completions use | grep -c -- '^--')" ]
    run cudnnv help
    assert_output_has "  local         same as use"
}

@test "use refuses a version that is not installed, unless --force" {
    install_usual_fixtures
    run cudnnv use 8.3
    assert_status 1
    assert_output_has "version '8.3' is not installed"
    [ ! -e .cudnn-version ]
    run cudnnv use --force 8.3
    assert_status 0
    [ "$(cat .cudnn-version)" = "8.3" ]
}

@test "use of a release no catalog knows says what exists, not 'install 99'" {
    run cudnnv use 99
    assert_status 1
    assert_output_has "no cuDNN release '99' is installed or known: the catalog knows 7."
    refute_output_has "install 99"
    [ ! -e .cudnn-version ]
    # a release the catalog knows is still offered to install
    run cudnnv use 8.1
    assert_status 1
    assert_output_has "run 'cudnnv install 8.1'"
}

@test "use refuses invalid names" {
    run cudnnv use --force ../../etc
    assert_status 1
    assert_output_has "invalid version name"
    [ ! -e .cudnn-version ]
}

@test "use --unset removes the pin; use with no pin explains" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv use --unset
    assert_status 0
    [ ! -e .cudnn-version ]
    run cudnnv use
    assert_status 1
    assert_output_has "cudnnv use VERSION"
    run cudnnv use --unset 8.1
    assert_status 2
}

# pins_for SPEC PIN SAYS: 'use --for SPEC' succeeds, says SAYS, and writes PIN.
pins_for() {
    run cudnnv use --for "$1"
    assert_status 0
    assert_output_has "$3"
    [ "$(cat .cudnn-version)" = "$2" ]
}

@test "use --for tensorflow==2.5 pins the release it was built with (8.1), as 'use' would write it, and says why" {
    install_usual_fixtures
    pins_for tensorflow==2.5 "$(printf '8.1\ncuda 11.2')" "tensorflow 2.5.0 was built with cuDNN 8.1 (CUDA 11.2); pinning 8.1 (8.1.1.33 is installed)"
}

@test "use --for tensorflow==2.4: its own 8.0 when installed, else the newest installed set it accepts" {
    install_usual_fixtures
    pins_for tensorflow==2.4 "$(printf '8.0\ncuda 11.0')" "tensorflow 2.4.0 was built with cuDNN 8.0 (CUDA 11.0); pinning 8.0 (8.0.4.30 is installed)"
    cudnnv uninstall --force 8.0.4.30 2>/dev/null
    pins_for tensorflow==2.4 "$(printf '8.1\ncuda 11.0')" "tensorflow 2.4.0 was built with cuDNN 8.0 (CUDA 11.0), which is not installed; pinning 8.1 (8.1.1.33), the newest installed set it accepts (cuDNN 8.x, at least 8.0)"
}

@test "use --for pytorch: the same major and at least its minor" {
    install_usual_fixtures
    run cudnnv use --for=torch==2.4
    assert_status 0
    assert_output_has "pytorch 2.4 was built with cuDNN 9.1.0.70"
    [ "$(cat .cudnn-version)" = "$(printf '9.1\ncuda 12.1')" ]
    # none installed: pinned first, as .nvmrc before 'nvm install', with the CUDA runtime it opens by itself
    run cudnnv use --for pytorch==2.10
    assert_status 0
    assert_output_has "pytorch 2.10 was built with cuDNN 9.10.2.21 (CUDA 12.8) and needs cuDNN 9.x, at least 9.10; none is installed: pinning 9.10, which 'cudnnv install' here brings"
    assert_output_has "pinning the CUDA 12.8 runtime pytorch 2.10 opens by itself (10 libraries)"
    [ "$(cat .cudnn-version)" = "$(printf '9.10\ncuda 12.8')" ]
}

@test "use --for explains a framework without an installed set, and bad requests" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv use --for tensorflow==2.5
    assert_status 0
    assert_output_has "needs cuDNN 8.x, at least 8.1; none is installed: pinning 8.1, which 'cudnnv install' here brings"
    [ "$(cat .cudnn-version)" = "$(printf '8.1\ncuda 11.2')" ]
    rm .cudnn-version
    run cudnnv use --for keras==3
    assert_status 2
    # no version: the installed one; this test's Python has none
    PATH="$BATS_TEST_TMPDIR/empty-bin:/usr/bin:/bin" run cudnnv use --for tensorflow
    assert_status 1
    assert_output_has "no tensorflow in the active Python's site-packages"
    run cudnnv use --for tensorflow==
    assert_status 2
    run cudnnv use --for tensorflow==9.9
    assert_status 1
    assert_output_has "the catalog has no tensorflow 9.9"
}

@test "use --for takes a known name and digits and dots only: junk after a version, letters, a command substitution are refused, nothing written" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    local spec
    for spec in 'torch==2.1.0x' 'torch==$(touch pwned)' 'tensorflow==2.5 junk' 'tensorflow==2.5;rm' 'torch==2.1==2.2' \
                'torch==.2' 'torch==2..1' 'torch==2.' 'torch$(id)' 'torch==2.1.0-rc1'; do
        run cudnnv use --for "$spec"
        [ "$status" -eq 2 ] || { echo "accepted: $spec ($status): $output" >&2; return 1; }
        [ ! -e .cudnn-version ] || { echo "written for: $spec" >&2; return 1; }
    done
    [ ! -e pwned ]
    run cudnnv use --for 'tensorflow==2.5'
    assert_status 0
}

@test "use refuses two names of one major (the second would never count), naming why" {
    setup_store
    run cudnnv use 8.0 8.1
    assert_status 1
    assert_output_has "'8.0' and '8.1' both name cuDNN 8: a program loads one cuDNN of each major"
    [ ! -e .cudnn-version ]
    run cudnnv global 8.1.0 v8.0
    assert_status 1
    assert_output_has "both name cuDNN 8"
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    run cudnnv use 8.0 9
    assert_status 0
    [ "$(cat .cudnn-version)" = "$(printf '8.0\n9')" ]
}

@test "use --for keeps the pins of other majors, warns in the home folder, and prefers the set built for the framework's CUDA" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz \
        cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    # torch 2.4 for CUDA 11.8 (the first pin of frameworks.ini): the CUDA 11 set, though the CUDA 12 one is newer by name
    printf '8.1\n9.1.0.70-cuda12\n' > .cudnn-version
    run cudnnv use --for torch==2.4
    assert_status 0
    assert_output_has "pytorch 2.4 was built with cuDNN 9.1.0.70 (CUDA 11.8); pinning 9.1.0.70"
    # the 8.1 pin stays; the 9 pin is replaced; the CUDA runtime PyTorch opens by itself is pinned
    [ "$(cat .cudnn-version)" = "$(printf '9.1.0.70\n8.1\ncuda 11.8')" ]
    refute_output_has "home folder"
    # in the home folder: said
    mkdir -p "$BATS_TEST_TMPDIR/home"
    cd "$BATS_TEST_TMPDIR/home"
    HOME="$BATS_TEST_TMPDIR/home" run cudnnv use --for torch==2.4
    assert_status 0
    assert_output_has "warning: $BATS_TEST_TMPDIR/home is your home folder: this pin holds for every folder below it"
}
