#!/usr/bin/env bats
# A project's CUDA runtime from a Python index alone, as pip users have it
# today behind a company index: NVIDIA's CUDA 13 wheels without a suffix
# (nvidia-cublas, libraries in nvidia/cu13/lib), the "-cu13" names left as
# source stubs, the "-cu12" wheels of several releases, and NVIDIA's
# cuda-toolkit metapackage whose extras pin each release's components. No
# redist is reachable: the index says everything.

load helpers

CUDA13_SONAMES="libcudart.so.13 libcublas.so.13 libcublasLt.so.13 libcufft.so.12 libcurand.so.10 libcusolver.so.12
libcusolverMg.so.12 libcusparse.so.12 libnvrtc.so.13 libnvrtc-builtins.so.13.0 libnvJitLink.so.13"
CUDA12_SONAMES="libcudart.so.12 libcublas.so.12 libcublasLt.so.12 libcufft.so.11 libcurand.so.10 libcusolver.so.11
libcusparse.so.12 libnvrtc.so.12 libnvJitLink.so.12"

# index_link PROJECT FILE [ATTRIBUTES]: FILE (in $INDEX_DIR/files) listed on PROJECT's page with its SHA-256.
index_link() {
    mkdir -p "$INDEX_DIR/simple/$1"
    printf '<a href="/files/%s#sha256=%s"%s>%s</a><br/>\n' "$2" "$(sum "$INDEX_DIR/files/$2")" "${3:+ $3}" "$2" \
        >> "$INDEX_DIR/simple/$1/index.html"
}

# component_wheel PROJECT VERSION LIBDIR FOLDER SONAME...: NVIDIA's wheel of a component (its dist-info named as
# pip's), the sonames copied from LIBDIR into FOLDER, listed on the index.
component_wheel() {
    local project=$1 version=$2 from=$3 folder=$4 stem tree soname
    shift 4
    stem=$(echo "$project" | tr - _)
    tree="$BATS_TEST_TMPDIR/trees/$stem-$version"
    mkdir -p "$tree/$folder"
    for soname in "$@"; do cp -L "$from/$soname" "$tree/$folder/$soname"; done
    wheel_of "$INDEX_DIR/files/$stem-$version-py3-none-manylinux_2_27_x86_64.whl" "$tree" "$stem-$version.dist-info"
    index_link "$project" "$stem-$version-py3-none-manylinux_2_27_x86_64.whl"
}

# source_stub PROJECT: what the "-cu13" names hold now, a 0.0.1 source package that refuses to build.
source_stub() {
    local stem
    stem=$(echo "$1" | tr - _)
    mkdir -p "$BATS_TEST_TMPDIR/stub/$stem-0.0.1"
    echo "raise RuntimeError(\"THIS PROJECT '$1' IS DEPRECATED\")" > "$BATS_TEST_TMPDIR/stub/$stem-0.0.1/setup.py"
    tar -czf "$INDEX_DIR/files/$stem-0.0.1.tar.gz" -C "$BATS_TEST_TMPDIR/stub" "$stem-0.0.1"
    index_link "$1" "$stem-0.0.1.tar.gz"
}

