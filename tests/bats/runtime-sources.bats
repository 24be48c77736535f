#!/usr/bin/env bats
# Where a project's CUDA runtime comes from, beyond the apt repository and
# cudatoolkit (cuda-runtime.bats): NVIDIA's CUDA redist, the default from
# CUDA 11.4 on, and folders users already have (a toolkit's lib64 beside
# what no framework opens). The fixtures (build-runtime-fixtures.sh) hold
# CUDA 12.2 in stand-ins: a toolkit folder and a copy of NVIDIA's redist.

load helpers

REDIST="$FIXTURES/runtime-redist"
CUDA122_SONAMES="libcudart.so.12 libcublas.so.12 libcublasLt.so.12 libcufft.so.11 libcurand.so.10 libcusolver.so.11
libcusolverMg.so.11 libcusparse.so.12 libnvrtc.so.12 libnvrtc-builtins.so.12.2 libnvJitLink.so.12"

# project_122: a project pinning "cuda 12.2" beside the 8.1 fixture set, installed from a catalog release whose
# archive is a file here (so that 'cudnnv lock' can name it); P names it.
project_122() {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    write_test_release linux "$archive" "file://$ARCHIVES/$archive" "$(sum "$ARCHIVES/$archive")" 460.27.03
    cudnnv install 8.1.0.77 2>/dev/null
    P="$BATS_TEST_TMPDIR/proj 12.2"
    mkdir -p "$P"
    printf '8.1\ncuda 12.2\n' > "$P/.cudnn-version"
    cd "$P"
}

# redist_copy: a copy of the fixture redist in $COPY (a test may change it), named by [catalog] cuda_redist.
redist_copy() {
    COPY="$BATS_TEST_TMPDIR/redist copy"
    cp -a "$REDIST" "$COPY"
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\ncuda_redist = file://%s/\n' "${COPY// /%20}" >> "$CUDNNV_ROOT/config"
}

# What frameworks open of CUDA 12.2 (every package source has these; the redist also cuSOLVERMg and NVRTC's builtins).
CUDA122_OPENED="libcudart.so.12 libcublas.so.12 libcublasLt.so.12 libcufft.so.11 libcurand.so.10 libcusolver.so.11
libcusparse.so.12 libnvrtc.so.12 libnvJitLink.so.12"

# assert_sonames LIB NAME...: each name is in LIB, as a file or a link to one there.
assert_sonames() {
    local lib=$1 name
    shift
    for name in "$@"; do
        [ -e "$lib/$name" ] || { echo "missing $name in $lib: $(ls "$lib")" >&2; return 1; }
    done
}

# assert_every_soname LIB: each of CUDA 12.2's sonames is in LIB.
assert_every_soname() {
    # shellcheck disable=SC2086
    assert_sonames "$1" $CUDA122_SONAMES
}

@test "a bare install brings CUDA 12.2's runtime from NVIDIA's redist: the newest patch, every component, sums checked, only libraries" {
    redist_copy
    project_122
    run cudnnv install --dry-run
    assert_status 0
    assert_output_has "CUDA 12.2 runtime (pinned in $P/.cudnn-version): not installed; 'cudnnv install' brings it from file://${COPY// /%20}/"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime" ]
    run cudnnv install
    assert_status 0
    assert_output_has "CUDA 12.2 runtime: 8 archives of CUDA 12.2.2 from file://${COPY// /%20}/redistrib_12.2.2.json"
    local lib="$CUDNNV_ROOT/cuda/runtime/12.2/lib"
    assert_every_soname "$lib"
    [ "$(readlink "$lib/libcudart.so.12")" = libcudart.so.12.2.140 ]
    # headers, static and import libraries, licences and what no framework opens stay out
    run ls "$lib"
    assert_status 0
    refute_output_has "static"
    refute_output_has "libcufftw"
    refute_output_has ".h"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/12.2/include" ]
    grep -qx "\[runtime 12.2\]" "$CUDNNV_ROOT/cuda/runtime/12.2/cudnnv.ini"
    grep -q "^1.url = file://.*/cuda_cudart/linux-x86_64/cuda_cudart-linux-x86_64-12.2.140-archive.tar.xz$" \
        "$CUDNNV_ROOT/cuda/runtime/12.2/cudnnv.ini"
    # a program started in the project finds each library in the runtime
    run cudnnv exec sh -c 'echo "$LD_LIBRARY_PATH"'
    assert_output_has "$lib"
    # the lock names the eight archives; another store gets exactly those bits
    run cudnnv lock
    assert_status 0
    grep -qx "\[runtime 12.2\]" cudnn.lock
    [ "$(grep -c '^[1-8]\.sha256 = ' cudnn.lock)" -eq 8 ]
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/other store" run cudnnv install --locked
    assert_status 0
    assert_every_soname "$BATS_TEST_TMPDIR/other store/cuda/runtime/12.2/lib"
}

