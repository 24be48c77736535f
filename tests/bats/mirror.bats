#!/usr/bin/env bats
# cudnnv mirror: the archives a project's cudnn.lock names (cuDNN and the
# CUDA libraries its set loads) kept in a folder laid out as NVIDIA's
# server, with redistrib_*.json manifests of exactly what it holds; after
# upstream drops the release, install --locked and update (then install by
# name) are served from it, every sum checked. A file already there is never
# rewritten. The fixture's 8.9.7 set stands as release 8.9.70.29 upstream
# (a release the shipped catalog does not hold).

load helpers

NAME=cudnn-linux-x86_64-8.9.70.29_cuda12-archive.tar.xz
CUDNN_PATH=cudnn/redist/cudnn/linux-x86_64/$NAME
CUBLAS_PATH=cuda/redist/libcublas/linux-x86_64/libcublas-linux-x86_64-12.2.5.6-archive.tar.xz
NVRTC_PATH=cuda/redist/cuda_nvrtc/linux-x86_64/cuda_nvrtc-linux-x86_64-12.2.140-archive.tar.xz

# upstream_project: an "upstream" folder laid out as NVIDIA's compute/ (cuDNN's redist with a manifest of
# 8.9.70.29, the CUDA redist fixture), a store that learned 8.9.7.29 from it and installed it with its CUDA
# libraries, and a project pinned to 8.9 with its cudnn.lock. Sets UP, SUM, PROJECT, MIRROR (a path with a space).
upstream_project() {
    UP="$BATS_TEST_TMPDIR/upstream/${UPSTREAM_TOP:-compute}"
    mkdir -p "$UP/cudnn/redist/cudnn/linux-x86_64" "$UP/cuda"
    cp "$ARCHIVES/cudnn-linux-x86_64-8.9.7.29_cuda12-archive-test.tar.xz" "$UP/$CUDNN_PATH"
    cp -a "$FIXTURES/cuda-redist" "$UP/cuda/redist"
    SUM=$(sha256sum "$UP/$CUDNN_PATH" | cut -c1-64)
    printf '{"cudnn": {"version": "8.9.70.29", "linux-x86_64": {"cuda12": {"relative_path": "cudnn/linux-x86_64/%s", "sha256": "%s", "size": "%s"}}}}\n' \
        "$NAME" "$SUM" "$(stat -c %s "$UP/$CUDNN_PATH")" > "$UP/cudnn/redist/redistrib_8.9.70.json"
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\nredist = file://%s/cudnn/redist/\ncuda_redist = file://%s/cuda/redist/\n' "$UP" "$UP" \
        > "$CUDNNV_ROOT/config"
    cudnnv update 2>/dev/null
    cudnnv install --with-cuda-libs 8.9.70.29 2>/dev/null
    PROJECT="$BATS_TEST_TMPDIR/project"
    mkdir -p "$PROJECT"
    cd "$PROJECT"
    cudnnv use 8.9 2>/dev/null
    cudnnv lock 2>/dev/null
    grep -q '^\[cuda 12.2.2\]' cudnn.lock
    MIRROR="$BATS_TEST_TMPDIR/the mirror"
}

# manifest_lists FILE PRODUCT PATH SUM: the manifest names PATH (relative to its folder) with SUM and the file's size.
manifest_lists() {
    python3 - "$@" <<'PY'
import json, os, sys
manifest, product, path, digest = sys.argv[1:]
entries = []
def walk(node):
    if isinstance(node, dict):
        if "relative_path" in node:
            entries.append(node)
        for value in node.values():
            walk(value)
walk(json.load(open(manifest))[product])
folder = os.path.dirname(manifest)
assert len(entries) == 1, entries
entry = entries[0]
assert entry["relative_path"] == path, entry
assert entry["sha256"] == digest, entry
assert entry["size"] == str(os.path.getsize(os.path.join(folder, path))), entry
PY
}

