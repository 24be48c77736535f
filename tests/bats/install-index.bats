#!/usr/bin/env bats
# install --index-url: NVIDIA's nvidia-cudnn-cuNN wheels from a Python
# package index that the test builds and serves on 127.0.0.1, in its HTML
# (PEP 503) and JSON (PEP 691) forms; the index's SHA-256 is checked.

load helpers

WHEEL=nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl
OLDER=nvidia_cudnn_cu12-9.0.0.312-py3-none-manylinux2014_x86_64.whl


build_index() {
    make_wheel "$BATS_TEST_TMPDIR/$WHEEL"
}

serve_index() { # serve_index SHA256_IN_THE_INDEX
    local served="$BATS_TEST_TMPDIR/index" sum=$1
    mkdir -p "$served/files" "$served/simple/nvidia-cudnn-cu12" "$served/json/nvidia-cudnn-cu12" "$served/simple/nvidia-cudnn-cu11"
    cp "$BATS_TEST_TMPDIR/$WHEEL" "$served/files/"
    cp "$BATS_TEST_TMPDIR/$WHEEL" "$served/files/$OLDER"
    cat > "$served/simple/nvidia-cudnn-cu12/index.html" <<HTML
<!DOCTYPE html><html><body>
<a href="/files/$OLDER#sha256=$sum">$OLDER</a><br/>
<a href="/files/$WHEEL#sha256=$sum" data-requires-python="&gt;=3">$WHEEL</a><br/>
<a href="/files/nvidia_cudnn_cu12-9.1.0.70-py3-none-win_amd64.whl#sha256=$sum">nvidia_cudnn_cu12-9.1.0.70-py3-none-win_amd64.whl</a>
<a href="/files/evil.whl">nvidia_cudnn_cu12-9.9.9.9-py3-none-manylinux2014_x86_64.whl/../x</a>
</body></html>
HTML
    cat > "$served/json/nvidia-cudnn-cu12/index.html" <<JSON
{"meta": {"api-version": "1.0"}, "name": "nvidia-cudnn-cu12", "files": [
 {"filename": "$WHEEL", "url": "../../files/$WHEEL", "hashes": {"sha256": "$sum"}},
 {"filename": "$OLDER", "url": "../../files/$OLDER", "hashes": {}}]}
JSON
    serve_folder "$served"
}

wheel_sum() {
    sha256sum "$BATS_TEST_TMPDIR/$WHEEL" | cut -c1-64
}

@test "install --index-url VERSION: the newest wheel of the version for this platform, checked, loaded through the shim" {
    build_index
    serve_index "$(wheel_sum)"
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_status 0
    assert_output_has "cuDNN 9.1.0.70 for CUDA 12 from http://127.0.0.1:$PORT/simple: $WHEEL"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    grep -q "GET /simple/nvidia-cudnn-cu12/ " "$BATS_TEST_TMPDIR/requests"
    grep -qx "sha256 = $(wheel_sum)" "$CUDNNV_ROOT/versions/9.1.0.70/cudnnv.ini"
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
    mkdir -p p && cd p && cudnnv use 9.1 2>/dev/null
    [ "$(LD_LIBRARY_PATH="$SHIMS" "$FIXTURES/bin/host_dlopen" libcudnn.so.9 | head -1)" = 90100 ]
    # the JSON form (PEP 691), with addresses relative to the page
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/json-store"
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/json/" 9.1
    assert_status 0
    assert_output_has "from http://127.0.0.1:$PORT/json/: $WHEEL"
}

@test "a sum that differs is refused with nothing installed; a wheel without one needs --no-verify" {
    build_index
    serve_index "$(printf '%064d' 3)"
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_status 1
    assert_output_has "SHA-256 of $WHEEL is $(wheel_sum), but the index says $(printf '%064d' 3); the file was deleted and nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0.70" ]
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/json" 9.0
    assert_status 1
    assert_output_has "the index gives no SHA-256 for $OLDER, so it cannot be checked: nothing was installed (--no-verify takes it unchecked)"
    run cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/json" --no-verify 9.0
    assert_status 0
    assert_output_has "the index gives no SHA-256 for $OLDER; installing it unchecked"
}

