#!/usr/bin/env bats
# The setup-cudnn action (hooks/github/action.yml) run as GitHub runs it,
# without GitHub: its script's two steps with fresh GITHUB_ENV, GITHUB_PATH
# and GITHUB_OUTPUT files, RUNNER_* variables, a folder standing in for
# actions/cache (restored before the install step, saved after), and the
# lock's archive at a file:// "upstream" that later drops it.

load helpers

ARCHIVE=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
ACTION="$BATS_TEST_DIRNAME/../../hooks/github/setup-cudnn.sh"

# A project locked to 8.1.0.77, whose archive lives at file://$UPSTREAM.
locked_project() {
    UPSTREAM="$BATS_TEST_TMPDIR/upstream"
    mkdir -p "$UPSTREAM"
    cp "$ARCHIVES/$ARCHIVE" "$UPSTREAM/"
    pinned_project "file://$UPSTREAM" "$BATS_TEST_TMPDIR/repo"
    cudnnv lock 2>/dev/null
    CACHE="$BATS_TEST_TMPDIR/actions-cache"
    mkdir -p "$CACHE"
}

# job NAME [VAR=VALUE...]: one run of the action on a fresh runner (its own HOME and store), as GitHub runs the
# steps: prepare, actions/cache's restore (hit when the key's folder exists), install, and the cache's save.
job() {
    local name=$1 runner="$BATS_TEST_TMPDIR/runner-$1"
    shift
    mkdir -p "$runner/home" "$runner/temp"
    : > "$runner/env"; : > "$runner/path"; : > "$runner/output"
    run env -i PATH=/usr/bin:/bin HOME="$runner/home" GITHUB_ENV="$runner/env" GITHUB_PATH="$runner/path" \
        GITHUB_OUTPUT="$runner/output" RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$runner/temp" \
        INPUT_LOCK=cudnn.lock INPUT_CUDNNV_PATH="$CUDNNV" "$@" bash -c '
            cd "$0" && "$1" prepare || exit
            key=$(sed -n "s/^cache-key=//p" "$GITHUB_OUTPUT") path=$(sed -n "s/^cache-path=//p" "$GITHUB_OUTPUT")
            hit=false
            if [ -d "$2/$key" ]; then cp -a "$2/$key/." "$path/"; hit=true; fi
            CACHE_HIT=$hit "$1" install || exit
            [ -d "$2/$key" ] || cp -a "$path" "$2/$key"' "$PROJECT" "$ACTION" "$CACHE"
    RUNNER="$runner"
}

output_of() { sed -n "s/^$1=//p" "$RUNNER/output"; }

@test "setup-cudnn: the lock's set installed and exported to later steps; the key is stable and follows the lock; a second run restores the cache and fetches nothing" {
    locked_project
    job first
    assert_status 0
    local key
    key=$(output_of cache-key)
    [[ "$key" == cudnnv-Linux-*-X64-*-"$(sha256sum cudnn.lock | cut -c1-64)" ]]
    [ "${#key}" -le 512 ]
    [ "$(output_of cache-hit)" = false ]
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    [ "$(output_of set-path)" = "$RUNNER/home/.cudnnv/versions/8.1.0.77" ]
    [ "$(readlink -f "$(tail -n 1 "$RUNNER/path")/cudnnv")" = "$(readlink -f "$CUDNNV")" ]
    # a later step of the job: GITHUB_ENV's variables, a program through the shims
    run env -i PATH=/usr/bin:/bin $(cat "$RUNNER/env") timeout 10 "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
    grep -qx "CUDNN_HOME=$RUNNER/home/.cudnnv/versions/8.1.0.77" "$RUNNER/env"
    # upstream drops the release; the next run restores the cache under the same key and fetches nothing
    rm "$UPSTREAM/$ARCHIVE"
    job second
    assert_status 0
    [ "$(output_of cache-key)" = "$key" ]
    [ "$(output_of cache-hit)" = true ]
    assert_output_has "using $ARCHIVE from the cache"
    refute_output_has "downloading"
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    # a changed lock is another key
    echo "# reviewed" >> cudnn.lock
    job third
    [ "$(output_of cache-key)" != "$key" ]
}

@test "setup-cudnn: an archive whose bytes differ from the lock's fails the job, nothing exported; a mirror folder serves what upstream dropped" {
    locked_project
    echo tampered >> "$UPSTREAM/$ARCHIVE"
    job tampered
    [ "$status" -ne 0 ]
    assert_output_has "::error::setup-cudnn: cudnnv install --locked failed"
    [ -z "$(output_of cudnn-version)" ]
    [ ! -s "$RUNNER/env" ]
    rm "$UPSTREAM/$ARCHIVE"
    local mirror="$BATS_TEST_TMPDIR/mirror"
    mkdir -p "$mirror" && cp "$ARCHIVES/$ARCHIVE" "$mirror/"
    job mirrored INPUT_MIRROR="file://$mirror"
    assert_status 0
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    # outside a job, the script says what it needs
    run env -i PATH=/usr/bin:/bin "$ACTION" prepare
    [ "$status" -ne 0 ]
    assert_output_has "GITHUB_OUTPUT is not set"
}

