#!/usr/bin/env bats
# cudnnv version: the selection and what made it.

load helpers

@test "version names the set and the file that chose it" {
    install_usual_fixtures
    mkdir -p a/b/c
    cudnnv use 8.1
    cd a/b/c
    run cudnnv version
    assert_status 0
    [ "$output" = "8.1.1.33 (set by $BATS_TEST_TMPDIR/project/.cudnn-version)" ]
}

@test "CUDNNV_VERSION beats the nearest file, which beats global" {
    install_usual_fixtures
    cudnnv global 9
    [ "$(cudnnv version-name)" = "9.1.0.70" ]
    cudnnv use 8.1
    [ "$(cudnnv version-name)" = "8.1.1.33" ]
    [ "$(CUDNNV_VERSION=8.0 cudnnv version-name)" = "8.0.4.30" ]
}

@test "version --all shows each major's choice" {
    install_usual_fixtures
    cudnnv global 9
    cudnnv use 8.0
    run cudnnv version --all
    assert_status 0
    [ "${lines[0]}" = "cuDNN 8: 8.0.4.30 (set by $PWD/.cudnn-version)" ]
    [ "${lines[1]}" = "cuDNN 9: 9.1.0.70 (set by $CUDNNV_ROOT/version)" ]
}

@test "a pinned version that is not installed: the message names it, its file and the fix" {
    install_usual_fixtures
    echo 8.3 > .cudnn-version
    cudnnv global 8.0
    run cudnnv version
    assert_status 1
    [ "$output" = "cudnnv: version '8.3' is not installed (set by $PWD/.cudnn-version); run 'cudnnv install 8.3' or 'cudnnv versions'" ]
}

@test "nothing selected: says so with the fix; a hostile name is refused" {
    run cudnnv version
    assert_status 1
    assert_output_has "no cuDNN version is selected"
    assert_output_has "cudnnv use VERSION"
    printf '../../../etc\n' > .cudnn-version
    run cudnnv version
    assert_status 1
    assert_output_has "invalid version name '../../../etc'"
}

@test "version --json for scripts" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv version --json
    assert_status 0
    assert_output_has '"name": "8.1.1.33"'
    assert_output_has '"requested": "8.1"'
    assert_output_has '"origin": "local"'
    run cudnnv version --all --json
    assert_output_has '"major": 8'
}

@test "one truth: with only a set linked as system, version, which and version-name name it as versions does, and 'use 9.1' pins it" {
    cudnnv link system "$FIXTURES/sets/9.1.0" 2>/dev/null
    run cudnnv versions
    assert_output_has "* system ->"
    run cudnnv version
    assert_status 0
    assert_output_has "system: cuDNN 9.1.0 (linked as system)"
    run cudnnv version-name
    [ "$output" = system ]
    run cudnnv which
    assert_status 0
    [ "$output" = "$FIXTURES/sets/9.1.0/lib/libcudnn.so.9" ]
    # a version prefix is answered by the set that holds that version, whatever its name
    run cudnnv use 9.1
    assert_status 0
    [ "$(cat .cudnn-version)" = 9.1 ]
    run cudnnv version
    assert_output_has "system: cuDNN 9.1.0 (set by $PWD/.cudnn-version)"
    cudnnv rehash 2>/dev/null
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run timeout 10 "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    assert_status 0
    [ "${lines[0]}" = 90100 ]
    # with no pin anywhere and an installed set only, the newest installed of the newest major
    rm .cudnn-version
    cudnnv uninstall -f system 2>/dev/null || rm "$CUDNNV_ROOT/versions/system"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv version
    assert_output_has "8.1.0.77 (the newest installed 8.x: no source names one)"
    # two majors and nothing named: what each major's programs get, one line each (as versions marks two)
    cudnnv link system "$FIXTURES/sets/9.1.0" 2>/dev/null
    run cudnnv version
    assert_status 0
    [ "${lines[0]}" = "no version file or CUDNNV_VERSION names a version here; what a program gets for each cuDNN major:" ]
    [ "${lines[1]}" = "cuDNN 8: 8.1.0.77 (the newest installed 8.x: no source names one)" ]
    [ "${lines[2]}" = "cuDNN 9: system (linked as system)" ]
    run cudnnv version-name
    [ "$output" = system ]
}
