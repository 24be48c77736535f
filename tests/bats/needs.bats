#!/usr/bin/env bats
# What a set loads besides itself (cuBLAS, NVRTC, zlib): recorded at install,
# judged where programs start (doctor, check, install's last line, use), and
# brought from NVIDIA's CUDA redist with install --with-cuda-libs, which the
# shim loads by path before the set. The fixture sets 8.2.4 (CUDA 11.4) and
# 8.9.7 (CUDA 12) have a libcudnn_cnn_infer.so.8 that needs
# libcublasLt.so.N (DT_NEEDED) and opens "libnvrtc.so" at a convolution, as
# the real cuDNN 8 does; FIXTURES/cuda-redist is a copy of NVIDIA's CUDA
# redist folder with stand-in cuBLAS and NVRTC archives.

load helpers

SET11=cudnn-linux-x86_64-8.2.4.15_cuda11.4-archive-test.tar.xz
SET12=cudnn-linux-x86_64-8.9.7.29_cuda12-archive-test.tar.xz

use_local_redist() {
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\ncuda_redist = file://%s/cuda-redist/\n' "$FIXTURES" > "$CUDNNV_ROOT/config"
}

# doctor_of NAME DIR: DIR linked as NAME and made the global set, then 'cudnnv doctor' run.
doctor_of() {
    cudnnv link "$1" "$2" 2>/dev/null
    cudnnv global "$1" 2>/dev/null
    run cudnnv doctor
}

# convolve [FRAMEWORK_CUBLAS]: the host through the shims, from the current folder.
convolve() {
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" timeout 10 "$FIXTURES/bin/host_convolve" "$@"
}

@test "install records what the libraries need and the set lacks, read from their dynamic sections" {
    install_fixture "$SET11"
    run cat "$CUDNNV_ROOT/versions/8.2.4.15/cudnnv.ini"
    assert_output_has "[needs]"
    assert_output_has "libcublasLt.so.11 = libcudnn_cnn_infer.so.8"
    assert_output_has "libc.so.6 = libcudnn.so.8"
    assert_output_has "may_not_load = yes"   # cuBLAS is not on every Linux: the shim tries such a set
    refute_output_has "libdl.so"          # the fixture links libdl only where glibc folds it into libc
    refute_output_has "libcudnn_cnn_infer.so.8 ="   # held by the set: not a need
    refute_output_has "libcudnn_cnn_infer.so.8.2.4 ="
    run cudnnv verify 8.2.4.15
    assert_status 0
}

@test "without its CUDA libraries: doctor names each before anything runs, and the program fails" {
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  needs: 8.2.4.15 (CUDA 11.4) needs libcublasLt.so.11 (load time, asked for by libcudnn_cnn_infer.so.8)"
    assert_output_has "needs libnvrtc.so (runtime-compiled engines, opened at run time)"
    assert_output_has "fix: bring NVIDIA's libraries for the set's CUDA with 'cudnnv install --with-cuda-libs 8.2.4.15'"
    run cudnnv versions
    assert_output_has "8.2.4.15 (set by $PWD/.cudnn-version) [cannot load here: needs libcublasLt.so.11; see 'cudnnv doctor']"
    run cudnnv versions --json
    assert_output_has '"unmet_needs": "libcublasLt.so.11, libnvrtc.so"'
    # --dry-run with --with-cuda-libs names what would be brought, and brings nothing
    run cudnnv install --dry-run --with-cuda-libs 8.2.4.15
    assert_status 0
    assert_output_has "libcublasLt.so.11"
    [ ! -e "$CUDNNV_ROOT/cuda/sets/8.2.4.15" ]
    # and with no SOURCE in the project, for its pin
    run cudnnv install --dry-run --with-cuda-libs
    assert_status 0
    assert_output_has "8.2.4 (pinned in $PWD/.cudnn-version): installed as 8.2.4.15"
    assert_output_has "libcublasLt.so.11"
    run -127 convolve
    assert_output_has "cudnnv: cannot load libcudnn_cnn_infer.so.8 of set '8.2.4.15' (set by $PWD/.cudnn-version): "
    assert_output_has "libcublasLt.so.11: cannot open shared object file"
    assert_output_has "'cudnnv install --with-cuda-libs 8.2.4.15'"
    # with no pin at all, the message says what chose the set instead of empty parentheses
    rm .cudnn-version
    run -127 convolve
    assert_output_has "cudnnv: cannot load libcudnn_cnn_infer.so.8 of set '8.2.4.15' (the newest installed 8.x: no source names one): "
}

@test "with cuBLAS on LD_LIBRARY_PATH but no NVRTC of its major, the convolution fails as cuDNN 8 does" {
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    # the CUDA 11 cuBLAS alone, unpacked from the redist copy
    mkdir -p cublas && tar -xf "$FIXTURES"/cuda-redist/libcublas/linux-x86_64/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz -C cublas
    local lib=$PWD/cublas/libcublas-linux-x86_64-11.6.5.2-archive/lib
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib:$lib" run timeout 10 "$FIXTURES/bin/host_convolve"
    LD_LIBRARY_PATH="$lib" run -1 cudnnv doctor
    assert_output_has "libcublasLt.so.11 (LD_LIBRARY_PATH: $lib/libcublasLt.so.11)"
    refute_output_has "needs libcublasLt.so.11 (load time"
    # a machine whose loader cache has an NVRTC (this one's CUDA 13) gives cuDNN 8 that one: named as another
    # major's; a machine with none fails the convolution with cuDNN's words
    # (a cache entry whose file is gone, as with the CUDA folder hidden, is no NVRTC)
    local cached
    cached=$(/sbin/ldconfig -p | sed -n 's/.*libnvrtc\.so (.*=> //p' | head -1)
    if [ -n "$cached" ] && [ -e "$cached" ]; then
        LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib:$lib" run timeout 10 "$FIXTURES/bin/host_convolve"
        assert_output_has "map $(readlink -f "$cached")"
        LD_LIBRARY_PATH="$lib" run -1 cudnnv doctor
        assert_output_has "needs libnvrtc.so (runtime-compiled engines, opened at run time): met only by"
    else
        LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib:$lib" run -1 timeout 10 "$FIXTURES/bin/host_convolve"
        assert_output_has "convolution: Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so"
        LD_LIBRARY_PATH="$lib" run -1 cudnnv doctor
        assert_output_has "needs libnvrtc.so (runtime-compiled engines, opened at run time): found nowhere"
    fi
}