@test "PIP_INDEX_URL and [sources] index_url serve releases the catalog lacks; missing projects and versions are explained" {
    build_index
    serve_index "$(wheel_sum)"
    # 9.1.0.70 is in the catalog: that wins (its download would go to NVIDIA); a release it lacks goes to the index
    PIP_INDEX_URL="http://127.0.0.1:$PORT/simple" run cudnnv install --cuda 12 9.1.0.70.1
    assert_status 1
    assert_output_has "http://127.0.0.1:$PORT/simple/nvidia-cudnn-cu12/ lists no linux-x86_64 wheel of cuDNN 9.1.0.70.1"
    mkdir -p "$CUDNNV_ROOT"
    printf '[sources]\nindex_url = http://127.0.0.1:%s/json\n' "$PORT" > "$CUDNNV_ROOT/config"
    run cudnnv install --cuda 12 9.1.0.70.1
    assert_output_has "http://127.0.0.1:$PORT/json/nvidia-cudnn-cu12/ lists no linux-x86_64 wheel"
    run cudnnv install --cuda 13 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_status 1
    assert_output_has "cannot install cuDNN 9.1 from the index: http://127.0.0.1:$PORT/simple/nvidia-cudnn-cu13/: HTTP 404"
    run cudnnv install --no-verify 9.1
    assert_status 2
    assert_output_has "'--no-verify' goes with '--index-url'"
}

@test "a folder of wheels by a file:// address (FOLDER/nvidia-cudnn-cu12/): read as a server's file index, RECORD checked" {
    build_index
    mkdir -p "$BATS_TEST_TMPDIR/wheel house/nvidia-cudnn-cu12"
    cp "$BATS_TEST_TMPDIR/$WHEEL" "$BATS_TEST_TMPDIR/wheel house/nvidia-cudnn-cu12/"
    cp "$BATS_TEST_TMPDIR/$WHEEL" "$BATS_TEST_TMPDIR/wheel house/nvidia-cudnn-cu12/$OLDER"
    index="file://$BATS_TEST_TMPDIR/wheel%20house"
    # a folder gives no SHA-256: only --no-verify takes its wheels
    run cudnnv install --cuda 12 --index-url "$index" --no-verify 9.1
    assert_status 0
    assert_output_has "cuDNN 9.1.0.70 for CUDA 12 from $index: $WHEEL"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/second"
    run cudnnv install --cuda 12 --index-url "$index" 9.1
    assert_status 1
    assert_output_has "the index gives no SHA-256 for $WHEEL, so it cannot be checked: nothing was installed"
    # and the wheel's own RECORD still decides
    make_wheel "$BATS_TEST_TMPDIR/wheel house/nvidia-cudnn-cu12/$WHEEL" tamper
    run cudnnv install --cuda 12 --index-url "$index" --no-verify 9.1
    assert_status 1
    assert_output_has "nvidia/cudnn/lib/libcudnn.so.9.1.0 does not match the wheel's RECORD"
    [ ! -e "$CUDNNV_ROOT/versions/9.1.0.70" ]
}

@test "install --dry-run says which archive, from where, its size and sum, and changes nothing" {
    build_index
    serve_index "$(wheel_sum)"
    run cudnnv install --dry-run --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_status 0
    [ "${lines[0]}" = "cudnnv: cuDNN 9.1.0.70 for CUDA 12 from http://127.0.0.1:$PORT/simple: $WHEEL" ]
    assert_output_has "$WHEEL
  from    http://127.0.0.1:$PORT/files/$WHEEL
  size    unknown (the source does not say)
  sha256  $(wheel_sum)"
    assert_output_has "nothing was fetched or changed (--dry-run)"
    refute_output_has "GET /files/" "$(cat "$BATS_TEST_TMPDIR/requests")"
    [ ! -e "$CUDNNV_ROOT" ]
    # from the cache, when it is there: that is where it would come from
    mkdir -p "$CUDNNV_ROOT/cache"
    cp "$BATS_TEST_TMPDIR/$WHEEL" "$CUDNNV_ROOT/cache/"
    run cudnnv install --dry-run --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_output_has "  from    $CUDNNV_ROOT/cache/$WHEEL"
    [ ! -e "$CUDNNV_ROOT/versions" ]
    # a folder: nothing to fetch
    run cudnnv install --dry-run "$SETS/9.1.0"
    assert_status 0
    assert_output_has "from    this machine (nothing to fetch)"
    [ ! -e "$CUDNNV_ROOT/versions" ]
}

@test "install FILE.whl checks every unpacked file against the wheel's RECORD" {
    make_wheel "$BATS_TEST_TMPDIR/$WHEEL"
    run cudnnv install "$BATS_TEST_TMPDIR/$WHEEL"
    assert_status 0
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    make_wheel "$BATS_TEST_TMPDIR/tampered/$WHEEL" tamper
    run cudnnv install --name tampered "$BATS_TEST_TMPDIR/tampered/$WHEEL"
    assert_status 1
    assert_output_has "nvidia/cudnn/lib/libcudnn.so.9.1.0 does not match the wheel's RECORD"
    assert_output_has "nothing was installed"
    [ ! -e "$CUDNNV_ROOT/versions/tampered" ]
    # no RECORD at all
    mkdir -p "$BATS_TEST_TMPDIR/bare"
    "$FIXTURES/bin/mkarchive" "$BATS_TEST_TMPDIR/bare/$WHEEL" "tree:nvidia/cudnn/lib=$SETS/9.1.0/lib"
    run cudnnv install --name bare "$BATS_TEST_TMPDIR/bare/$WHEEL"
    assert_status 1
    assert_output_has "it has no .dist-info/RECORD to check its files against"
}