@test "a tampered redist archive refuses the whole runtime, nothing kept; a manifest without a required component says which" {
    redist_copy
    project_122
    local archive="$COPY/libcufft/linux-x86_64/libcufft-linux-x86_64-11.0.8.103-archive.tar.xz"
    printf 'x' | dd of="$archive" bs=1 seek=100 conv=notrunc 2>/dev/null
    run cudnnv install
    assert_status 1
    assert_output_has "SHA-256 of libcufft-linux-x86_64-11.0.8.103-archive.tar.xz is"
    assert_no_runtime 12.2
    # the newest patch's manifest without cuRAND: named, nothing fetched
    python3 - "$COPY/redistrib_12.2.2.json" <<'PY'
import json, sys
path = sys.argv[1]
manifest = json.load(open(path))
del manifest["libcurand"]
json.dump(manifest, open(path, "w"))
PY
    rm -rf "$CUDNNV_ROOT/cache"
    run cudnnv install
    assert_status 1
    assert_output_has "redistrib_12.2.2.json has no libcurand for linux-x86_64: the CUDA 12.2 runtime cannot be brought from there"
    refute_output_has "downloading"
}

@test "a toolkit's lib64 as the folder: CUDA's libraries taken, the rest left where it is and said" {
    project_122
    run cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/12.2/lib64"
    assert_status 0
    assert_output_has "4 libraries in $FIXTURES/cuda-runtime/12.2/lib64 are not CUDA's: left where they are"
    local lib="$CUDNNV_ROOT/cuda/runtime/12.2/lib"
    assert_every_soname "$lib"
    [ ! -e "$lib/libnppc.so.12" ]
    [ ! -e "$lib/libcufftw.so.11" ]
    [ ! -e "$lib/libcudart_static.a" ]
}

@test "use --for pins the CUDA runtime PyTorch, JAX and ONNX Runtime open by themselves, as for TensorFlow" {
    local spec framework version cuda count dir
    for spec in torch==2.1.0:pytorch:2.1:12.1:10 jax==0.1.56:jax:0.1.56:11.0:6 onnxruntime==1.8:onnxruntime:1.8:11.0:5 \
                onnxruntime-gpu==1.16:onnxruntime:1.16:11.8:5 torch==2.10:pytorch:2.10:12.8:10; do
        IFS=: read -r _ framework version cuda count <<< "$spec"
        dir="$BATS_TEST_TMPDIR/${spec%%:*}"
        mkdir -p "$dir" && cd "$dir"
        run cudnnv use --for "${spec%%:*}"
        assert_status 0
        assert_output_has "pinning the CUDA $cuda runtime $framework $version opens by itself ($count libraries)"
        refute_output_has "is not in cudnnv's data"
        grep -qx "cuda $cuda" .cudnn-version
    done
}

