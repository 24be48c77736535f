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
