#!/usr/bin/env bats
# cudnnv versions: the store's sets, with the selected ones marked.

load helpers

@test "versions lists oldest first and marks the selected set with its origin" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv versions
    assert_status 0
    # exactly these lines: nothing else on stdout or stderr
    [ "$output" = "$(printf '%s\n' "  8.0.4.30" "  8.1.0.77" "* 8.1.1.33 (set by $PWD/.cudnn-version)" \
                          "* 9.1.0.70 (the newest installed 9.x: no source names one)")" ]
}

@test "each major's selected set is marked" {
    install_usual_fixtures
    cudnnv global 9
    cudnnv use 8.0
    run cudnnv versions
    assert_output_has "* 8.0.4.30 (set by $PWD/.cudnn-version)"
    assert_output_has "* 9.1.0.70 (set by $CUDNNV_ROOT/version)"
}

@test "versions --bare prints names only" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv use 8.0
    run cudnnv versions --bare
    [ "$output" = "$(printf '8.0.4.30\n9.1.0.70')" ]
}

@test "versions --json is an array a script can read" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    run cudnnv versions --json
    assert_status 0
    assert_output_has '"name": "8.1.0.77"'
    assert_output_has '"cuda": "11.2"'
    assert_output_has '"selected": true'
    assert_output_has '"kind": "installed"'
    if command -v python3 >/dev/null; then
        echo "$output" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[0]["name"]=="8.1.0.77", d'
    fi
}

@test "an empty store says how to fill it; json is []" {
    run cudnnv versions
    assert_status 0
    assert_output_has "cudnnv install"
    run cudnnv versions --json
    [ "$output" = "[]" ]
    run cudnnv versions --bogus
    assert_status 2
}