# toolkit VERSION [metadata] PIN...: NVIDIA's cuda-toolkit VERSION, a pure wheel whose METADATA pins each
# "EXTRA:PROJECT==VERSION" as PROJECT==VERSION.* under its extra; with "metadata", the index also serves that METADATA alone (PEP 658) and
# the wheel itself is not there to read.
toolkit() {
    local version=$1 served="" tree pin wheel
    shift
    [ "$1" != metadata ] || { served=yes; shift; }
    tree="$BATS_TEST_TMPDIR/trees/cuda_toolkit-$version"
    mkdir -p "$tree/cuda_toolkit-$version.dist-info"
    { printf 'Metadata-Version: 2.1\nName: cuda-toolkit\nVersion: %s\n' "$version"
      # another platform's pin comes first: the marker decides
      printf 'Requires-Dist: nvidia-cufft==99.0.*; sys_platform == "win32" and extra == "cufft"\n'
      for pin in "$@"; do
          printf 'Provides-Extra: %s\nRequires-Dist: %s.*; (sys_platform == "linux" or sys_platform == "win32") and extra == "%s"\n' \
              "${pin%%:*}" "${pin#*:}" "${pin%%:*}"
      done
      printf 'Requires-Dist: nvidia-cufile==1.15.1.6.*; sys_platform == "linux" and extra == "cufile"\n\nThe CUDA Toolkit.\n'
    } > "$tree/cuda_toolkit-$version.dist-info/METADATA"
    wheel="cuda_toolkit-$version-py3-none-any.whl"
    wheel_of "$INDEX_DIR/files/$wheel" "$tree" "cuda_toolkit-$version.dist-info"
    if [ -z "$served" ]; then
        index_link cuda-toolkit "$wheel"
        return
    fi
    cp "$tree/cuda_toolkit-$version.dist-info/METADATA" "$INDEX_DIR/files/$wheel.metadata"
    index_link cuda-toolkit "$wheel" "data-core-metadata=\"sha256=$(sum "$INDEX_DIR/files/$wheel.metadata")\""
    rm "$INDEX_DIR/files/$wheel"
}

