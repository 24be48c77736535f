#!/usr/bin/env bats
# install --channel: cuDNN from a conda channel the test builds and serves
# on 127.0.0.1 (repodata.json, a .conda package and a .tar.bz2 one), and
# install FILE.conda / FILE.tar.bz2; sums checked, hostile packages refused.

load helpers

# conda_package OUT.conda|OUT.tar.bz2 [ITEM...]: the 9.1.0 fixture as conda lays a package out (lib/, include/, info/).
conda_package() {
    local out=$1
    shift
    conda_package_of "$out" cudnn 9.1.0.70 "tree:lib=$SETS/9.1.0/lib" "tree:include=$SETS/9.1.0/include" "$@"
}

# serve_channel SUM_OF_THE_CONDA_PACKAGE: CHANNEL/linux-64/{repodata.json, packages}.
serve_channel() {
    local channel="$BATS_TEST_TMPDIR/channel" sum=$1
    mkdir -p "$channel/linux-64"
    cp "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda" "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.tar.bz2" "$channel/linux-64/"
    cp "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda" "$channel/linux-64/cudnn-9.1.0.70-h2_0.conda"
    bz2=$(sha256sum "$channel/linux-64/cudnn-9.1.0.70-h1_0.tar.bz2" | cut -c1-64)
    cat > "$channel/linux-64/repodata.json" <<JSON
{"info": {"subdir": "linux-64"},
 "packages": {
  "cudnn-9.1.0.70-h1_0.tar.bz2": {"name": "cudnn", "version": "9.1.0.70", "build": "h1_0", "depends": ["cuda-version >=12,<13"], "sha256": "$bz2"},
  "cudnn-9.2.0.82-h1_0.tar.bz2": {"name": "cudnn", "version": "9.2.0.82", "build": "h1_0", "depends": ["cuda-version >=12,<13"]}},
 "packages.conda": {
  "cudnn-9.1.0.70-h1_0.conda": {"name": "cudnn", "version": "9.1.0.70", "build": "h1_0", "depends": ["cuda-version >=12,<13", "libgcc-ng >=12"], "sha256": "$sum"},
  "cudnn-9.1.0.70-h2_0.conda": {"name": "cudnn", "version": "9.1.0.70", "build": "h2_0", "depends": ["cuda-version >=11,<12"], "sha256": "$sum"},
  "../../evil-9.3.0.1.conda": {"name": "cudnn", "version": "9.3.0.1", "depends": [], "sha256": "$sum"},
  "cudnn-jit-9.4.0.1-h1_0.conda": {"name": "cudnn-jit", "version": "9.4.0.1", "depends": [], "sha256": "$sum"}}}
JSON
    serve_folder "$channel"
}

@test "install --channel: the newest cudnn of the version for the CUDA major, the .conda form, checked; loaded through the shim" {
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda"
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.tar.bz2"
    serve_channel "$(sha256sum "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda" | cut -c1-64)"
    run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9
    assert_status 0
    assert_output_has "cuDNN 9.1.0.70 for CUDA 12 from http://127.0.0.1:$PORT: cudnn-9.1.0.70-h1_0.conda"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    grep -q "GET /linux-64/repodata.json " "$BATS_TEST_TMPDIR/requests"
    cudnnv rehash 2>/dev/null
    [ "$(LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" "$FIXTURES/bin/host_dlopen" libcudnn.so.9 | head -1)" = 90100 ]
    # the CUDA 11 build of the same version
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store11"
    run cudnnv install --cuda 11 --channel "http://127.0.0.1:$PORT/" 9.1
    assert_output_has "cudnn-9.1.0.70-h2_0.conda"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 11)"
}

@test "a sum that differs is refused; packages without one, with odd names or of other projects are passed over" {
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda"
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.tar.bz2"
    serve_channel "$(printf '%064d' 5)"
    run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 1
    assert_output_has "but the channel's repodata.json says $(printf '%064d' 5); the file was deleted and nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0.70" ]
    run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9.2
    assert_status 1
    assert_output_has "repodata.json has no cudnn package of version 9.2 for CUDA 12 with a SHA-256"
    for version in 9.3 9.4; do
        run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" "$version"
        assert_status 1
        refute_output_has "evil"
    done
}