@test "setup-cudnn: cudnnv itself from the release tarball (make dist) when the runner has none" {
    local version artifact
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    locked_project
    job tarball INPUT_CUDNNV_PATH= INPUT_TARBALL="$artifact"
    assert_status 0
    grep -qx "$RUNNER/temp/setup-cudnn\.[A-Za-z0-9]*/cudnnv-$version-linux-$(uname -m)/bin" "$RUNNER/path"
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    [[ "$(output_of cache-key)" == *"-$version-"* ]]
    run env -i PATH=/usr/bin:/bin $(cat "$RUNNER/env") timeout 10 "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
    # a tarball that is not one stops the job, saying so
    echo "not a tarball" > "$BATS_TEST_TMPDIR/bad.tar.gz"
    job bad INPUT_CUDNNV_PATH= INPUT_TARBALL="$BATS_TEST_TMPDIR/bad.tar.gz"
    [ "$status" -ne 0 ]
    assert_output_has "is not a cudnnv release tarball"
}

@test "setup-cudnn: inputs and what goes to GitHub's files are data: new lines refused, the job's mirror in a config of its own, another lock's name refused" {
    locked_project
    local mirror="$BATS_TEST_TMPDIR/mirror"
    mkdir -p "$mirror" && cp "$ARCHIVES/$ARCHIVE" "$mirror/"
    # a mirror holding a new line and another key
    job newline INPUT_MIRROR="$mirror"$'\n''base_url = http://127.0.0.1:9'
    [ "$status" -ne 0 ]
    assert_output_has "::error::setup-cudnn: MIRROR holds a new line or a control character"
    if [ -e "$RUNNER/home/.cudnnv/config" ]; then refute_output_has base_url "$(cat "$RUNNER/home/.cudnnv/config")"; fi
    # a runner that keeps HOME: the first job's mirror is not in the store's config for the next
    job kept INPUT_MIRROR="$mirror"
    assert_status 0
    if [ -e "$RUNNER/home/.cudnnv/config" ]; then refute_output_has "$mirror" "$(cat "$RUNNER/home/.cudnnv/config")"; fi
    # a cudnnv-path holding a new line; a store path holding one
    job path INPUT_CUDNNV_PATH="$CUDNNV"$'\n''/tmp'
    [ "$status" -ne 0 ]
    assert_output_has "CUDNNV_PATH holds a new line"
    [ ! -s "$RUNNER/path" ]
    job store CUDNNV_ROOT="$BATS_TEST_TMPDIR/st"$'\n''LD_PRELOAD=/tmp/x.so'
    [ "$status" -ne 0 ]
    assert_output_has "CUDNNV_ROOT holds a new line"
    run grep -c LD_PRELOAD "$RUNNER/output"
    [ "$output" = 0 ]
    # a lock of another name: refused, never cudnn.lock installed in its place
    cp cudnn.lock gpu.lock
    job otherlock INPUT_LOCK=gpu.lock
    [ "$status" -ne 0 ]
    assert_output_has "lock 'gpu.lock': cudnnv installs from the cudnn.lock beside a project's .cudnn-version"
}