@test "install --with-cuda-libs brings cuBLAS and NVRTC of the set's CUDA major, and the same program runs" {
    use_local_redist
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 0
    # the newest CUDA 11 manifest (11.4.4, not 11.2.2), its archives checked against it
    assert_output_has "bringing libcublas 11.6.5.2 (CUDA 11.4.4)"
    assert_output_has "bringing cuda_nvrtc 11.4.152 (CUDA 11.4.4)"
    assert_output_has "8.2.4.15 loads CUDA 11.4.4's libraries from $CUDNNV_ROOT/cuda/11.4.4/lib"
    assert_output_has "needs: all 3 libraries 8.2.4.15 loads besides itself are found here"
    unset LD_LIBRARY_PATH
    run convolve
    assert_status 0
    assert_output_has "cudnnGetVersion() = 8204"
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    assert_output_has "map $CUDNNV_ROOT/cuda/11.4.4/lib/libcublasLt.so.11.6.5.2"
    assert_output_has "map $CUDNNV_ROOT/cuda/11.4.4/lib/libnvrtc.so.11.4.152"
    run cudnnv doctor
    assert_output_has "OK    needs: 8.2.4.15: 3 needs met: libcublasLt.so.11 (the set's CUDA libraries: $CUDNNV_ROOT/cuda/11.4.4/lib/libcublasLt.so.11), libnvrtc.so (the set's CUDA libraries"
    refute_output_has "FAIL  needs"
    # the set itself is as installed; the CUDA libraries have a MANIFEST of their own
    run cudnnv verify 8.2.4.15
    assert_status 0
    [ -s "$CUDNNV_ROOT/cuda/11.4.4/MANIFEST" ]
    # asked again: nothing to bring
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 0
    assert_output_has "every CUDA library 8.2.4.15 needs is found where programs start from here; nothing to bring"
}

@test "two projects on two CUDA majors run at the same time, each with its own CUDA libraries" {
    use_local_redist
    cudnnv install --with-cuda-libs "$ARCHIVES/$SET11" 2>/dev/null
    cudnnv install --with-cuda-libs "$ARCHIVES/$SET12" 2>/dev/null
    mkdir -p a b
    (cd a && cudnnv use 8.2.4 2>/dev/null)
    (cd b && cudnnv use 8.9.7 2>/dev/null)
    export HOST_HOLD="$BATS_TEST_TMPDIR/go"
    (cd a && convolve > "$BATS_TEST_TMPDIR/a.out") &
    local first=$!
    (cd b && convolve > "$BATS_TEST_TMPDIR/b.out") &
    local second=$!
    # both print, then wait for the go: both processes are alive at once
    for _ in $(seq 200); do
        grep -q '^map' "$BATS_TEST_TMPDIR/a.out" 2>/dev/null && grep -q '^map' "$BATS_TEST_TMPDIR/b.out" 2>/dev/null && break
        sleep 0.05
    done
    [ -d "/proc/$first" ]
    [ -d "/proc/$second" ]
    touch "$HOST_HOLD"
    wait "$first" && wait "$second"
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440" "$(cat "$BATS_TEST_TMPDIR/a.out")"
    assert_output_has "convolution: cuBLASLt 12250, NVRTC 12220" "$(cat "$BATS_TEST_TMPDIR/b.out")"
    assert_output_has "map $CUDNNV_ROOT/cuda/12.2.2/lib/libcublasLt.so.12.2.5.6" "$(cat "$BATS_TEST_TMPDIR/b.out")"
    refute_output_has "12.2.2" "$(cat "$BATS_TEST_TMPDIR/a.out")"
    [ -z "${LD_LIBRARY_PATH:-}" ]
}

@test "a framework that loaded its own cuBLASLt first keeps it" {
    use_local_redist
    cudnnv install --with-cuda-libs "$ARCHIVES/$SET12" 2>/dev/null
    cudnnv use 8.9.7 2>/dev/null
    CUDNNV_DEBUG=1 run convolve "$FIXTURES/framework/nvidia/cublas/lib/libcublasLt.so.12"
    assert_status 0
    assert_output_has "convolution: cuBLASLt 99999, NVRTC 12220"
    assert_output_has "map $FIXTURES/framework/nvidia/cublas/lib/libcublasLt.so.12"
    refute_output_has "map $CUDNNV_ROOT/cuda/12.2.2/lib/libcublasLt"
    assert_output_has "set '8.9.7.29': libcublasLt.so.12 is already loaded in this process: kept"
}

