#!/usr/bin/env bats
# cudnnv env: the variables for a shell, a Dockerfile or a CI job.

load helpers

@test "env prints exports that, evaluated, route a program through the shims" {
    install_usual_fixtures
    cudnnv use 8.0
    run cudnnv env
    assert_status 0
    assert_output_has "export LD_PRELOAD='$CUDNNV_ROOT/shims/lib/libcudnn.so.8'"
    eval "$(cudnnv env)"
    [ "$LD_LIBRARY_PATH" = "$CUDNNV_ROOT/shims/lib" ]
    run "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8004 ]
    # evaluated again after pinning a second major (the shell holds 8's shim already): each shim once, others kept
    cudnnv use 8.0 9.1 2>/dev/null
    export LD_PRELOAD="$LD_PRELOAD:/elsewhere/libother.so" LD_LIBRARY_PATH="/first:$LD_LIBRARY_PATH"
    run cudnnv env
    assert_output_has "export LD_PRELOAD='$CUDNNV_ROOT/shims/lib/libcudnn.so.8:$CUDNNV_ROOT/shims/lib/libcudnn.so.9:/elsewhere/libother.so'"
    assert_output_has "export LD_LIBRARY_PATH='$CUDNNV_ROOT/shims/lib:/first'"
    unset LD_PRELOAD LD_LIBRARY_PATH
}

@test "env VERSION adds CUDNNV_VERSION; dockerfile and dotenv formats" {
    install_usual_fixtures
    run cudnnv env --format dockerfile 9
    assert_output_has "ENV CUDNNV_VERSION=\"9\""
    # an image's paths, not this machine's, and nothing of this shell's values
    LD_LIBRARY_PATH=/host/only run cudnnv env --format dockerfile 9
    assert_output_has "ENV LD_PRELOAD=\"/opt/cudnnv/shims/lib/libcudnn.so.9\""
    assert_output_has "ENV LD_LIBRARY_PATH=\"/opt/cudnnv/shims/lib\""
    assert_output_has "ENV CUDNNV_ROOT=\"/opt/cudnnv\""
    refute_output_has "$CUDNNV_ROOT"
    refute_output_has "/host/only"
    run cudnnv env --format dotenv 8.1
    assert_output_has "LD_PRELOAD=$CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    run cudnnv env --format fish 8.1
    assert_output_has "set -gx CUDNNV_VERSION '8.1'"
}

@test "env --format github and json: a \$GITHUB_ENV file, and one JSON object a script reads" {
    install_usual_fixtures
    run cudnnv env --format github 8.1
    assert_status 0
    assert_output_has "CUDNNV_VERSION=8.1"
    assert_output_has "LD_PRELOAD=$CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    # a value with quotes survives: the user's own LD_PRELOAD (ld.so's complaint about it goes to /dev/null)
    LD_PRELOAD="/opt/it's \"quoted\"" "$CUDNNV" env --format json 8.1 > "$BATS_TEST_TMPDIR/env.json" 2>/dev/null
    python3 -c '
import json, sys
env = json.load(open(sys.argv[1]))
root = sys.argv[2]
assert env["CUDNNV_VERSION"] == "8.1", env
assert env["CUDNNV_ROOT"] == root, env
assert env["LD_PRELOAD"] == root + "/shims/lib/libcudnn.so.8:/opt/it\x27s \"quoted\"", env
assert env["LD_LIBRARY_PATH"].startswith(root + "/shims/lib"), env
' "$BATS_TEST_TMPDIR/env.json" "$CUDNNV_ROOT"
    # a new line in a value: refused for a line-based file, nothing written
    LD_PRELOAD=$'/opt/x\nBASH_ENV=/tmp/evil' "$CUDNNV" env --format github 8.1 > "$BATS_TEST_TMPDIR/github.env" 2>/dev/null &&
        return 1
    [ ! -s "$BATS_TEST_TMPDIR/github.env" ]
    LD_PRELOAD=$'/opt/x\nBASH_ENV=/tmp/evil' "$CUDNNV" env --format json 8.1 > "$BATS_TEST_TMPDIR/env.json" 2>/dev/null
    grep -qF '/opt/x\nBASH_ENV' "$BATS_TEST_TMPDIR/env.json"
}

@test "env keeps what the user had after its own entries" {
    install_usual_fixtures
    LD_LIBRARY_PATH=/opt/a:/opt/b run cudnnv env --format dotenv 8.1
    assert_output_has "LD_LIBRARY_PATH=$CUDNNV_ROOT/shims/lib:/opt/a:/opt/b"
}

@test "env refuses a version not installed, a broken pin, an unknown format" {
    install_usual_fixtures
    run cudnnv env 8.3
    assert_status 1
    echo 8.3 > .cudnn-version
    run cudnnv env
    assert_status 1
    assert_output_has "version '8.3' is not installed"
    run cudnnv env --format csh
    assert_status 2
}