# company_index: $INDEX_DIR, every kind of file above, served on 127.0.0.1 ($PORT); NVIDIA's redist unreachable.
company_index() {
    INDEX_DIR="$BATS_TEST_TMPDIR/index"
    local c13="$FIXTURES/cuda-runtime/13.0/lib" c12="$FIXTURES/cuda-runtime/12.2/lib64" project
    mkdir -p "$INDEX_DIR/files" "$CUDNNV_ROOT"
    component_wheel nvidia-cuda-runtime 13.0.96 "$c13" nvidia/cu13/lib libcudart.so.13
    component_wheel nvidia-cublas 13.1.0.3 "$c13" nvidia/cu13/lib libcublas.so.13 libcublasLt.so.13
    component_wheel nvidia-cublas 13.4.0.1 "$c13" nvidia/cu13/lib libcublas.so.13 libcublasLt.so.13
    component_wheel nvidia-cufft 12.0.0.61 "$c13" nvidia/cu13/lib libcufft.so.12
    component_wheel nvidia-curand 10.4.0.35 "$c13" nvidia/cu13/lib libcurand.so.10
    component_wheel nvidia-cusolver 12.0.4.66 "$c13" nvidia/cu13/lib libcusolver.so.12 libcusolverMg.so.12
    component_wheel nvidia-cusparse 12.6.3.3 "$c13" nvidia/cu13/lib libcusparse.so.12
    component_wheel nvidia-cuda-nvrtc 13.0.88 "$c13" nvidia/cu13/lib libnvrtc.so.13 libnvrtc-builtins.so.13.0
    component_wheel nvidia-nvjitlink 13.0.88 "$c13" nvidia/cu13/lib libnvJitLink.so.13
    # CUDA 13's NVTX wheel: headers alone (NVTX 3), as NVIDIA ships it
    mkdir -p "$BATS_TEST_TMPDIR/trees/nvidia_nvtx-13.0.85/nvidia/cu13/include/nvtx3"
    echo '/* nvtx3 */' > "$BATS_TEST_TMPDIR/trees/nvidia_nvtx-13.0.85/nvidia/cu13/include/nvtx3/nvToolsExt.h"
    wheel_of "$INDEX_DIR/files/nvidia_nvtx-13.0.85-py3-none-manylinux_2_27_x86_64.whl" \
        "$BATS_TEST_TMPDIR/trees/nvidia_nvtx-13.0.85" nvidia_nvtx-13.0.85.dist-info
    index_link nvidia-nvtx nvidia_nvtx-13.0.85-py3-none-manylinux_2_27_x86_64.whl
    for project in nvidia-cuda-runtime nvidia-cublas nvidia-cufft nvidia-curand nvidia-cusolver nvidia-cusparse \
                   nvidia-cuda-nvrtc nvidia-nvjitlink; do
        source_stub "$project-cu13"
    done
    component_wheel nvidia-cuda-runtime-cu12 12.2.140 "$c12" nvidia/cuda_runtime/lib libcudart.so.12
    component_wheel nvidia-cuda-runtime-cu12 12.1.105 "$c12" nvidia/cuda_runtime/lib libcudart.so.12
    component_wheel nvidia-cublas-cu12 12.2.5.6 "$c12" nvidia/cublas/lib libcublas.so.12 libcublasLt.so.12
    component_wheel nvidia-cublas-cu12 12.1.3.1 "$c12" nvidia/cublas/lib libcublas.so.12 libcublasLt.so.12
    component_wheel nvidia-cufft-cu12 11.0.8.103 "$c12" nvidia/cufft/lib libcufft.so.11
    component_wheel nvidia-cufft-cu12 11.0.2.54 "$c12" nvidia/cufft/lib libcufft.so.11
    component_wheel nvidia-curand-cu12 10.3.3.141 "$c12" nvidia/curand/lib libcurand.so.10
    component_wheel nvidia-cusolver-cu12 11.5.2.141 "$c12" nvidia/cusolver/lib libcusolver.so.11
    component_wheel nvidia-cusparse-cu12 12.1.2.141 "$c12" nvidia/cusparse/lib libcusparse.so.12
    component_wheel nvidia-cuda-nvrtc-cu12 12.2.140 "$c12" nvidia/cuda_nvrtc/lib libnvrtc.so.12 libnvrtc-builtins.so.12.2
    component_wheel nvidia-nvjitlink-cu12 12.2.140 "$c12" nvidia/nvjitlink/lib libnvJitLink.so.12
    toolkit 13.0.2 metadata cudart:nvidia-cuda-runtime==13.0.96 cublas:nvidia-cublas==13.1.0.3 \
        cufft:nvidia-cufft==12.0.0.61 curand:nvidia-curand==10.4.0.35 cusolver:nvidia-cusolver==12.0.4.66 \
        cusparse:nvidia-cusparse==12.6.3.3 nvrtc:nvidia-cuda-nvrtc==13.0.88 nvjitlink:nvidia-nvjitlink==13.0.88 \
        nvtx:nvidia-nvtx==13.0.85
    toolkit 13.2.1 cublas:nvidia-cublas==13.4.0.1
    toolkit 12.2.2 cudart:nvidia-cuda-runtime-cu12==12.2.140 cublas:nvidia-cublas-cu12==12.2.5.6 \
        cufft:nvidia-cufft-cu12==11.0.8.103 curand:nvidia-curand-cu12==10.3.3.141 \
        cusolver:nvidia-cusolver-cu12==11.5.2.141 cusparse:nvidia-cusparse-cu12==12.1.2.141 \
        nvrtc:nvidia-cuda-nvrtc-cu12==12.2.140 nvjitlink:nvidia-nvjitlink-cu12==12.2.140
    toolkit 12.1.1 cudart:nvidia-cuda-runtime-cu12==12.1.105 cublas:nvidia-cublas-cu12==12.1.3.1 \
        cufft:nvidia-cufft-cu12==11.0.2.54
    printf '[catalog]\ncuda_redist = http://127.0.0.1:9/unreachable/\n' > "$CUDNNV_ROOT/config"
    serve_folder "$INDEX_DIR"
}

# pin_runtime RELEASE: a project of its own pinning 8.1 (the catalog's 8.1.0.77, its archive a file here, so that
# a lock can name it; installed) and "cuda RELEASE", entered.
pin_runtime() {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    write_test_release linux "$archive" "file://$ARCHIVES/$archive" "$(sum "$ARCHIVES/$archive")" 460.27.03
    cudnnv install 8.1.0.77 2>/dev/null
    mkdir -p "$BATS_TEST_TMPDIR/proj $1"
    cd "$BATS_TEST_TMPDIR/proj $1"
    printf '8.1\ncuda %s\n' "$1" > .cudnn-version
}