@test "install FILE.conda and FILE.tar.bz2; a .conda without its payload, or one whose payload climbs out, installs nothing" {
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda"
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.tar.bz2"
    run cudnnv install "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda"
    assert_status 0
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 11.2)"
    run cudnnv install --name from-bz2 "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.tar.bz2"
    assert_status 0
    [ -f "$CUDNNV_ROOT/versions/from-bz2/lib/libcudnn.so.9.1.0" ]
    "$FIXTURES/bin/mkarchive" "$BATS_TEST_TMPDIR/empty-9.1.0.70-h1_0.conda" "file:metadata.json=$SETS/9.1.0/LICENSE"
    run cudnnv install --name empty "$BATS_TEST_TMPDIR/empty-9.1.0.70-h1_0.conda"
    assert_status 1
    assert_output_has "no pkg-*.tar.zst in it: not a conda package"
    conda_package "$BATS_TEST_TMPDIR/evil-9.1.0.70-h1_0.conda" "file:../../evil-outside=$SETS/9.1.0/LICENSE"
    run cudnnv install --name evil "$BATS_TEST_TMPDIR/evil-9.1.0.70-h1_0.conda"
    assert_status 1
    assert_output_has "nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/evil" ]
    [ -z "$(find "$CUDNNV_ROOT" "$BATS_TEST_TMPDIR" -name evil-outside)" ]
}

# serve_nvidia_channel: NVIDIA's channel splits cuDNN into libcudnn (libraries) and libcudnn-dev (headers, .so links).
serve_nvidia_channel() {
    local channel="$BATS_TEST_TMPDIR/nvidia" libs="$BATS_TEST_TMPDIR/libs"
    mkdir -p "$channel/linux-64" "$libs"
    cp -a "$SETS/9.1.0/lib/"*.so.9* "$libs/"
    nvidia_package "$channel/linux-64/libcudnn-9.1.0.70-h1_0.conda" "tree:lib=$libs" "file:share/licenses/libcudnn/LICENSE=$SETS/9.1.0/LICENSE"
    nvidia_package "$channel/linux-64/libcudnn-dev-9.1.0.70-h1_0.conda" "tree:include=$SETS/9.1.0/include" \
        "symlink:lib/libcudnn.so=libcudnn.so.9"
    cp "$channel/linux-64/libcudnn-dev-9.1.0.70-h1_0.conda" "$channel/linux-64/libcudnn-dev-9.1.0.70-h2_0.conda"
    cp "$channel/linux-64/libcudnn-dev-9.1.0.70-h1_0.conda" "$channel/linux-64/libcudnn-dev-9.1.0.71-h1_0.conda"
    libs_sum=$(sha256sum "$channel/linux-64/libcudnn-9.1.0.70-h1_0.conda" | cut -c1-64)
    dev_sum=${1:-$(sha256sum "$channel/linux-64/libcudnn-dev-9.1.0.70-h1_0.conda" | cut -c1-64)}
    cat > "$channel/linux-64/repodata.json" <<JSON
{"info": {"subdir": "linux-64"}, "packages": {},
 "packages.conda": {
  "libcudnn-9.1.0.70-h1_0.conda": {"name": "libcudnn", "version": "9.1.0.70", "depends": ["cuda-version >=12,<13"], "sha256": "$libs_sum"},
  "libcudnn-dev-9.1.0.70-h2_0.conda": {"name": "libcudnn-dev", "version": "9.1.0.70", "depends": ["cuda-version >=11,<12"], "sha256": "$dev_sum"},
  "libcudnn-dev-9.1.0.71-h1_0.conda": {"name": "libcudnn-dev", "version": "9.1.0.71", "depends": ["cuda-version >=12,<13"], "sha256": "$dev_sum"},
  "libcudnn-dev-9.1.0.70-h1_0.conda": {"name": "libcudnn-dev", "version": "9.1.0.70", "depends": ["cuda-version >=12,<13", "libcudnn 9.1.0.70 h1_0"], "sha256": "$dev_sum"},
  "../libcudnn-dev-9.1.0.70-h9_0.conda": {"name": "libcudnn-dev", "version": "9.1.0.70", "depends": ["cuda-version >=12,<13"], "sha256": "$dev_sum"}}}
JSON
    serve_folder "$channel"
}