@test "mirror keeps the lock's archives as NVIDIA lays them out; after upstream drops them, install --locked is served from it" {
    upstream_project
    run cudnnv mirror "$MIRROR"
    assert_status 0
    assert_output_has "kept $CUDNN_PATH"
    assert_output_has "kept $CUBLAS_PATH"
    assert_output_has "$MIRROR: 3 archives copied, 0 already there; every one checked against its SHA-256"
    cmp "$MIRROR/$CUDNN_PATH" "$UP/$CUDNN_PATH"
    cmp "$MIRROR/$NVRTC_PATH" "$UP/$NVRTC_PATH"
    manifest_lists "$MIRROR/cudnn/redist/redistrib_8.9.7.json" cudnn "cudnn/linux-x86_64/$NAME" "$SUM"
    manifest_lists "$MIRROR/cuda/redist/redistrib_12.2.2.json" libcublas "${CUBLAS_PATH#cuda/redist/}" \
        "$(sha256sum "$UP/$CUBLAS_PATH" | cut -c1-64)"
    [ "$(cd "$MIRROR" && find . -type f ! -name .cudnnv-mirror.lock | sort)" = "$(printf './%s\n' "$CUBLAS_PATH" "$NVRTC_PATH" \
        cuda/redist/redistrib_12.2.2.json "$CUDNN_PATH" cudnn/redist/redistrib_8.9.7.json | sort)" ]
    # again: nothing copied, nothing rewritten
    run cudnnv mirror "$MIRROR"
    assert_status 0
    assert_output_has "$MIRROR: 0 archives copied, 3 already there"
    rm -rf "$BATS_TEST_TMPDIR/upstream"
    # a machine with the mirror folder: exactly the locked bits
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/machine-a"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nmirrors = %s\n' "$MIRROR" > "$CUDNNV_ROOT/config"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "using $MIRROR/$CUDNN_PATH"
    assert_output_has "installed 8.9.7.29 (cuDNN 8.9.7.29, CUDA 12)"
    grep -qx "sha256 = $SUM" "$CUDNNV_ROOT/versions/8.9.7.29/cudnnv.ini"
    refute_output_has "downloading"
    assert_output_has "using $MIRROR/$NVRTC_PATH"
    # no line names the address upstream dropped
    refute_output_has "upstream"
    ls "$CUDNNV_ROOT"/cuda/12.2.2/lib/libcublasLt.so.12*
}

@test "a file in the mirror with other bits is never rewritten, and an upstream archive that changed is refused, each naming both sums" {
    upstream_project
    cudnnv mirror "$MIRROR" 2>/dev/null
    echo changed >> "$MIRROR/$CUDNN_PATH"
    cp "$MIRROR/$CUDNN_PATH" "$BATS_TEST_TMPDIR/kept"
    changed=$(sha256sum "$MIRROR/$CUDNN_PATH" | cut -c1-64)
    run cudnnv mirror "$MIRROR"
    assert_status 1
    assert_output_has "$MIRROR/$CUDNN_PATH is in the mirror with SHA-256 $changed, but cudnn.lock says $SUM; the mirror keeps what it has (move it away to replace it)"
    assert_output_has "1 archive could not be kept (above)"
    cmp "$MIRROR/$CUDNN_PATH" "$BATS_TEST_TMPDIR/kept"
    # upstream changed the archive under the same name: a store with no cache fetches it, and refuses it
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/fresh"
    echo changed >> "$UP/$CUDNN_PATH"
    run cudnnv mirror "$BATS_TEST_TMPDIR/second"
    assert_status 1
    assert_output_has "SHA-256 of $NAME is $changed, but cudnn.lock says $SUM"
    [ ! -e "$BATS_TEST_TMPDIR/second/$CUDNN_PATH" ]
    refute_output_has "redistrib_8.9.7"
    [ ! -e "$BATS_TEST_TMPDIR/second/cudnn/redist/redistrib_8.9.7.json" ]
    # a manifest in the mirror that is not one cudnnv wrote is named, not overwritten
    printf 'not json' > "$MIRROR/cuda/redist/redistrib_12.2.2.json"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    mv "$BATS_TEST_TMPDIR/kept" "$MIRROR/$CUDNN_PATH"
    run cudnnv mirror "$MIRROR"
    assert_status 1
    assert_output_has "$MIRROR/cuda/redist/redistrib_12.2.2.json is there but is not a manifest cudnnv can read; move it away and run 'cudnnv mirror' again"
    [ "$(cat "$MIRROR/cuda/redist/redistrib_12.2.2.json")" = "not json" ]
}