@test "CUDA libraries another user can write are refused by the shim" {
    use_local_redist
    cudnnv install --with-cuda-libs "$ARCHIVES/$SET11" 2>/dev/null
    cudnnv use 8.2.4 2>/dev/null
    chmod o+w "$CUDNNV_ROOT/cuda/11.4.4/lib"
    run -127 convolve
    assert_output_has "cudnnv: refusing the CUDA libraries of set '8.2.4.15'"
    refute_output_has "convolution:"
    chmod o-w "$CUDNNV_ROOT/cuda/11.4.4/lib"
    run convolve
    assert_status 0
    # the list that names them, written by another user in a world-writable cuda/sets, chooses nothing
    chmod 1777 "$CUDNNV_ROOT/cuda/sets"
    chown nobody "$CUDNNV_ROOT/cuda/sets/8.2.4.15"
    run -127 convolve
    assert_output_has "cudnnv: refusing the CUDA libraries of set '8.2.4.15': "
    assert_output_has "may write the list of them"
    refute_output_has "convolution:"
}

@test "a CUDA manifest with a bad sum, path or address is not taken" {
    local redist="$BATS_TEST_TMPDIR/redist"
    cp -r "$FIXTURES/cuda-redist" "$redist"
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\ncuda_redist = file://%s/\n' "$redist" > "$CUDNNV_ROOT/config"
    install_fixture "$SET11"
    # 11.4.4's cuBLAS archive replaced by other bytes: the manifest's sum refuses it
    cp "$redist/libcublas/linux-x86_64/libcublas-linux-x86_64-11.4.1.1043-archive.tar.xz" \
        "$redist/libcublas/linux-x86_64/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz"
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 1
    # refused by its sum, or first by its size where the other archive's differs (the fixtures' sizes follow the
    # length of the folder they were built in)
    [[ "$output" == *"SHA-256"* || "$output" == *"announced"* ]] || { echo "not refused by sum or size: $output" >&2; false; }
    [ ! -e "$CUDNNV_ROOT/cuda/11.4.4" ]
    [ ! -e "$CUDNNV_ROOT/cuda/sets/8.2.4.15" ]
    # a manifest whose path climbs out, and one that names another host: passed over for the older 11.2.2
    sed -i 's|"relative_path": "libcublas/|"relative_path": "../../libcublas/|' "$redist/redistrib_11.4.4.json"
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 0
    assert_output_has "skipping file://$redist/redistrib_11.4.4.json: an archive path that is not a plain relative path"
    assert_output_has "8.2.4.15 loads CUDA 11.2.2's libraries"
    run convolve
    assert_output_has "convolution: cuBLASLt 11410, NVRTC 11220"
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
}

@test "the redist address is judged like every other: no other scheme, no control bytes" {
    install_fixture "$SET11"
    printf '[catalog]\ncuda_redist = https://example.invalid/re"dist/\n' > "$CUDNNV_ROOT/config"
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 1
    assert_output_has "the CUDA redist address 'https://example.invalid/re\"dist/' is not a plain https, file or http URL"
    printf '[catalog]\ncuda_redist = file://%s/cuda-redist/\n' "$BATS_TEST_TMPDIR/none" > "$CUDNNV_ROOT/config"
    run cudnnv install --with-cuda-libs 8.2.4
    assert_status 1
    assert_output_has "cannot read NVIDIA's CUDA redist index"
}

@test "[install] cuda_libs = auto brings them with the install" {
    use_local_redist
    printf '[install]\ncuda_libs = auto\n' >> "$CUDNNV_ROOT/config"
    run cudnnv install "$ARCHIVES/$SET12"
    assert_status 0
    assert_output_has "8.9.7.29 loads CUDA 12.2.2's libraries"
    run cat "$CUDNNV_ROOT/cuda/sets/8.9.7.29"
    assert_output_has "cuda_libs = 12.2.2"
    assert_output_has "cuda_libs_load = libcublasLt.so.12:libnvrtc.so.12:libnvrtc.so"
}

@test "check lists the needs and fails when one is missing; use warns" {
    install_fixture "$SET11"
    run cudnnv use 8.2.4
    assert_output_has "needs: libcublasLt.so.11 (load time) is"
    assert_output_has "fix: 'cudnnv install --with-cuda-libs 8.2.4.15'"
    run cudnnv check
    assert_status 1
    assert_output_has "needs libcublasLt.so.11 (load time): "
    assert_output_has "librar"
    use_local_redist
    cudnnv install --with-cuda-libs 8.2.4 2>/dev/null
    run cudnnv check
    assert_status 0
    assert_output_has "needs libcublasLt.so.11 (load time): found $CUDNNV_ROOT/cuda/11.4.4/lib/libcublasLt.so.11"
    assert_output_has "cudnnGetVersion() = 8204"
}

@test "check judges the driver as a need, in doctor's words: too old fails naming the fix; none found is said" {
    use_local_redist
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    cudnnv install --with-cuda-libs 8.2.4 2>/dev/null
    export CUDNNV_NVIDIA_VERSION_FILE=/nonexistent
    FAKE_CUDA_DRIVER=11000 LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv check
    assert_status 1
    assert_output_has "needs libcuda.so.1 (the driver): TOO OLD: libcuda.so.1 runs CUDA up to 11.0, but 8.2.4.15 needs CUDA 11.4; fix: install a newer NVIDIA driver"
    assert_output_has "this machine's NVIDIA driver is too old for 8.2.4.15"
    FAKE_CUDA_DRIVER=11000 LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_output_has "FAIL  driver: libcuda.so.1 runs CUDA up to 11.0, but 8.2.4.15 needs CUDA 11.4"
    LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv check
    assert_status 0
    assert_output_has "needs libcuda.so.1 (the driver): ok: libcuda.so.1 runs CUDA up to 12.2; 8.2.4.15 needs CUDA 11.4"
    run cudnnv check
    assert_status 0
    assert_output_has "needs libcuda.so.1 (the driver): not judged: no NVIDIA driver found (no /nonexistent, no NVML, no libcuda.so.1)"
}