# split_channel: $CHANNEL (file://), conda-forge's split packages of CUDA 12.2 (one a component, each holding its
# libraries of the fixture's 12.2 folder, cuda-version >=12.2,<12.3.0a0) and, as decoys, a newer libcufft for 12.3
# and a newer libcurand whose two cuda-version constraints disagree.
split_channel() {
    CHANNEL="$BATS_TEST_TMPDIR/conda channel"
    local dir="$CHANNEL/linux-64" lib="$FIXTURES/cuda-runtime/12.2/lib64" entries="" spec name version files file item
    mkdir -p "$dir"
    for spec in "cuda-cudart:12.2.140:libcudart.so.12.2.140 libcudart.so.12" \
                "libcublas:12.2.5.6:libcublas.so.12.2.5.6 libcublas.so.12 libcublasLt.so.12.2.5.6 libcublasLt.so.12" \
                "libcufft:11.0.8.103:libcufft.so.11.0.8.103 libcufft.so.11" \
                "libcurand:10.3.3.141:libcurand.so.10.3.3.141 libcurand.so.10" \
                "libcusolver:11.5.2.141:libcusolver.so.11.5.2.141 libcusolver.so.11" \
                "libcusparse:12.1.2.141:libcusparse.so.12.1.2.141 libcusparse.so.12" \
                "cuda-nvrtc:12.2.140:libnvrtc.so.12.2.140 libnvrtc.so.12" \
                "libnvjitlink:12.2.140:libnvJitLink.so.12.2.140 libnvJitLink.so.12" \
                "libcufft:11.2.0.1:libcufft.so.11.0.8.103 libcufft.so.11:12.3"; do
        IFS=: read -r name version files cuda <<< "$spec"
        local items=()
        for file in $files; do
            if [ -L "$lib/$file" ]; then items+=("symlink:lib/$file=$(readlink "$lib/$file")")
            else items+=("file:lib/$file=$lib/$file"); fi
        done
        conda_package_of "$dir/$name-$version-h1_0.conda" "$name" "$version" "${items[@]}"
        item="\"$name-$version-h1_0.conda\": {\"name\": \"$name\", \"version\": \"$version\", \"depends\": [\"cuda-version >=${cuda:-12.2},<${cuda:-12.2}.99\"], \"sha256\": \"$(sum "$dir/$name-$version-h1_0.conda")\", \"size\": $(stat -c %s "$dir/$name-$version-h1_0.conda")}"
        entries="${entries:+$entries, }$item"
        cuda=""
    done
    # a newer libcurand whose two cuda-version constraints disagree (12.2 and 12.3): judged by both, never chosen
    conda_package_of "$dir/libcurand-10.9.9.9-h1_0.conda" libcurand 10.9.9.9 "file:lib/libcurand.so.10=$lib/libcurand.so.10.3.3.141"
    entries="$entries, \"libcurand-10.9.9.9-h1_0.conda\": {\"name\": \"libcurand\", \"version\": \"10.9.9.9\", \"depends\": [\"cuda-version >=12.2,<12.3.0a0\", \"cuda-version >=12.3,<12.4.0a0\"], \"sha256\": \"$(sum "$dir/libcurand-10.9.9.9-h1_0.conda")\"}"
    printf '{"info": {"subdir": "linux-64"}, "packages": {}, "packages.conda": {%s}}\n' "$entries" > "$dir/repodata.json"
}

@test "install --channel brings CUDA 12.2's runtime from conda-forge's split packages of that release, every soname; a tampered package is refused" {
    split_channel
    project_122
    run cudnnv install --channel "file://$CHANNEL"
    assert_status 0
    assert_output_has "CUDA 12.2 runtime: 8 split packages from the channel file://$CHANNEL"
    refute_output_has "libcufft-11.2.0.1"
    refute_output_has "libcurand-10.9.9.9"
    # shellcheck disable=SC2086
    assert_sonames "$CUDNNV_ROOT/cuda/runtime/12.2/lib" $CUDA122_OPENED
    grep -qx '\[runtime 12.2\]' "$CUDNNV_ROOT/cuda/runtime/12.2/cudnnv.ini"
    # another store, a package changed after the channel listed it: refused, nothing kept
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other store"
    printf 'x' | dd of="$CHANNEL/linux-64/libcurand-10.3.3.141-h1_0.conda" bs=1 seek=60 conv=notrunc 2>/dev/null
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv install --channel "file://$CHANNEL"
    assert_status 1
    assert_output_has "but the channel's repodata.json says"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/12.2" ]
}