@test "setup-cudnn: a cudnnv-path of another name is the cudnnv that runs; temporary files in a folder of the step's own" {
    locked_project
    local tools="$BATS_TEST_TMPDIR/tools" impostor="$BATS_TEST_TMPDIR/impostor"
    mkdir -p "$tools" "$impostor"
    ln -s "$CUDNNV" "$tools/cudnnv-1.2"
    printf '#!/bin/sh\necho impostor ran >&2\nexit 3\n' > "$impostor/cudnnv"
    chmod +x "$impostor/cudnnv"
    # PATH with another cudnnv first; RUNNER_TEMP unset and TMPDIR a 1777 folder where someone planted setup-cudnn/
    local shared="$BATS_TEST_TMPDIR/shared-tmp"
    mkdir -p "$shared/setup-cudnn" && chmod 1777 "$shared"
    echo private > "$BATS_TEST_TMPDIR/private" && chmod 600 "$BATS_TEST_TMPDIR/private"
    ln -s "$BATS_TEST_TMPDIR/private" "$shared/setup-cudnn/cudnnv.tar.gz"
    local runner="$BATS_TEST_TMPDIR/runner-named"
    mkdir -p "$runner/home"
    : > "$runner/env"; : > "$runner/path"; : > "$runner/output"
    run env -i PATH="$impostor:/usr/bin:/bin" HOME="$runner/home" GITHUB_ENV="$runner/env" GITHUB_PATH="$runner/path" \
        GITHUB_OUTPUT="$runner/output" RUNNER_OS=Linux RUNNER_ARCH=X64 TMPDIR="$shared" \
        INPUT_LOCK=cudnn.lock INPUT_CUDNNV_PATH="$tools/cudnnv-1.2" bash -c 'cd "$0" && "$1" prepare && "$1" install' \
        "$PROJECT" "$ACTION"
    assert_status 0
    refute_output_has "impostor ran"
    grep -q '^cudnn-version=8.1.0.77$' "$runner/output"
    [ "$(cat "$BATS_TEST_TMPDIR/private")" = private ]
    [ "$(tail -n 1 "$runner/path")" != "$shared/setup-cudnn" ]
    [ "$(readlink -f "$(tail -n 1 "$runner/path")/cudnnv")" = "$(readlink -f "$CUDNNV")" ]
}

@test "setup-cudnn: cuda-libs against a lock that names no CUDA libraries says so and installs the sets" {
    locked_project
    job nocuda INPUT_CUDA_LIBS=true
    assert_status 0
    assert_output_has "::warning::setup-cudnn: cuda-libs: cudnn.lock names no CUDA libraries"
    [ "$(output_of cudnn-version)" = 8.1.0.77 ]
    refute_output_has "developer.download.nvidia.com"
    refute_output_has "were not installed"
}

# The YAML block of docs/ci.md as a user copies it: its 'uses:' step run through the action's script with the
# step's 'with:' as inputs and no cudnnv given (the action builds its own checkout), then each 'run:' step with
# GITHUB_ENV's variables and the step's outputs put in.
@test "setup-cudnn: docs/ci.md's workflow, as copied, runs: the action builds cudnnv from its checkout, later steps get the set" {
    locked_project
    local doc="$BATS_TEST_DIRNAME/../../docs/ci.md" steps="$BATS_TEST_TMPDIR/steps"
    python3 - "$doc" "$steps" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
inputs, runs, in_with = {}, [], False
for line in block.splitlines():
    stripped = line.split(" #")[0].rstrip()
    body = stripped.strip()
    if body.startswith("- "):
        in_with = False
        body = body[2:]
    if body == "with:":
        in_with = True
        continue
    key, _, value = body.partition(":")
    if in_with and value:
        inputs[key.strip()] = value.strip()
    elif key == "run":
        runs.append(value.strip())
with open(sys.argv[2], "w") as out:
    for key, value in inputs.items():
        out.write("INPUT_%s=%s\n" % (key.upper().replace("-", "_"), value))
    for command in runs:
        out.write("RUN %s\n" % command)
PY
    grep -q '^INPUT_LOCK=cudnn.lock$' "$steps"
    [ "$(grep -c '^RUN ' "$steps")" -ge 1 ]
    local runner="$BATS_TEST_TMPDIR/runner-doc"
    mkdir -p "$runner/home"
    : > "$runner/env"; : > "$runner/path"; : > "$runner/output"
    local inputs
    inputs=$(grep '^INPUT_' "$steps" | tr '\n' ' ')
    run env -i PATH=/usr/bin:/bin HOME="$runner/home" GITHUB_ENV="$runner/env" GITHUB_PATH="$runner/path" \
        GITHUB_OUTPUT="$runner/output" RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$runner" CUDNNV_ROOT="$CUDNNV_ROOT" \
        $inputs bash -c 'cd "$0" && "$1" prepare && "$1" install' "$PROJECT" "$ACTION"
    assert_status 0
    assert_output_has "building cudnnv from the action's checkout ('make deps-demo all'"
    # each run: step, with the job's environment and the step's outputs
    local command
    while IFS= read -r command; do
        command=${command#RUN }
        command=${command//'${{ steps.cudnn.outputs.cudnn-version }}'/$(sed -n 's/^cudnn-version=//p' "$runner/output")}
        command=${command//'${{ steps.cudnn.outputs.set-path }}'/$(sed -n 's/^set-path=//p' "$runner/output")}
        run env -i PATH="$(tail -n 1 "$runner/path"):/usr/bin:/bin" HOME="$runner/home" $(cat "$runner/env") \
            bash -c "cd '$PROJECT' && $command"
        assert_status 0
    done < <(grep '^RUN ' "$steps")
    assert_output_has "cuDNN 8.1.0.77 in"
}