@test "NVIDIA's channel: libcudnn and its libcudnn-dev (same version and CUDA) make one set; --runtime takes the libraries alone" {
    serve_nvidia_channel
    run cudnnv install --dry-run --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 0
    assert_output_has "  from    http://127.0.0.1:$PORT/linux-64/libcudnn-dev-9.1.0.70-h1_0.conda"
    [ ! -e "$CUDNNV_ROOT/versions" ] || [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 0
    assert_output_has "cuDNN 9.1.0.70 for CUDA 12 from http://127.0.0.1:$PORT: libcudnn-9.1.0.70-h1_0.conda"
    assert_output_has "and its headers: libcudnn-dev-9.1.0.70-h1_0.conda"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    refute_output_has "runtime only"
    set_dir="$CUDNNV_ROOT/versions/9.1.0.70"
    cmp "$set_dir/include/cudnn_version.h" "$SETS/9.1.0/include/cudnn_version.h"
    [ "$(readlink "$set_dir/lib/libcudnn.so")" = libcudnn.so.9 ]
    cmp "$set_dir/lib/libcudnn.so.9.1.0" "$SETS/9.1.0/lib/libcudnn.so.9.1.0"
    cudnnv verify 9.1.0.70 >/dev/null
    cudnnv rehash 2>/dev/null
    [ "$(LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" "$FIXTURES/bin/host_dlopen" libcudnn.so.9 | head -1)" = 90100 ]
    # --runtime: the headers' package is not even fetched
    : > "$BATS_TEST_TMPDIR/requests"
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/runtime-store" run cudnnv install --runtime --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 0
    refute_output_has "headers:"
    refute_output_has "libcudnn-dev" "$(cat "$BATS_TEST_TMPDIR/requests")"
    [ ! -e "$BATS_TEST_TMPDIR/runtime-store/versions/9.1.0.70/include" ]
}

@test "NVIDIA's channel: a libcudnn-dev whose sum differs stops the install, nothing installed" {
    serve_nvidia_channel "$(printf '%064d' 7)"
    run cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 1
    assert_output_has "but the channel's repodata.json says $(printf '%064d' 7); the file was deleted and nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0.70" ]
}

@test "a file:// channel: a package name that climbs out once %-decoded is passed over, nothing outside is read" {
    conda_package "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda"
    local channel="$BATS_TEST_TMPDIR/chan" sum
    mkdir -p "$channel/linux-64" "$BATS_TEST_TMPDIR/outside"
    cp "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda" "$BATS_TEST_TMPDIR/outside/cudnn-9.5.0.1-h1_0.conda"
    sum=$(sha256sum "$BATS_TEST_TMPDIR/cudnn-9.1.0.70-h1_0.conda" | cut -c1-64)
    cat > "$channel/linux-64/repodata.json" <<JSON
{"info": {"subdir": "linux-64"},
 "packages.conda": {
  "x%2f..%2f..%2foutside%2fcudnn-9.5.0.1-h1_0.conda": {"name": "cudnn", "version": "9.5.0.1", "build": "h1_0", "depends": ["cuda-version >=12,<13"], "sha256": "$sum"}}}
JSON
    run -1 cudnnv install --dry-run --cuda 12 --channel "file://$channel" 9.5
    refute_output_has "cudnn-9.5.0.1-h1_0.conda"
    assert_output_has "9.5"
}

@test "NVIDIA's channel: a libcudnn-dev without a SHA-256 stops the install saying why; --runtime takes the libraries alone" {
    serve_nvidia_channel
    # the headers' package of 9.1.0.70 for CUDA 12 loses its sum (the other entries keep theirs)
    sed -i '/"libcudnn-dev-9.1.0.70-h1_0.conda"/s/, "sha256": "[0-9a-f]*"//' "$BATS_TEST_TMPDIR/nvidia/linux-64/repodata.json"
    run -1 cudnnv install --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_output_has "gives no SHA-256 for libcudnn-dev-9.1.0.70-h1_0.conda (the headers of the set); nothing was installed: take the libraries alone with --runtime"
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0.70" ]
    run cudnnv install --runtime --cuda 12 --channel "http://127.0.0.1:$PORT" 9.1
    assert_status 0
    assert_output_has "runtime only"
}

@test "a .conda whose payload member is a bomb (1 GiB of zeros in a small zip) is refused as it expands, nothing kept" {
    local work="$BATS_TEST_TMPDIR/bomb"
    mkdir -p "$work"
    echo '{}' > "$work/index.json"
    "$FIXTURES/bin/mkarchive" "$work/cudnn-9.1.0.70-h1_0.conda" "file:metadata.json=$work/index.json" \
        "zeros:pkg-cudnn-9.1.0.70-h1_0.tar.zst=1G"
    [ "$(stat -c %s "$work/cudnn-9.1.0.70-h1_0.conda")" -lt 10000000 ]
    run -1 timeout 120 "$CUDNNV" install "$work/cudnn-9.1.0.70-h1_0.conda"
    assert_output_has "its payload expands past 20 times what was read of the package"
    [ -z "$(ls "$CUDNNV_ROOT/staging" 2>/dev/null)" ]
    [ ! -e "$CUDNNV_ROOT/versions" ] || [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
}