# wheel_index: $INDEX_DIR, a PEP 503 index of NVIDIA's CUDA 12 wheels, one a component, each of the version
# NVIDIA's redistrib_12.2.2.json gives its component (its libraries under nvidia/NAME/lib by soname, as the wheels
# ship them, with a RECORD), an older decoy of the runtime's, and a cuFFT whose version only starts with the
# release's (11.0.8.103.1); no cuda-toolkit, so the versions come from the redist; served on 127.0.0.1 ($PORT).
wheel_index() {
    INDEX_DIR="$BATS_TEST_TMPDIR/index"
    local lib="$FIXTURES/cuda-runtime/12.2/lib64" spec project version folder sonames wheel tree soname
    mkdir -p "$INDEX_DIR/files"
    for spec in "nvidia-cuda-runtime:12.2.140:cuda_runtime:libcudart.so.12" \
                "nvidia-cublas:12.2.5.6:cublas:libcublas.so.12 libcublasLt.so.12" \
                "nvidia-cufft:11.0.8.103:cufft:libcufft.so.11" "nvidia-curand:10.3.3.141:curand:libcurand.so.10" \
                "nvidia-cusolver:11.5.2.141:cusolver:libcusolver.so.11" \
                "nvidia-cusparse:12.1.2.141:cusparse:libcusparse.so.12" \
                "nvidia-cuda-nvrtc:12.2.140:cuda_nvrtc:libnvrtc.so.12 libnvrtc-builtins.so.12.2" \
                "nvidia-nvjitlink:12.2.140:nvjitlink:libnvJitLink.so.12" "nvidia-cuda-runtime:12.1.105:cuda_runtime:libcudart.so.12" \
                "nvidia-cufft:11.0.8.103.1:cufft:libcufft.so.11"; do
        IFS=: read -r project version folder sonames <<< "$spec"
        wheel="$(echo "$project" | tr - _)_cu12-$version-py3-none-manylinux2014_x86_64.whl"
        tree="$BATS_TEST_TMPDIR/wheel-$project-$version"
        mkdir -p "$tree/nvidia/$folder/lib"
        for soname in $sonames; do cp -L "$lib/$soname" "$tree/nvidia/$folder/lib/$soname"; done
        wheel_of "$INDEX_DIR/files/$wheel" "$tree" "$(echo "$project" | tr - _)_cu12-$version.dist-info"
        mkdir -p "$INDEX_DIR/simple/$project-cu12"
        printf '<a href="/files/%s#sha256=%s">%s</a><br/>\n' "$wheel" "$(sum "$INDEX_DIR/files/$wheel")" "$wheel" \
            >> "$INDEX_DIR/simple/$project-cu12/index.html"
    done
    serve_folder "$INDEX_DIR"
}

