#!/usr/bin/env bats
# cudnnv check: a set loaded through its shim, as programs load it.

load helpers

@test "check the selected fixture set: its version, the CUDA runtime it names, cudnnCreate without a GPU" {
    install_usual_fixtures
    cudnnv use 8.1.0
    run cudnnv check
    assert_status 0
    [ "${lines[0]}" = "set 8.1.0.77 (cuDNN 8.1.0.77) through $CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
    # then what the set loads besides itself (needs.bats), then what it reports, in this order
    local reported
    reported=$(printf '%s\n' "${lines[@]}" | grep -E '^cudnn(Get|Create)')
    [ "$reported" = "cudnnGetVersion() = 8100
cudnnGetCudartVersion() = 11020
cudnnCreate() = 1001 (CUDNN_STATUS_NOT_INITIALIZED)" ]
    assert_output_has "needs libnvrtc.so (runtime-compiled engines): "
    assert_output_has "convolution: skipped: no CUDA driver (libcuda.so.1)"
}

@test "check the real cuDNN 9.19 by name, with another cuDNN on the library path" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    LD_LIBRARY_PATH="$REAL_CUDA/lib" run cudnnv check 9.19
    assert_status 0
    assert_output_has "cudnnGetVersion() = 91900"
    assert_output_has "cudnnCreate() = 1001 (CUDNN_STATUS_NOT_INITIALIZED)"
}

@test "a set that cannot load is reported, and cudnnv says so" {
    mkdir -p "$BATS_TEST_TMPDIR/broken/lib" "$BATS_TEST_TMPDIR/broken/include"
    cp "$SETS/8.1.0/include/cudnn_version.h" "$BATS_TEST_TMPDIR/broken/include/"
    echo "not a library" > "$BATS_TEST_TMPDIR/broken/lib/libcudnn.so.8"
    cudnnv link broken "$BATS_TEST_TMPDIR/broken" 2>/dev/null
    run cudnnv check broken
    assert_status 1
    assert_output_has "cudnnv: cannot load cuDNN 'broken'"
    assert_output_has "the check of broken failed (status 127)"
    run cudnnv check 8.9
    assert_status 1
    assert_output_has "'8.9' is not installed"
}

@test "in a project pinning a CUDA runtime, plain check and doctor find what the set opens there, as exec serves it" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    printf '9.1\ncuda 12.2\n' > .cudnn-version
    cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/12.2/lib64" 2>/dev/null
    local runtime="$CUDNNV_ROOT/cuda/runtime/12.2/lib"
    # the shell's library path holds another CUDA major's libraries (CUDA 13's), as a machine with CUDA 13 does
    LD_LIBRARY_PATH="$FIXTURES/cuda-runtime/13.0/lib" run cudnnv check
    assert_status 0
    assert_output_has "CUDA runtime: $runtime (the project's pin, first on the library path as 'cudnnv exec' serves it)"
    assert_output_has "needs libcublasLt.so.12 (cuBLAS-backed engines (some convolution and matmul engines, legacy convolution, RNN)): found $runtime/libcublasLt.so.12"
    assert_output_has "needs libnvrtc.so.12 (runtime-compiled engines): found $runtime/libnvrtc.so.12"
    refute_output_has "another CUDA major"
    refute_output_has "MISSING"
    [ "$(cudnnv exec "$CUDNNV" check | grep '^needs')" = "$(printf '%s\n' "${lines[@]}" | grep '^needs')" ]
    LD_LIBRARY_PATH="$FIXTURES/cuda-runtime/13.0/lib" run cudnnv doctor
    assert_output_has "OK    needs: 9.1.0.70: judged with the project's CUDA runtime $runtime first on the library path"
    assert_output_has "libcublasLt.so.12 (the project's CUDA runtime: $runtime/libcublasLt.so.12)"
    refute_output_has "a library of another CUDA major"
    # outside the project, the same shell finds only CUDA 13's, and says so
    cd "$BATS_TEST_TMPDIR"
    LD_LIBRARY_PATH="$FIXTURES/cuda-runtime/13.0/lib" run cudnnv check 9.1.0.70
    refute_output_has "CUDA runtime:"
    assert_output_has "needs libcublasLt.so.12 (cuBLAS-backed engines (some convolution and matmul engines, legacy convolution, RNN)): found only for another CUDA major"
}