# assert_every LIB SONAME...: each soname is a file or a link to one in LIB.
assert_every() {
    local lib=$1 name
    shift
    for name in "$@"; do
        [ -e "$lib/$name" ] || { echo "missing $name in $lib: $(ls "$lib")" >&2; return 1; }
    done
}

# sums LIB: each file's name and SHA-256, in order.
sums() { (cd "$1" && sha256sum -- *); }

@test "the index alone brings CUDA 13.0's runtime from the unsuffixed wheels cuda-toolkit 13.0.2 pins, never the -cu13 stubs; locked and brought again" {
    company_index
    pin_runtime 13.0
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 0
    assert_output_has "CUDA 13.0 runtime: the versions of its wheels are those cuda-toolkit 13.0.2 on the index pins"
    assert_output_has "CUDA 13.0 runtime: nvidia-cublas 13.1.0.3"
    assert_output_has "CUDA 13.0 runtime: nvidia-cufft 12.0.0.61"
    # a component no runtime needs whose wheel holds no library (NVTX 3 is headers alone) is left out, said
    assert_output_has "nvidia_nvtx-13.0.85-py3-none-manylinux_2_27_x86_64.whl holds none of CUDA's libraries; a component no runtime needs, left out"
    refute_output_has "13.4.0.1"
    refute_output_has "99.0"
    refute_output_has "redist"
    refute_output_has "0.0.1.tar.gz"
    refute_output_has "_cu13"
    local lib="$CUDNNV_ROOT/cuda/runtime/13.0/lib"
    # shellcheck disable=SC2086
    assert_every "$lib" $CUDA13_SONAMES
    [ "$(cat "$BATS_TEST_TMPDIR/requests" | grep -c 'cuda_toolkit-13.0.2-py3-none-any.whl.metadata')" -ge 1 ]
    grep -q '^[0-9]*\.archive = nvidia_cublas-13.1.0.3-py3-none-manylinux_2_27_x86_64.whl$' "$CUDNNV_ROOT/cuda/runtime/13.0/cudnnv.ini"
    run cudnnv verify
    assert_output_has "cuda 13.0: ok"
    # the lock names each wheel with its SHA-256; an empty store gets exactly those files from it
    run cudnnv lock
    assert_status 0
    expect_line cudnn.lock "[runtime 13.0]"
    [ "$(grep -c '^[0-9]*\.archive = nvidia_.*\.whl$' cudnn.lock)" -eq 9 ]
    [ "$(grep -c '^[0-9]*\.sha256 = [0-9a-f]\{64\}$' cudnn.lock)" -eq 9 ]
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/empty store" run cudnnv install --locked
    assert_status 0
    [ "$(sums "$lib")" = "$(sums "$BATS_TEST_TMPDIR/empty store/cuda/runtime/13.0/lib")" ]
}

@test "the index alone brings CUDA 12.2's runtime from the -cu12 wheels cuda-toolkit 12.2.2 pins (read from the wheel), not 12.1's" {
    company_index
    pin_runtime 12.2
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 0
    assert_output_has "those cuda-toolkit 12.2.2 on the index pins"
    assert_output_has "nvidia-cuda-runtime-cu12 12.2.140"
    assert_output_has "nvidia-cufft-cu12 11.0.8.103"
    refute_output_has "12.1.105"
    refute_output_has "11.0.2.54"
    # shellcheck disable=SC2086
    assert_every "$CUDNNV_ROOT/cuda/runtime/12.2/lib" $CUDA12_SONAMES
    grep -q "cuda_toolkit-12.2.2-py3-none-any.whl " "$BATS_TEST_TMPDIR/requests"
}