@test "install --index-url brings CUDA 12.2's runtime from NVIDIA's wheels, each of the version the release's manifest gives" {
    redist_copy
    wheel_index
    project_122
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 0
    assert_output_has "the index has no cuda-toolkit of CUDA 12.2"
    assert_output_has "CUDA 12.2 runtime: the versions of its wheels are those NVIDIA's redistrib_12.2.2.json lists"
    assert_output_has "CUDA 12.2 runtime: nvidia-cuda-runtime-cu12 12.2.140"
    assert_output_has "CUDA 12.2 runtime: nvidia-cufft-cu12 11.0.8.103"
    refute_output_has "12.1.105"
    refute_output_has "11.0.8.103.1"
    # shellcheck disable=SC2086
    assert_sonames "$CUDNNV_ROOT/cuda/runtime/12.2/lib" $CUDA122_OPENED
    grep -q "^1.url = http://127.0.0.1:$PORT/files/nvidia_cuda_runtime_cu12-12.2.140-" "$CUDNNV_ROOT/cuda/runtime/12.2/cudnnv.ini"
    # a wheel whose bytes are not the index's: refused on another store, nothing kept
    printf 'x' | dd of="$INDEX_DIR/files/nvidia_cufft_cu12-11.0.8.103-py3-none-manylinux2014_x86_64.whl" bs=1 seek=40 \
        conv=notrunc 2>/dev/null
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other store"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    printf '[catalog]\ncuda_redist = file://%s/\n' "${COPY// /%20}" >> "$CUDNNV_ROOT/config"
    run cudnnv install --index-url "http://127.0.0.1:$PORT/simple"
    assert_status 1
    assert_output_has "SHA-256 of nvidia_cufft_cu12-11.0.8.103-py3-none-manylinux2014_x86_64.whl is"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/12.2" ]
}

@test "Debian's own packages of NVIDIA's CUDA 11.8 (non-free), unpacked among the system's libraries: the runtime takes only CUDA's" {
    : "${DEBIAN_CUDA:?set DEBIAN_CUDA to the folder of the Debian CUDA packages (make check fetches them)}"
    local debs=("$DEBIAN_CUDA"/libcudart11.0_*.deb "$DEBIAN_CUDA"/libnvrtc-builtins11.8_*.deb) root="$BATS_TEST_TMPDIR/debian root"
    [ -f "${debs[0]}" ]
    [ -f "${debs[1]}" ]
    local deb lib
    for deb in "${debs[@]}"; do dpkg -x "$deb" "$root"; done
    local dir="$root/usr/lib/x86_64-linux-gnu"
    for lib in libc.so.6 libstdc++.so.6 libz.so.1; do
        cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')" "$dir/$lib"
    done
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    mkdir -p "$BATS_TEST_TMPDIR/tf212" && cd "$BATS_TEST_TMPDIR/tf212"
    printf '8.1\ncuda 11.8\n' > .cudnn-version
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 0
    assert_output_has "3 libraries in $dir are not CUDA's: left where they are"
    local runtime="$CUDNNV_ROOT/cuda/runtime/11.8/lib"
    [ "$(readlink "$runtime/libcudart.so.11.0")" = libcudart.so.11.8.89 ]
    [ -f "$runtime/libnvrtc-builtins.so.11.8.89" ]
    [ ! -e "$runtime/libc.so.6" ]
    [ ! -e "$runtime/libz.so.1" ]
    run cudnnv verify
    assert_output_has "cuda 11.8: ok"
}

@test "--cuda-libs-from a folder in the redist's or a toolkit's layout (lib/, targets/x86_64-linux/lib/) takes the libraries there, and says so" {
    project_122
    local top="$BATS_TEST_TMPDIR/cuda_redist_layout"
    mkdir -p "$top/lib" "$top/include"
    cp -a "$FIXTURES/cuda-runtime/12.2/lib64/." "$top/lib/"
    echo '/* header */' > "$top/include/cuda_runtime.h"
    run cudnnv install --cuda-libs-from "$top"
    assert_status 0
    assert_output_has "taking $top/lib: $top holds CUDA's libraries there"
    assert_every_soname "$CUDNNV_ROOT/cuda/runtime/12.2/lib"
    rm -rf "$CUDNNV_ROOT/cuda/runtime/12.2" "$top/lib"
    mkdir -p "$top/targets/x86_64-linux/lib"
    cp -a "$FIXTURES/cuda-runtime/12.2/lib64/." "$top/targets/x86_64-linux/lib/"
    run cudnnv install --cuda-libs-from "$top"
    assert_status 0
    assert_output_has "taking $top/targets/x86_64-linux/lib"
    assert_every_soname "$CUDNNV_ROOT/cuda/runtime/12.2/lib"
}

@test "a runtime brought from a folder is locked by its files, said to be local; install --locked elsewhere takes a folder and checks each file" {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    project_122
    cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/12.2/lib64" 2>/dev/null
    run cudnnv lock
    assert_status 0
    assert_output_has "CUDA 12.2 runtime: brought from a folder on this machine ($FIXTURES/cuda-runtime/12.2/lib64), locked by its"
    expect_line cudnn.lock "local = yes"
    grep -q '^file\.libcudart\.so\.12\.2\.140 = [0-9a-f]\{32\}$' cudnn.lock
    # another machine: no folder given, said with the fix; a folder of other bits, refused and nothing kept
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other store"
    run cudnnv install --locked
    assert_status 1
    assert_output_has "locks the CUDA 12.2 runtime by the files of a folder on the machine that locked it"
    assert_output_has "'cudnnv install --locked --cuda-libs-from DIR'"
    local changed="$BATS_TEST_TMPDIR/changed lib64"
    cp -a "$FIXTURES/cuda-runtime/12.2/lib64" "$changed"
    echo changed >> "$changed/libcufft.so.11.0.8.103"
    run cudnnv install --locked --cuda-libs-from "$changed"
    assert_status 1
    assert_output_has "its libcufft.so.11.0.8.103 is not the lock's"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/12.2" ]
    run cudnnv install --locked --cuda-libs-from "$FIXTURES/cuda-runtime/12.2/lib64"
    assert_status 0
    assert_output_has "CUDA 12.2 runtime (locked, from a folder): installed in $CUDNNV_ROOT/cuda/runtime/12.2/lib"
}
