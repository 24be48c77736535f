#!/usr/bin/env bats
# tests/lint-run-status.sh: the bats 'run' that passes when its program
# cannot even start is named; one whose status is looked at is not.

load helpers

LINT="$BATS_TEST_DIRNAME/../lint-run-status.sh"

# bats_file OUT LINE...: a bats file of one test holding the lines (built here: bats reads test files for tests)
bats_file() {
    local out=$1
    shift
    { printf '%s "x" {\n' "@test"; printf '    %s\n' "$@"; printf '}\n'; } > "$out"
}

@test "the run lint names a negative check whose program may not have run, and passes a checked one" {
    bats_file bad.bats 'run lintian some.deb' "run grep -c '^E: ' <<< \"\$output\"" '[ "$output" = 0 ]' \
        'run cudnnv versions --bare' 'refute_output_has cuda'
    run "$LINT" bad.bats
    assert_status 1
    assert_output_has "bad.bats:2: a run whose status is never looked at and whose output is checked only by the next run"
    assert_output_has "bad.bats:5: a run whose status is never looked at and whose output is checked only negatively"
    bats_file good.bats 'run lintian some.deb' 'assert_status 0' "run grep -c '^E: ' <<< \"\$output\"" \
        '[ "$output" = 0 ]' 'run -1 cudnnv use nothing' 'refute_output_has cuda'
    run "$LINT" good.bats
    assert_status 0
    [ -z "$output" ]
}

@test "the lint names checks joined by && and a ! command mid-test, and passes a loop's && break, an action after a check and a \$(...)" {
    bats_file joined.bats 'grep -qx a f && grep -qx b f' '[ -f a ] && [ -f b ]' '! grep -q c f' \
        '[ -f a ] && rm a' '[ "$(cd d && pwd)" = x ]' '! grep -q c f || false' \
        'for i in 1 2; do [ -f a ] && [ -f b ] && break; done'
    run "$LINT" joined.bats
    assert_status 1
    assert_output_has "joined.bats:2: checks joined by && fail the test only at the last one"
    assert_output_has "joined.bats:3: checks joined by && fail the test only at the last one"
    assert_output_has "joined.bats:4: a ! command never fails a test"
    [ "$(grep -c . <<< "$output")" = 3 ]
}