@test "a component the index holds only as a -cu13 source stub is named, and nothing is brought" {
    company_index
    rm -rf "$INDEX_DIR/simple/nvidia-cusparse"
    mkdir -p "$INDEX_DIR/simple/nvidia-cusparse"
    cp "$INDEX_DIR/simple/nvidia-cusparse-cu13/index.html" "$INDEX_DIR/simple/nvidia-cusparse/index.html"
    sed -i 's/nvidia_cusparse_cu13/nvidia_cusparse/g' "$INDEX_DIR/simple/nvidia-cusparse/index.html"
    mv "$INDEX_DIR/files/nvidia_cusparse_cu13-0.0.1.tar.gz" "$INDEX_DIR/files/nvidia_cusparse-0.0.1.tar.gz"
    pin_runtime 13.0
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 1
    assert_output_has "lists no linux-x86_64 wheel of nvidia-cusparse ==12.6.3.3.* (it lists nvidia_cusparse-0.0.1.tar.gz, a source package, which holds no library)"
    assert_no_runtime 13.0
}

@test "a runtime wheel the index gives no SHA-256 for is refused unless --no-verify, and one whose files are not its RECORD's always" {
    company_index
    sed -i 's/#sha256=[0-9a-f]*//' "$INDEX_DIR/simple/nvidia-curand/index.html"
    pin_runtime 13.0
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 1
    assert_output_has "the index gives no SHA-256 for nvidia_curand-10.4.0.35-py3-none-manylinux_2_27_x86_64.whl, so it cannot be checked: nothing was brought"
    assert_no_runtime 13.0
    # a wheel whose library is not the one its RECORD lists, with no index sum to catch it first
    local tree="$BATS_TEST_TMPDIR/trees/nvidia_curand-10.4.0.35"
    TAMPER=nvidia/cu13/lib/libcurand.so.10 wheel_of "$INDEX_DIR/files/nvidia_curand-10.4.0.35-py3-none-manylinux_2_27_x86_64.whl" \
        "$tree" nvidia_curand-10.4.0.35.dist-info
    run cudnnv install --no-verify --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 1
    assert_output_has "nvidia/cu13/lib/libcurand.so.10 does not match the wheel's RECORD"
    assert_no_runtime 13.0
}

@test "an index without cuda-toolkit: the versions come from NVIDIA's redist manifest, and that is said; unreachable, it says so" {
    company_index
    rm -rf "$INDEX_DIR/simple/cuda-toolkit"
    pin_runtime 13.0
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 1
    assert_output_has "the index has no cuda-toolkit of CUDA 13.0"
    assert_output_has "the versions of its wheels come from NVIDIA's redist manifest"
    assert_output_has "127.0.0.1:9"
    assert_no_runtime 13.0
}

@test "a token as the user part of an index, redist or channel address is never shown, recorded or locked" {
    company_index
    pin_runtime 13.0
    run cudnnv install --index-url "http://SECRETTOKEN@127.0.0.1:$PORT/simple"
    assert_status 0
    refute_output_has "SECRETTOKEN"
    assert_output_has "http://****@127.0.0.1:$PORT/simple"
    run grep -rl SECRETTOKEN "$CUDNNV_ROOT/cuda/runtime/13.0/cudnnv.ini"
    [ "$status" -eq 1 ]
    grep -q "^from = http://\*\*\*\*@127.0.0.1:$PORT/simple$" "$CUDNNV_ROOT/cuda/runtime/13.0/cudnnv.ini"
    cudnnv lock 2>/dev/null
    run grep -c SECRETTOKEN cudnn.lock
    [ "$output" = 0 ]
    # the redist's address and a channel's, as the user part alone
    printf '[catalog]\ncuda_redist = http://SECRETTOKEN@127.0.0.1:9/redist/\n' > "$CUDNNV_ROOT/config"
    printf '8.1\ncuda 12.2\n' > .cudnn-version
    run cudnnv install
    assert_status 1
    assert_output_has "http://****@127.0.0.1:9/redist/"
    run cudnnv install --channel "http://SECRETTOKEN@127.0.0.1:9/channel"
    assert_status 1
    assert_output_has "http://****@127.0.0.1:9/channel"
    refute_output_has "SECRETTOKEN"
}
