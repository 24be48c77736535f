#!/usr/bin/env bats
# Every --json a script reads (versions, version, verify, known, doctor,
# install, ps, cdi) parses as JSON when the store's path, a linked set's
# folder, the project's folder and the held program's command hold hostile
# bytes: quotes, backslashes, a tab, an escape sequence, bytes that are not
# UTF-8. Each document is built whole with jansson (manager/base/json.c): a
# byte that is not UTF-8 reads back as U+FFFD, and no raw control byte
# reaches the output.

load helpers

teardown() {
    touch "$BATS_TEST_TMPDIR/stop"
    [ -z "${HELD_PID:-}" ] || wait "$HELD_PID" 2>/dev/null || true
}

# parses FILE: valid UTF-8 JSON with no control byte outside its escapes; prints the document's kind.
parses() {
    python3 - "$1" <<'PY'
import json, sys
data = open(sys.argv[1], "rb").read()
assert not any(b < 0x20 and b != 0x0a or b == 0x7f for b in data), data
document = json.loads(data.decode("utf-8"))
print(type(document).__name__)
PY
}

@test "every --json parses as JSON with hostile bytes in the store's path, a linked set's folder, the project's folder and a command" {
    local odd
    odd=$(printf 'q"b\\\\t\tE\033[31mX\200\377')
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store $odd"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    mkdir -p "$BATS_TEST_TMPDIR/linked $odd"
    (cd "$BATS_TEST_TMPDIR/linked $odd" && tar -xzf "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz")   # tar -C unquotes '\\
    cudnnv link 8.0-odd "$BATS_TEST_TMPDIR/linked $odd/cuda" 2>/dev/null
    project="$BATS_TEST_TMPDIR/project $odd"
    mkdir -p "$project"
    cd "$project"
    cudnnv use 8.1 2>/dev/null
    # a program holding cuDNN through the shims, started as a command with the odd bytes in it
    cp "$FIXTURES/bin/host_wait" "$project/host $odd"
    (LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" exec "$project/host $odd" libcudnn.so.8 /dev/null \
        "$BATS_TEST_TMPDIR/stop") > "$BATS_TEST_TMPDIR/held.out" 2>&1 &
    HELD_PID=$!
    for _ in $(seq 200); do [ -s "$BATS_TEST_TMPDIR/held.out" ] && break; sleep 0.05; done
    local kind name
    for command in "versions" "version" "version --all" "verify" "known" "doctor" "ps" \
                   "install --force $ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"; do
        name=${command%% *}
        # the word list is split here on purpose: each command and its arguments
        # shellcheck disable=SC2086
        cudnnv $command --json > "$BATS_TEST_TMPDIR/$name.json" 2>"$BATS_TEST_TMPDIR/$name.err" || cat -v "$BATS_TEST_TMPDIR/$name.err" >&2
        run parses "$BATS_TEST_TMPDIR/$name.json"
        [ "$status" -eq 0 ] || { echo "cudnnv $command --json: $output" >&2; cat -v "$BATS_TEST_TMPDIR/$name.json" >&2; false; }
        case $name in known|doctor|versions|verify|ps) kind=list ;; *) kind= ;; esac
        [ -z "$kind" ] || [ "$output" = "$kind" ] || { echo "cudnnv $command --json is a $output" >&2; false; }
    done
    # the odd bytes read back: quotes, backslashes and the tab as they are, the two bytes that are not UTF-8 as U+FFFD
    python3 - "$BATS_TEST_TMPDIR/versions.json" "$BATS_TEST_TMPDIR/ps.json" <<'PY'
import json, sys
odd = 'q"b\\\\t\tE\x1b[31mX\ufffd\ufffd'
sets = {s["name"]: s for s in json.load(open(sys.argv[1], encoding="utf-8"))}
# (a linked set's record keeps its folder with control bytes written as \xNN: the path as recorded)
assert 'linked q"b\\\\t\\x09E\\x1b[31mX\\x80\\xff/cuda' in sets["8.0-odd"]["path"], sets["8.0-odd"]
assert ("store " + odd + "/versions/8.1.0.77") in sets["8.1.0.77"]["path"], sets["8.1.0.77"]
assert sets["8.1.0.77"]["origin"].startswith("set by "), sets["8.1.0.77"]
held = [p for p in json.load(open(sys.argv[2], encoding="utf-8")) if ("host " + odd) in p["command"]]
assert held and held[0]["set"] == "8.1.0.77", held
PY
    # cdi: a store whose path is not UTF-8 cannot be described (an engine must find the paths again) ...
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi" --json
    assert_status 1
    assert_output_has "its path is not valid UTF-8"
    # ... the rest of the bytes can, and the answer and the spec file (the same builder) parse
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store ${odd%X*}"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi" --json > "$BATS_TEST_TMPDIR/cdi.json"
    run parses "$BATS_TEST_TMPDIR/cdi.json"
    assert_status 0
    assert_output_has dict
    run parses "$BATS_TEST_TMPDIR/cdi/cudnnv.json"
    assert_status 0
    assert_output_has dict
    python3 -c 'import json, sys; spec = json.load(open(sys.argv[1])); assert spec["kind"] == "cudnnv.dev/set", spec
assert any(m["hostPath"].startswith(sys.argv[2]) for d in spec["devices"] for m in d["containerEdits"]["mounts"]), spec' \
        "$BATS_TEST_TMPDIR/cdi/cudnnv.json" "$CUDNNV_ROOT"
}
