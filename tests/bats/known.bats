#!/usr/bin/env bats
# cudnnv known: the release catalog.

load helpers

@test "known lists every release from 7.6.5 to the newest that has a build for this platform, oldest first" {
    run cudnnv known
    assert_status 0
    [ "$(echo "$output" | wc -l)" -eq "$(grep -l '^linux_archive = .' "$BATS_TEST_DIRNAME"/../../versions/catalog/*.ini | wc -l)" ]
    [[ "${lines[0]}" == *"7.6.5.32"* ]]
    assert_output_has "9.27.0.42"
    assert_output_has "  8.1.0.77     CUDA 10.2 11.2"
}

@test "known PREFIX filters on dot boundaries and marks installed releases" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv install --name tf25 "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
    run cudnnv known 8.1
    assert_status 0
    [ "${#lines[@]}" -eq 2 ]
    [ "${lines[0]}" = "* 8.1.0.77     CUDA 10.2 11.2  (installed: tf25, 8.1.0.77)" ]
    [ "${lines[1]}" = "  8.1.1.33     CUDA 10.2 11.2" ]
    run cudnnv known 8.10
    assert_status 1
    assert_output_has "no release in the catalog matches '8.10'"
}

@test "known --json" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    run cudnnv known --json 9.19.0
    assert_status 0
    assert_output_has "{\"version\": \"9.19.0.56\", \"cuda\": [\"12\", \"13\"], \"installed\": [\"$REAL_SET\"]}"
}

@test "every catalog file has a release version, builds with a CUDA version, and 64-hex sums" {
    for file in "$BATS_TEST_DIRNAME"/../../versions/catalog/*.ini; do
        name=$(basename "$file" .ini)
        grep -qx "version = $name" "$file"
        grep -q '^cuda = [0-9]' "$file"
        # every build says its sum: 64 hex digits, or nothing where no source published one
        sums=$(grep -E '^(linux|windows|sbsa|aarch64)_sha256 =' "$file") || { echo "$file has no sha256 line" >&2; false; }
        assert_all_lines_match '= ([0-9a-f]{64})?$' "$sums"
    done
}

@test "known --platform lists another platform's releases with their archives" {
    run cudnnv known --platform linux-sbsa 9.7
    assert_status 0
    assert_output_has "9.7.1.26     CUDA 11 12"
    assert_output_has "CUDA 12    cudnn-linux-sbsa-9.7.1.26_cuda12-archive.tar.xz"
    run cudnnv known --platform linux-aarch64
    assert_output_has "cudnn-linux-aarch64-8.9.5.30_cuda12-archive.tar.xz"
    refute_output_has "7.6.5"
    run cudnnv known --platform beos
    assert_status 2
}

@test "known --json marks a release installed from a test archive (on any machine)" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    run cudnnv known --json 9.1.0
    assert_status 0
    assert_output_has '"version": "9.1.0.70"'
    assert_output_has '"installed": ["9.1.0.70"]'
}