@test "a hostile index page is read in time proportional to its size: 1, 4 and 8 MB of '<a ' without '>'" {
    local served="$BATS_TEST_TMPDIR/hostile"
    mkdir -p "$served/simple/nvidia-cudnn-cu12"
    serve_folder "$served"
    local page="$served/simple/nvidia-cudnn-cu12/index.html" size start end
    for size in 1 4 8; do
        # just under the 8 MiB page limit at the top: the reader must read it all
        head -c $((size * 1000000 - 1000)) /dev/zero | tr '\0' '<' | sed 's/</<a /g' | head -c $((size * 1000000 - 1000)) > "$page"
        start=$(date +%s%N)
        run timeout 60 "$CUDNNV" install --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
        end=$(date +%s%N)
        [ "$status" -ne 124 ] || { echo "the reader was still at it after 60 s on $size MB" >&2; false; }
        assert_output_has "nvidia-cudnn-cu12/ lists no linux-x86_64 wheel of cuDNN 9.1"
        echo "# ${size} MB page of '<a ': $(( (end - start) / 1000000 )) ms" >&3
    done
    # '<a ' after '<a ' up to one '>' far away, then one anchor: still read, and the anchor still found
    { head -c 2000000 /dev/zero | tr '\0' 'x' | sed 's/x/<a /g' | head -c 2000000
      printf '><a href="/x/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl#sha256=%064d">nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl</a>\n' 0; } > "$page"
    run timeout 60 "$CUDNNV" install --dry-run --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    [ "$status" -ne 124 ]
    assert_output_has "nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl"
}

@test "a page from a server never names a file of this machine: a file:// link named like a wheel is passed over" {
    make_wheel "$BATS_TEST_TMPDIR/private/$WHEEL"
    chmod 600 "$BATS_TEST_TMPDIR/private/$WHEEL"
    local served="$BATS_TEST_TMPDIR/hostile" sum
    sum=$(sha256sum "$BATS_TEST_TMPDIR/private/$WHEEL" | cut -c1-64)
    mkdir -p "$served/simple/nvidia-cudnn-cu12"
    printf '<a href="file://%s#sha256=%s">%s</a>\n' "$BATS_TEST_TMPDIR/private/$WHEEL" "$sum" "$WHEEL" \
        > "$served/simple/nvidia-cudnn-cu12/index.html"
    serve_folder "$served"
    run -1 cudnnv install --cuda 12 --index-url "http://127.0.0.1:$PORT/simple" 9.1
    assert_output_has "lists no linux-x86_64 wheel of cuDNN 9.1"
    [ ! -e "$CUDNNV_ROOT/cache/$WHEEL" ]
}

@test "NVIDIA's address out of reach and an index configured: install RELEASE says so and takes the index's wheel, checked" {
    build_index
    serve_index "$(wheel_sum)"
    # the catalog's address on a closed port: the connection is refused, as where NVIDIA's server is not reachable
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    printf '[release]\nversion = 9.1.0.70\n\n[build cuda12]\ncuda = 12\nmin_driver_linux = 525.60.13\n' \
        > "$CUDNNV_ROOT/catalog/catalog/9.1.0.70.ini"
    printf 'linux_archive = %s\nlinux_url = http://127.0.0.1:1/%s\nlinux_sha256 = %064d\n' \
        cudnn-linux-x86_64-9.1.0.70_cuda12-archive.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda12-archive.tar.xz 1 \
        >> "$CUDNNV_ROOT/catalog/catalog/9.1.0.70.ini"
    PIP_INDEX_URL="http://__token__:s3cret@127.0.0.1:$PORT/simple" run cudnnv install --cuda 12 9.1.0.70
    assert_status 0
    assert_output_has "NVIDIA's address cannot be reached from here; trying the Python index you configured, http://****@127.0.0.1:$PORT/simple"
    refute_output_has "s3cret"
    assert_output_has "installed 9.1.0.70 (cuDNN 9.1.0.70, CUDA 12)"
    # no index configured: the failure stands, with its fix
    cudnnv uninstall -f 9.1.0.70 2>/dev/null
    run cudnnv install --cuda 12 9.1.0.70
    assert_status 1
    assert_output_has "the server cannot be reached"
    refute_output_has "trying the Python index"
}