@test "install --cuda-libs-from a folder of NVIDIA's archives takes those of the set's CUDA major; one file, a wrong major, a hostile archive are refused" {
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    local dl="$BATS_TEST_TMPDIR/Downloads"
    mkdir -p "$dl"
    cp "$FIXTURES"/cuda-redist/*/linux-x86_64/*.tar.xz "$dl/"
    # a file that is for another CUDA major, and one that holds only one of the two libraries the set needs
    run cudnnv install --cuda-libs-from "$dl/libcublas-linux-x86_64-12.2.5.6-archive.tar.xz" 8.2.4
    assert_status 1
    assert_output_has "holds no libcublas archive for CUDA 11"
    run cudnnv install --cuda-libs-from "$dl/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz" 8.2.4
    assert_status 1
    assert_output_has "holds no cuda_nvrtc archive for CUDA 11"
    assert_output_has "nothing was brought"
    [ ! -e "$CUDNNV_ROOT/cuda/local-cu11" ]
    # a hostile archive named like NVIDIA's, newest of its major: refused by the archive rules, nothing outside
    mkdir -p "$BATS_TEST_TMPDIR/evil"
    echo evil > "$BATS_TEST_TMPDIR/evil/x"
    "$FIXTURES/bin/mkarchive" "$dl/libcublas-linux-x86_64-11.9.9.9-archive.tar.xz" \
        "file:libcublas-linux-x86_64-11.9.9.9-archive/lib/../../../../escaped-libcublas.so.11=$BATS_TEST_TMPDIR/evil/x"
    run cudnnv install --cuda-libs-from "$dl" 8.2.4
    assert_status 1
    assert_output_has "refusing libcublas-linux-x86_64-11.9.9.9-archive.tar.xz"
    [ -z "$(find "$BATS_TEST_TMPDIR" "$CUDNNV_ROOT" "$(dirname "$BATS_TEST_TMPDIR")" -name escaped-libcublas.so.11 2>/dev/null | head -1)" ]
    rm "$dl/libcublas-linux-x86_64-11.9.9.9-archive.tar.xz"
    # a link member that would lead out of cuda/LABEL/lib once moved there: refused, as a set keeps only links within its folder
    echo x > "$BATS_TEST_TMPDIR/evil/libx.so"
    "$FIXTURES/bin/mkarchive" "$dl/libcublas-linux-x86_64-11.9.9.8-archive.tar.xz" \
        "file:libcublas-linux-x86_64-11.9.9.8-archive/libx.so=$BATS_TEST_TMPDIR/evil/libx.so" \
        "symlink:libcublas-linux-x86_64-11.9.9.8-archive/lib/libcublasLt.so.11=../libx.so"
    run cudnnv install --cuda-libs-from "$dl" 8.2.4
    assert_status 1
    assert_output_has "refusing libcublas-linux-x86_64-11.9.9.8-archive.tar.xz: its lib/libcublasLt.so.11 is a link that leads out of its folder; nothing was brought"
    [ ! -e "$CUDNNV_ROOT/cuda/local-cu11" ]
    rm "$dl/libcublas-linux-x86_64-11.9.9.8-archive.tar.xz"
    # the folder: cuBLAS 11.6.5.2 and NVRTC 11.4.152 (not 12.x, not the older 11.x), no address needed
    run cudnnv install --cuda-libs-from "$dl" 8.2.4
    assert_status 0
    assert_output_has "bringing libcublas 11.6.5.2"
    assert_output_has "bringing cuda_nvrtc 11.4.152"
    assert_output_has "8.2.4.15 loads CUDA local-cu11's libraries from $CUDNNV_ROOT/cuda/local-cu11/lib"
    unset LD_LIBRARY_PATH
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    # the record has each archive's SHA-256: a lock names them
    grep -qx "libcublas.sha256 = $(sha256sum "$dl/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz" | cut -d' ' -f1)" \
        "$CUDNNV_ROOT/cuda/local-cu11/cudnnv.ini"
    run cudnnv lock
    assert_status 0
    grep -q '^\[cuda local-cu11\]' cudnn.lock
}

@test "a set's own libraries under their sonames: install makes the links ldconfig would, or refuses" {
    local pkg="$BATS_TEST_TMPDIR/pkg"
    mkdir -p "$pkg/lib" "$pkg/include"
    cp "$SETS/9.1.0/include/"*.h "$pkg/include/"
    # only the versioned files, as a conda package may hold them
    cp -L "$SETS/9.1.0/lib/libcudnn.so.9" "$pkg/lib/libcudnn.so.9.1.0"
    cp -L "$SETS/9.1.0/lib/libcudnn_graph.so.9" "$pkg/lib/libcudnn_graph.so.9.1.0"
    run cudnnv install "$pkg"
    assert_status 0
    [ "$(readlink "$CUDNNV_ROOT/versions/9.1.0/lib/libcudnn.so.9")" = libcudnn.so.9.1.0 ]
    [ "$(readlink "$CUDNNV_ROOT/versions/9.1.0/lib/libcudnn_graph.so.9")" = libcudnn_graph.so.9.1.0 ]
    cudnnv global 9.1.0 2>/dev/null
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run timeout 10 "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    assert_status 0
    assert_output_has "90100"
    # a lib/ with no library named libcudnn.so.9 at all is refused
    rm -rf "$pkg/lib"/* && cp -L "$SETS/9.1.0/lib/libcudnn_graph.so.9" "$pkg/lib/libcudnn_graph.so.9.1.0"
    run cudnnv install --name other "$pkg"
    assert_status 1
    assert_output_has "its lib/ has no libcudnn.so.9"
    assert_sets 9.1.0
}

@test "set names a wheel's RUNPATH reaches from the store are refused" {
    for name in cublas cuda_nvrtc cu13 cu12; do
        run cudnnv install --name "$name" "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
        assert_status 1
        assert_output_has "names a folder that NVIDIA's wheels search for CUDA libraries"
        run cudnnv link "$name" "$SETS/9.1.0"
        assert_status 1
        assert_output_has "a set cannot be called '$name'"
    done
    run cudnnv install --name cu13x "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
    assert_status 0
    assert_sets cu13x
}

@test "the real cuDNN 9.19: libz, cuBLASLt 13 and NVRTC 13 judged found, and FAIL where they are hidden" {
    require_real_cudnn
    local real
    real=$(cd "$REAL_CUDA/lib" 2>/dev/null && pwd -P || { cd "$REAL_CUDA/lib64" && pwd -P; })
    # real_set.sh DIR FROM: a set holding the real cuDNN libraries (and the CUDA runtime that names its
    # CUDA) by link, so that its own folder holds no cuBLAS or NVRTC
    cat > real_set.sh <<EOF
mkdir -p "\$1/lib" "\$1/include"
cp "$REAL_CUDA/include/cudnn_version.h" "\$1/include/"
for f in "\$2"/libcudnn*.so.9 "\$2"/libcudart.so.[0-9]*; do ln -s "\$f" "\$1/lib/"; done
EOF
    bash real_set.sh "$PWD/shown" "$real"
    doctor_of real9 "$PWD/shown"
    assert_output_has "libz.so.1 ("
    assert_output_has "libcublasLt.so.13 ("
    assert_output_has "libnvrtc.so.13 ("
    refute_output_has "FAIL  needs"
    # in a mount namespace where the CUDA folder is hidden (its cuDNN still reachable by a second mount)
    mkdir -p visible
    cat > script.sh <<EOF
mount --bind "$real" "$PWD/visible" && mount -t tmpfs none "$real" || exit 99
bash real_set.sh "$PWD/hidden" "$PWD/visible"
"$CUDNNV" link hidden9 "$PWD/hidden" 2>/dev/null && "$CUDNNV" global hidden9 2>/dev/null && "$CUDNNV" doctor
EOF
    run unshare -m --propagation private bash script.sh
    [ "$status" -ne 99 ] || skip "no mount namespace here (unshare -m)"
    assert_output_has "FAIL  needs: hidden9 (CUDA 13) needs libcublasLt.so.13 (cuBLAS-backed engines"
    assert_output_has "FAIL  needs: hidden9 (CUDA 13) needs libnvrtc.so.13 (runtime-compiled engines"
    assert_output_has "found nowhere (looked in the set's CUDA libraries"
    # the folders said are the folders searched (the list once: /lib64 and /usr/lib64 too)
    assert_output_has "(ldconfig -p), /lib/x86_64-linux-gnu, /usr/lib/x86_64-linux-gnu, /lib64, /usr/lib64, /lib, /usr/lib)"
    assert_output_has "libz.so.1 ("
}

@test "a set linked to NVIDIA's wheels finds cuBLAS and NVRTC through its RUNPATH; a copy in the store does not" {
    local wheels="$FIXTURES/layouts/wheels12"
    doctor_of wheels "$wheels/nvidia/cudnn"
    assert_output_has "libcublasLt.so.12 (the set's RUNPATH: $wheels/nvidia/cudnn/lib/../../cublas/lib/libcublasLt.so.12)"
    assert_output_has "libnvrtc.so.12 (the set's RUNPATH: $wheels/nvidia/cudnn/lib/../../cuda_nvrtc/lib/libnvrtc.so.12)"
    refute_output_has "FAIL  needs"
    # copied into the store, $ORIGIN/../../cublas/lib is versions/cublas/lib: nothing there
    cudnnv install --name copied "$wheels/nvidia/cudnn" 2>/dev/null
    run cat "$CUDNNV_ROOT/versions/copied/cudnnv.ini"
    assert_output_has 'runpath = $ORIGIN:$ORIGIN/../../cublas/lib:$ORIGIN/../../cuda_nvrtc/lib'
    cudnnv global copied 2>/dev/null
    run -1 cudnnv doctor
    assert_output_has "FAIL  needs: copied (CUDA 12) needs libcublasLt.so.12"
}

@test "verify covers the CUDA libraries and a set that cannot load; uninstall forgets which CUDA libraries a set loaded" {
    use_local_redist
    cudnnv install --with-cuda-libs "$ARCHIVES/$SET11" 2>/dev/null
    run cudnnv verify 8.2.4.15
    assert_status 0
    assert_output_has "8.2.4.15: ok"
    printf 'x' >> "$CUDNNV_ROOT/cuda/11.4.4/lib/libnvrtc.so.11.4.152"
    run -1 cudnnv verify 8.2.4.15
    assert_output_has "8.2.4.15: CHANGED"
    assert_output_has "$CUDNNV_ROOT/cuda/11.4.4 (the CUDA libraries 8.2.4.15 loads; bring them again with 'cudnnv install --with-cuda-libs 8.2.4.15')"
    # the set's main library under its soname taken away: verify does not call the set ok
    rm "$CUDNNV_ROOT/versions/8.2.4.15/lib/libcudnn.so.8"
    run -1 cudnnv verify 8.2.4.15
    assert_output_has "missing  lib/libcudnn.so.8"
    cudnnv uninstall --force 8.2.4.15 2>/dev/null
    [ ! -e "$CUDNNV_ROOT/cuda/sets/8.2.4.15" ]
    [ -d "$CUDNNV_ROOT/cuda/11.4.4/lib" ]
}

# cuda_wheel COMPONENT_ARCHIVE FOLDER PROJECT VERSION OUT_DIR: one of NVIDIA's CUDA wheels
# (nvidia/FOLDER/lib and its dist-info with a RECORD) made from a redist archive's lib/;
# with TAMPER set, a library is changed after its RECORD was written
cuda_wheel() {
    local tree="$BATS_TEST_TMPDIR/wheel-$2" info="$3-$4.dist-info" tampered=""
    rm -rf "$tree" && mkdir -p "$tree/nvidia/$2" "$tree/$info"
    tar -xf "$1" -C "$tree/nvidia/$2" --strip-components=1 --wildcards '*/lib'
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$(echo "$3" | tr _ -)" "$4" > "$tree/$info/METADATA"
    [ -z "${TAMPER:-}" ] || tampered=$(cd "$tree" && ls nvidia/"$2"/lib/*.so.*.* | head -1)
    TAMPER=$tampered wheel_of "$5/$3-$4-py3-none-manylinux2014_x86_64.whl" "$tree" "$info"
}

@test "install --with-cuda-libs --index-url brings NVIDIA's cuBLAS and NVRTC wheels, RECORD and SHA-256 checked" {
    local served="$BATS_TEST_TMPDIR/index" redist="$FIXTURES/cuda-redist"
    mkdir -p "$served/files" "$served/simple/nvidia-cublas-cu11" "$served/simple/nvidia-cuda-nvrtc-cu11"
    cuda_wheel "$redist/libcublas/linux-x86_64/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz" cublas nvidia_cublas_cu11 11.6.5.2 "$served/files"
    cuda_wheel "$redist/cuda_nvrtc/linux-x86_64/cuda_nvrtc-linux-x86_64-11.4.152-archive.tar.xz" cuda_nvrtc nvidia_cuda_nvrtc_cu11 11.4.152 "$served/files"
    for project in cublas cuda_nvrtc; do
        local wheel sum
        wheel=$(cd "$served/files" && ls "nvidia_${project}_cu11-"*.whl)
        sum=$(sha256sum "$served/files/$wheel" | cut -c1-64)
        printf '<a href="/files/%s#sha256=%s">%s</a>\n' "$wheel" "$sum" "$wheel" \
            > "$served/simple/nvidia-$(echo "$project" | tr _ -)-cu11/index.html"
    done
    serve_folder "$served"
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv install --with-cuda-libs --index-url "http://127.0.0.1:$PORT/simple" 8.2.4
    assert_status 0
    assert_output_has "bringing libcublas 11.6.5.2 (CUDA index-cu11)"
    assert_output_has "8.2.4.15 loads CUDA index-cu11's libraries from $CUDNNV_ROOT/cuda/index-cu11/lib"
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    # a wheel changed after the index listed it is refused by the index's sum; one whose RECORD lies, by the RECORD
    rm -rf "$CUDNNV_ROOT/cuda" "$CUDNNV_ROOT/cache"
    echo x >> "$served/files/$(cd "$served/files" && ls nvidia_cublas_cu11-*.whl)"
    run -1 cudnnv install --with-cuda-libs --index-url "http://127.0.0.1:$PORT/simple" 8.2.4
    assert_output_has "SHA-256 of nvidia_cublas_cu11-11.6.5.2-py3-none-manylinux2014_x86_64.whl"
    [ ! -e "$CUDNNV_ROOT/cuda/index-cu11" ]
    TAMPER=1 cuda_wheel "$redist/libcublas/linux-x86_64/libcublas-linux-x86_64-11.6.5.2-archive.tar.xz" cublas nvidia_cublas_cu11 11.6.5.2 "$served/files"
    local wheel=nvidia_cublas_cu11-11.6.5.2-py3-none-manylinux2014_x86_64.whl
    printf '<a href="/files/%s#sha256=%s">%s</a>\n' "$wheel" "$(sha256sum "$served/files/$wheel" | cut -c1-64)" "$wheel" \
        > "$served/simple/nvidia-cublas-cu11/index.html"
    rm -rf "$CUDNNV_ROOT/cache"
    run -1 cudnnv install --with-cuda-libs --index-url "http://127.0.0.1:$PORT/simple" 8.2.4
    assert_output_has "refusing $wheel:"
    assert_output_has "RECORD"
    [ ! -e "$CUDNNV_ROOT/cuda/index-cu11" ]
}

@test "lock names the CUDA libraries a set loads; install --locked brings exactly those on another machine" {
    local sum
    sum=$(sha256sum "$ARCHIVES/$SET11" | cut -c1-64)
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    printf '[release]\nversion = 8.2.4.15\n\n[build cuda11.4]\ncuda = 11.4\nlinux_archive = %s\nlinux_url = file://%s\nlinux_sha256 = %s\n' \
        "$SET11" "$ARCHIVES/$SET11" "$sum" > "$CUDNNV_ROOT/catalog/catalog/8.2.4.15.ini"
    use_local_redist
    cudnnv install --with-cuda-libs 8.2.4.15 2>/dev/null
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv lock
    assert_status 0
    assert_output_has "8.2.4: with CUDA 11.4.4's libraries (2 components)"
    grep -qx "cuda_libs = 11.4.4" cudnn.lock
    grep -qx "\[cuda 11.4.4\]" cudnn.lock
    grep -qx "libcublas.archive = libcublas-linux-x86_64-11.6.5.2-archive.tar.xz" cudnn.lock
    grep -qx "cuda_nvrtc.sha256 = $(sha256sum "$FIXTURES"/cuda-redist/cuda_nvrtc/linux-x86_64/*11.4.152*.tar.xz | cut -c1-64)" cudnn.lock
    # another machine: an empty store, no catalog, no redist address
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other-machine"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "8.2.4: CUDA 11.4.4's libraries (locked)"
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    # a lock whose sum for NVRTC differs: refused, nothing of it kept
    rm -rf "$CUDNNV_ROOT"
    sed -i "s/^cuda_nvrtc.sha256 = .*/cuda_nvrtc.sha256 = $(printf '%064d' 7)/" cudnn.lock
    run -1 cudnnv install --locked
    assert_output_has "but cudnn.lock says $(printf '%064d' 7)"
    [ ! -e "$CUDNNV_ROOT/cuda/11.4.4" ]
    # a lock whose CUDA section is hostile is refused whole
    sed -i "s|^libcublas.url = .*|libcublas.url = ftp://example.invalid/x.tar.xz|" cudnn.lock
    run -1 cudnnv install --locked
    assert_output_has "cudnn.lock is not a lock cudnnv can use: [cuda 11.4.4] has a URL that is not https"
}

@test "install --with-cuda-libs --channel brings the channel's libcublas and cuda-nvrtc packages, checked by its repodata" {
    local channel="$BATS_TEST_TMPDIR/channel" redist="$FIXTURES/cuda-redist" part
    mkdir -p "$channel/linux-64"
    for part in "libcublas libcublas-linux-x86_64-11.6.5.2 11.6.5.2" "cuda-nvrtc cuda_nvrtc-linux-x86_64-11.4.152 11.4.152"; do
        set -- $part
        local unpacked="$BATS_TEST_TMPDIR/unpacked-$1"
        mkdir -p "$unpacked"
        tar -xf "$redist"/*/linux-x86_64/"$2"-archive.tar.xz -C "$unpacked" --strip-components=1
        nvidia_package "$channel/linux-64/$1-$3-h0_0.conda" "tree:lib=$unpacked/lib"
    done
    local cublas_sum nvrtc_sum
    cublas_sum=$(sha256sum "$channel/linux-64/libcublas-11.6.5.2-h0_0.conda" | cut -c1-64)
    nvrtc_sum=$(sha256sum "$channel/linux-64/cuda-nvrtc-11.4.152-h0_0.conda" | cut -c1-64)
    cat > "$channel/linux-64/repodata.json" <<JSON
{"info": {"subdir": "linux-64"}, "packages": {},
 "packages.conda": {
  "libcublas-11.6.5.2-h0_0.conda": {"name": "libcublas", "version": "11.6.5.2", "depends": ["cuda-version >=11,<12"], "sha256": "$cublas_sum"},
  "cuda-nvrtc-11.4.152-h0_0.conda": {"name": "cuda-nvrtc", "version": "11.4.152", "depends": ["cuda-version >=11,<12"], "sha256": "$nvrtc_sum"},
  "libcublas-12.2.5.6-h0_0.conda": {"name": "libcublas", "version": "12.2.5.6", "depends": ["cuda-version >=12,<13"], "sha256": "$cublas_sum"}}}
JSON
    serve_folder "$channel"
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv install --with-cuda-libs --channel "http://127.0.0.1:$PORT" 8.2.4
    assert_status 0
    assert_output_has "bringing libcublas 11.6.5.2 (CUDA channel-cu11)"
    assert_output_has "8.2.4.15 loads CUDA channel-cu11's libraries from $CUDNNV_ROOT/cuda/channel-cu11/lib"
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
}

@test "install --with-cuda-libs with no SOURCE in a project brings the CUDA libraries of the sets it pins" {
    use_local_redist
    install_fixture "$SET11"
    cudnnv use 8.2.4 2>/dev/null
    run cudnnv install --with-cuda-libs
    assert_status 0
    assert_output_has "8.2.4 (pinned in $PWD/.cudnn-version): installed as 8.2.4.15"
    assert_output_has "8.2.4.15 loads CUDA 11.4.4's libraries from $CUDNNV_ROOT/cuda/11.4.4/lib"
    unset LD_LIBRARY_PATH
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
}

# Two sets of cuDNN 8: 8.2.4.15 with its CUDA libraries brought, so it loads; 8.9.7.29 without them, so it cannot.
two_of_major_8() {
    use_local_redist
    install_fixture "$SET11"
    cudnnv install --with-cuda-libs 8.2.4.15 >/dev/null 2>&1
    install_fixture "$SET12"
    unset LD_LIBRARY_PATH
}

# 8.9.7.29 moved out of the store into a folder of its own, linked as system
link_newest_as_system() {
    cp -r "$CUDNNV_ROOT/versions/8.9.7.29" "$BATS_TEST_TMPDIR/system cudnn"
    cudnnv uninstall 8.9.7.29 2>/dev/null
    cudnnv link system "$BATS_TEST_TMPDIR/system cudnn" 2>/dev/null
}

@test "nothing pins cuDNN 8 and the newest installed cannot load here: the newest that loads serves, in the shim and in every command, and they say why" {
    two_of_major_8
    run cudnnv versions
    assert_status 0
    assert_output_has "* 8.2.4.15 (the newest installed 8.x: no source names one; '8.9.7.29' cannot load here)"
    assert_output_has "  8.9.7.29 [cannot load here: needs libcublasLt.so.12"
    assert_output_has "cudnnv: nothing here pins cuDNN 8 and '8.9.7.29' cannot load here (it needs libcublasLt.so.12), so 8.2.4.15 serves, the newest installed set of cuDNN 8 that loads; 'cudnnv global 8.2.4.15' pins it"
    run cudnnv version-name
    assert_status 0
    [ "$output" = "8.2.4.15" ]
    run cudnnv doctor
    assert_output_has "WARN  selection: nothing here pins cuDNN 8 and '8.9.7.29' cannot load here (it needs libcublasLt.so.12), so 8.2.4.15 serves"
    assert_output_has "fix: pin the set you want: 'cudnnv global 8.2.4.15' (or 'cudnnv use 8.2.4.15' in the project)"
    # the shim tries 8.9.7.29, closes it again, and serves 8.2.4.15 with its cuBLAS
    CUDNNV_DEBUG=1 run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    assert_output_has "set '8.9.7.29' cannot load here: libcudnn_cnn_infer.so.8: libcublasLt.so.12: cannot open shared object file: No such file or directory; the next set is tried"
    assert_output_has "set '8.2.4.15' (the newest installed 8.x: no source names one; '8.9.7.29' cannot load here)"
    run convolve
    assert_status 0
    refute_output_has "cudnnv:"   # nothing on a program's stderr when a set is passed over
}

@test "a record's may_not_load and folder are taken only as written: another value is no, a foreign folder is read again" {
    two_of_major_8
    local record="$CUDNNV_ROOT/versions/8.9.7.29/cudnnv.ini"
    # anything but "yes" (longer, other case, a control byte) is no: not judged, not tried, so 8.9.7.29 serves
    for value in yesyes YES "$(printf 'yes\033[2J')"; do
        sed -i "s/^may_not_load = .*/may_not_load = $value/" "$record"
        run cudnnv versions
        assert_output_has "* 8.9.7.29 (the newest installed 8.x: no source names one)"
        refute_output_has "cannot load here)"
        [[ "$output" != *$'\033'* ]]
        CUDNNV_DEBUG=1 run -127 convolve
        refute_output_has "the next set is tried"
    done
    sed -i "s/^may_not_load = .*/may_not_load = yes/" "$record"
    run cudnnv version-name
    [ "$output" = "8.2.4.15" ]
    # a linked set's folder line that is not its folder's (too long, garbage): its libraries are read again
    link_newest_as_system
    sed -i "s/^folder = .*/folder = $(printf '9%.0s' $(seq 300))/" "$CUDNNV_ROOT/versions/system/cudnnv.ini"
    run strace -f -e trace=execve -o "$BATS_TEST_TMPDIR/trace" "$CUDNNV" version-name
    assert_status 0
    [ "$output" = "8.2.4.15" ]
    grep -q cudnnv-install "$BATS_TEST_TMPDIR/trace"
}

@test "the set linked as system that cannot load here is passed over for an installed set that loads; pinned, or alone, it serves and fails as before" {
    two_of_major_8
    link_newest_as_system
    # link recorded what the folder's libraries need: judging it starts no install helper until the folder changes
    grep -q '^folder = ' "$CUDNNV_ROOT/versions/system/cudnnv.ini"
    run strace -f -e trace=execve -o "$BATS_TEST_TMPDIR/trace" "$CUDNNV" version-name
    assert_status 0
    [ "$output" = "8.2.4.15" ]
    run grep -c cudnnv-install "$BATS_TEST_TMPDIR/trace"
    [ "$output" = 0 ]
    touch -d 2020-01-01 "$BATS_TEST_TMPDIR/system cudnn/lib"   # as a new cuDNN unpacked there would
    run strace -f -e trace=execve -o "$BATS_TEST_TMPDIR/trace" "$CUDNNV" version-name
    [ "$output" = "8.2.4.15" ]
    grep -q cudnnv-install "$BATS_TEST_TMPDIR/trace"
    run cudnnv version --all
    assert_output_has "8.2.4.15"
    assert_output_has "; 'system' cannot load here"
    run convolve
    assert_status 0
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    # pinned, the set that cannot load serves and fails with its reason, as before
    cudnnv global system 2>/dev/null
    run cudnnv versions
    assert_output_has "* system -> $BATS_TEST_TMPDIR/system cudnn (8.9.7) (set by $CUDNNV_ROOT/version) [cannot load here: needs libcublasLt.so.12"
    run -127 convolve
    assert_output_has "set 'system'"
    # alone, nothing to prefer: system serves, and the program fails as it did before cudnnv
    rm "$CUDNNV_ROOT/version"
    cudnnv uninstall 8.2.4.15 2>/dev/null
    run cudnnv versions
    assert_output_has "* system -> $BATS_TEST_TMPDIR/system cudnn (8.9.7) (linked as system) [cannot load here: needs libcublasLt.so.12"
    refute_output_has "nothing here pins"
    run -127 convolve
}