@test "mirror by release name: update and install by name are served from it once upstream is gone; the errors" {
    upstream_project
    BYNAME="$BATS_TEST_TMPDIR/by name"
    run cudnnv mirror "$BYNAME" 8.9.70.29
    assert_status 0
    assert_output_has "1 archive copied"
    cmp "$BYNAME/$CUDNN_PATH" "$UP/$CUDNN_PATH"
    manifest_lists "$BYNAME/cudnn/redist/redistrib_8.9.70.json" cudnn "cudnn/linux-x86_64/$NAME" "$SUM"
    run cudnnv mirror "$BYNAME" 8.99
    assert_status 1
    assert_output_has "the catalog has no release 8.99: see 'cudnnv known'"
    run cudnnv mirror --lock cudnn.lock "$BYNAME" 8.9
    assert_status 2
    assert_output_has "give releases or --lock, not both"
    cd "$BATS_TEST_TMPDIR"
    run cudnnv mirror "$BATS_TEST_TMPDIR/elsewhere"
    assert_status 1
    assert_output_has "no .cudnn-version here or above, so no cudnn.lock: give one with --lock FILE, or releases by name"
    [ ! -e "$BATS_TEST_TMPDIR/elsewhere" ]
    run cudnnv mirror --lock "$PROJECT/cudnn.lock" "$BATS_TEST_TMPDIR/elsewhere"
    assert_status 0
    assert_output_has "3 archives copied"
    # upstream gone; a machine that reads the mirror as NVIDIA's redist learns the release and installs it by name
    rm -rf "$BATS_TEST_TMPDIR/upstream"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/machine-b"
    mkdir -p "$CUDNNV_ROOT"
    url="file://${BYNAME// /%20}"
    printf '[catalog]\nredist = %s/cudnn/redist/\n' "$url" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    assert_output_has "1 new release from $url/cudnn/redist/"
    run cudnnv install 8.9.70.29
    assert_status 0
    assert_output_has "copying $url/$CUDNN_PATH"
    grep -qx "sha256 = $SUM" "$CUDNNV_ROOT/versions/8.9.7/cudnnv.ini"
}

@test "a mirror is never written through a link it did not make; a part a killed run left is removed; two runs at once keep every manifest entry" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give a folder to another user"; fi
    upstream_project
    # a 1777 mirror where nobody planted cuda -> and cudnn -> links to a private folder of root's
    local shared="$BATS_TEST_TMPDIR/shared" private="$BATS_TEST_TMPDIR/private"
    mkdir -p "$shared" "$private" && chmod 1777 "$shared" && chmod 700 "$private"
    ln -s "$private" "$shared/cuda" && ln -s "$private" "$shared/cudnn"
    chown -h nobody "$shared/cuda" "$shared/cudnn"
    run cudnnv mirror "$shared"
    assert_status 1
    assert_output_has "$shared/cudnn is a link or a file, not a folder cudnnv made"
    [ -z "$(ls -A "$private")" ]
    # a part a run killed while copying left behind is removed by the next run
    mkdir -p "$MIRROR/cudnn/redist/cudnn/linux-x86_64"
    head -c 100000 /dev/zero > "$MIRROR/$CUDNN_PATH.cudnnv-part.4242"
    run cudnnv mirror "$MIRROR"
    assert_status 0
    assert_output_has "removed $MIRROR/$CUDNN_PATH.cudnnv-part.4242, left by a mirror run that was stopped"
    [ ! -e "$MIRROR/$CUDNN_PATH.cudnnv-part.4242" ]
    # two runs at once into one new folder: each waits for the other's manifest update, none is lost
    local twin="$BATS_TEST_TMPDIR/twin" round
    for round in $(seq 10); do
        rm -rf "$twin"
        cudnnv mirror "$twin" 2>/dev/null &
        local first=$!
        cudnnv mirror "$twin" 2>/dev/null &
        wait "$first" $!   # only these: bats has a job of its own (the test's time limit)
        manifest_lists "$twin/cudnn/redist/redistrib_8.9.7.json" cudnn "cudnn/linux-x86_64/$NAME" "$SUM"
        grep -q '"libcublas"' "$twin/cuda/redist/redistrib_12.2.2.json"
        grep -q '"cuda_nvrtc"' "$twin/cuda/redist/redistrib_12.2.2.json"
    done
}

@test "a lock whose addresses are not under NVIDIA's /compute/ (a redist copied to a file:// folder) is mirrored in NVIDIA's layout, with manifests" {
    UPSTREAM_TOP=redist-copy upstream_project
    grep -q "file://$BATS_TEST_TMPDIR/upstream/redist-copy/" cudnn.lock
    run cudnnv mirror "$MIRROR"
    assert_status 0
    [ -f "$MIRROR/$CUDNN_PATH" ]
    [ -f "$MIRROR/$CUBLAS_PATH" ]
    [ -f "$MIRROR/$NVRTC_PATH" ]
    manifest_lists "$MIRROR/cudnn/redist/redistrib_8.9.7.json" cudnn "cudnn/linux-x86_64/$NAME" "$SUM"
    manifest_lists "$MIRROR/cuda/redist/redistrib_12.2.2.json" libcublas "${CUBLAS_PATH#cuda/redist/}" \
        "$(sha256sum "$UP/$CUBLAS_PATH" | cut -c1-64)"
    # upstream gone: the mirror serves install --locked on another store
    rm -rf "$BATS_TEST_TMPDIR/upstream"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nmirrors = %s\n' "$MIRROR" > "$CUDNNV_ROOT/config"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "installed 8.9.7.29"
    assert_output_has "using $MIRROR/$CUBLAS_PATH"
}
