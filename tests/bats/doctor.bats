#!/usr/bin/env bats
# cudnnv doctor: every check, with a fake driver file, a fake CUDA driver
# library and a fake Python where the machine has none.

load helpers

driver_file() { # driver_file VERSION: a /proc/driver/nvidia/version look-alike
    printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2025\nGCC version:  gcc version 12\n' "$1" \
        > "$BATS_TEST_TMPDIR/nvidia-version"
    export CUDNNV_NVIDIA_VERSION_FILE="$BATS_TEST_TMPDIR/nvidia-version"
}

fake_python() { # fake_python DIST_INFO VERSION: a python3 whose site-packages hold one framework
    local site="$BATS_TEST_TMPDIR/site-packages" bin="$BATS_TEST_TMPDIR/bin"
    mkdir -p "$site/$1-$2.dist-info" "$bin"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$1" "$2" > "$site/$1-$2.dist-info/METADATA"
    printf '#!/bin/sh\necho %s\n' "$site" > "$bin/python3"
    chmod +x "$bin/python3"
    export PATH="$bin:$PATH"
}

@test "a healthy pinned project: selection, set, shims, library path all OK" {
    install_usual_fixtures
    cudnnv use 8.1.0
    cudnnv rehash 2>/dev/null
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run cudnnv doctor
    assert_output_has "OK    selection: cuDNN 8: 8.1.0.77 (set by $PWD/.cudnn-version)"
    assert_output_has "OK    set: 8.1.0.77 is complete and unchanged"
    assert_output_has "OK    selection: cuDNN 9: 9.1.0.70 (the newest installed 9.x: no source names one)"
    assert_output_has "OK    shims: libcudnn.so.8, libcudnn.so.9 in $CUDNNV_ROOT/shims/lib, one per installed major"
    assert_output_has "OK    library path: the shim directory is on LD_LIBRARY_PATH"
}

@test "nothing selected, and a pin that is not installed, fail with the fix" {
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  selection: no cuDNN version is selected here"
    echo 8.3 > .cudnn-version
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  selection: cuDNN 8: version '8.3' is not installed (set by $PWD/.cudnn-version)"
}

@test "a changed set fails; the shim directory missing from the path warns" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    rm "$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn_adv_train.so.8.1.0"
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  set: 8.1.0.77 changed since it was installed: 1 missing, 0 changed, 0 extra files"
    assert_output_has "fix: see what changed with 'cudnnv verify 8.1.0.77'"
    assert_output_has "WARN  library path: the shim directory ($CUDNNV_ROOT/shims/lib) is not on LD_LIBRARY_PATH"
    assert_output_has "add 'eval \"\$(cudnnv init bash)\"' to your shell's start-up file"
}

@test "in a shell whose hook ran before the first set was installed, doctor says the next prompt adds the shims, not to add the init line" {
    local archive="$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    # a store with no set at all: the machine's own cuDNN, which the first init links as system, taken back for good
    cudnnv init bash >/dev/null 2>&1
    if [ -e "$CUDNNV_ROOT/versions/system" ]; then
        cudnnv uninstall --force system
    fi
    [ -z "$(cudnnv versions --bare)" ]
    # as 'bash -i -c' runs it: the start-up file's init line on an empty store, then the install and the pin, with no
    # prompt in between (doctor's status is not asserted: a machine with another CUDA's NVRTC fails the needs check)
    run bash --norc -c 'eval "$("$1" init bash)" && "$1" install "$2" 2>/dev/null && "$1" use 8.1 >/dev/null && "$1" doctor' \
        bash "$CUDNNV" "$archive"
    assert_output_has "WARN  library path: the shim directory ($CUDNNV_ROOT/shims/lib) is not on LD_LIBRARY_PATH yet: the shell hook is loaded and puts it there at the next prompt"
    assert_output_has "fix: press Enter at the prompt (or 'cd .'), or start programs with 'cudnnv exec'"
    refute_output_has "start-up file"
    # at the next prompt (the hook run by hand, as PROMPT_COMMAND runs it) the shims are there and doctor says so
    run bash --norc -c 'eval "$("$1" init bash)" && "$1" use 8.1 >/dev/null && _cudnnv_hook && "$1" doctor' bash "$CUDNNV"
    assert_output_has "OK    library path: the shim directory is on LD_LIBRARY_PATH"
}

@test "another libcudnn before the shims on LD_LIBRARY_PATH fails" {
    require_real_cudnn
    install_usual_fixtures
    cudnnv use 8.1
    LD_LIBRARY_PATH="$REAL_CUDA/lib:$CUDNNV_ROOT/shims/lib" run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  library path: $REAL_CUDA/lib on LD_LIBRARY_PATH holds libcudnn.so"
}

@test "driver: too old for the set's CUDA fails, new enough passes, none is not checked" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    run cudnnv doctor
    assert_output_has "SKIP  driver: no NVIDIA driver found (no /proc/driver/nvidia/version, no NVML, no libcuda.so.1)"
    driver_file 450.51.05
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  driver: driver 450.51.05 (from $CUDNNV_NVIDIA_VERSION_FILE) supports CUDA up to 11.0; 8.1.0.77 needs CUDA 11.2, which needs driver 460.27.03 or newer"
    driver_file 535.104.05
    run cudnnv doctor
    assert_output_has "OK    driver: driver 535.104.05 (from $CUDNNV_NVIDIA_VERSION_FILE) supports CUDA up to 12; 8.1.0.77 needs CUDA 11.2 (driver 460.27.03 or newer)"
    # the driver's own answer, when libcuda.so.1 is there
    LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_output_has "OK    driver: driver 535.104.05 (from $CUDNNV_NVIDIA_VERSION_FILE) supports CUDA up to 12.2; 8.1.0.77 needs CUDA 11.2"
}

@test "GPU: compute capability against the release's minimum, through libcuda.so.1" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv use 9.1
    run cudnnv doctor
    assert_output_has "SKIP  GPU: no CUDA driver library (libcuda.so.1)"
    FAKE_CC=8.6 LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_output_has "OK    GPU: Fake GPU (compute capability 8.6) is supported by 9.1.0.70 (at least 5.0, up to 9.0)"
    FAKE_CC=3.7 LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  GPU: Fake GPU (compute capability 3.7) is too old for 9.1.0.70, which needs at least 5.0"
    FAKE_CUDA_NO_DEVICE=1 LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_output_has "SKIP  GPU: the CUDA driver sees no GPU"
}

@test "frameworks: PyTorch's metadata against the selected set" {
    install_usual_fixtures
    fake_python torch 2.4.1+cu121
    cudnnv use 9.1
    run cudnnv doctor
    assert_output_has "OK    frameworks: pytorch 2.4.1 (built with cuDNN 9.1.0.70) accepts 9.1.0.70"
    # a pin of 8.1 leaves cuDNN 9 programs to the newest 9.x; without one, PyTorch has no cuDNN 9
    cudnnv use 8.1
    cudnnv uninstall --force 9.1.0.70 2>/dev/null
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  frameworks: pytorch 2.4.1 was built with cuDNN 9.1.0.70"
    assert_output_has "fix: run 'cudnnv use --for pytorch==2.4.1' in the project"
}

@test "frameworks: TensorFlow, and a Python without frameworks" {
    install_usual_fixtures
    cudnnv use 8.0
    fake_python tensorflow 2.5.0
    run cudnnv doctor
    assert_output_has "FAIL  frameworks: tensorflow 2.5.0 was built with cuDNN 8.1"
    cudnnv use 8.1
    run cudnnv doctor
    assert_output_has "OK    frameworks: tensorflow 2.5.0 (built with cuDNN 8.1) accepts 8.1.1.33"
}

# fake_wheel DIST_INFO VERSION REQUIRES: a python3 whose framework's METADATA says what cuDNN it requires
fake_wheel() {
    fake_python "$1" "$2"
    printf 'Requires-Dist: filelock\nRequires-Dist: %s\n' "$3" \
        >> "$BATS_TEST_TMPDIR/site-packages/$1-$2.dist-info/METADATA"
}

@test "frameworks tell their own cuDNN: PyTorch's exact pin, JAX's range, TensorFlow's build_info" {
    install_usual_fixtures
    # a PyTorch no pin knows: its wheel says it was built with 9.1.0.70
    fake_wheel torch 2.99.0 'nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux"'
    run cudnnv doctor
    assert_output_has "OK    frameworks: pytorch 2.99.0 accepts 9.1.0.70 (9.1.0.70): it says nvidia-cudnn-cu12==9.1.0.70"
    # built with a newer 9 than the one selected: PyTorch refuses an older runtime
    rm -rf "$BATS_TEST_TMPDIR/site-packages"
    fake_wheel torch 2.99.1 'nvidia-cudnn-cu13==9.19.0.56; platform_system == "Linux"'
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  frameworks: pytorch 2.99.1 needs cuDNN 9.19.0.56 or newer, below 10 (it says: nvidia-cudnn-cu13==9.19.0.56), but cuDNN 9 here is 9.1.0.70 (9.1.0.70)"
    assert_output_has "fix: run 'cudnnv use --for pytorch' in the project, or install a newer set ('cudnnv install 9.19.0.56')"
    # a range (JAX): any 9.x from 9.1 up
    rm -rf "$BATS_TEST_TMPDIR/site-packages"
    fake_wheel jax_cuda12_plugin 0.4.30 'nvidia-cudnn-cu12<10.0,>=9.1; sys_platform == "linux" and extra == "with-cuda"'
    run cudnnv doctor
    assert_output_has "OK    frameworks: jax 0.4.30 accepts 9.1.0.70 (9.1.0.70): it says nvidia-cudnn-cu12<10.0,>=9.1"
    # TensorFlow's build_info, when its METADATA names no cuDNN
    rm -rf "$BATS_TEST_TMPDIR/site-packages"
    fake_python tensorflow 2.99.0
    mkdir -p "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform"
    printf "build_info = {'cuda_version': '12.4', 'cudnn_version': '8'}\n" \
        > "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform/build_info.py"
    cudnnv use 8.0
    run cudnnv doctor
    assert_output_has "OK    frameworks: tensorflow 2.99.0 accepts 8.0.4.30 (8.0.4.30): it says build_info cudnn_version 8"
}

@test "TensorFlow's own CUDA libraries: 2.4 (CUDA 11.0) opens libcusolver.so.10, which CUDA 11.1's folder lacks; use --for and doctor say so, and OK once it is there" {
    install_usual_fixtures
    local cuda="$BATS_TEST_TMPDIR/cuda-11.1/lib64"
    mkdir -p "$cuda"
    # CUDA 11.1's libraries as TensorFlow opens them (tensorflow/tensorflow#44777)
    for lib in libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusolver.so.11 libcusparse.so.11; do
        : > "$cuda/$lib"
    done
    export LD_LIBRARY_PATH="$cuda"
    # use --for pins the project's own CUDA 11.0 runtime; doctor says it is still to be installed
    run cudnnv use --for tensorflow==2.4
    assert_status 0
    assert_output_has "pinning the CUDA 11.0 runtime tensorflow 2.4.0 opens by itself (7 libraries)"
    run cudnnv doctor
    assert_output_has "FAIL  frameworks: the CUDA 11.0 runtime pinned in $PWD/.cudnn-version is not installed"
    # without that pin, what a program finds on its path is judged
    cudnnv use --cuda-runtime none 2>/dev/null
    fake_python tensorflow 2.4.0
    mkdir -p "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform"
    printf "build_info = {'cuda_version': '11.0', 'cudnn_version': '8'}\n" \
        > "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform/build_info.py"
    run cudnnv doctor
    assert_output_has "FAIL  frameworks: tensorflow 2.4.0 (CUDA 11.0) opens libcusolver.so.10 (cuSOLVER) itself"
    refute_output_has "libcublas.so.11 (cuBLAS)"
    assert_output_has "fix: put CUDA 11.0's own libraries on the path of programs started here: another CUDA's do not serve; pin them for the project ('cudnnv use --cuda-runtime 11.0'"
    # CUDA 11.0's cuSOLVER beside them: all seven found
    : > "$cuda/libcusolver.so.10"
    run cudnnv doctor
    assert_output_has "OK    frameworks: tensorflow 2.4.0 (CUDA 11.0): the 7 CUDA libraries it opens itself are found"
    # a CUDA the data does not know is said, not guessed
    printf "build_info = {'cuda_version': '12.4', 'cudnn_version': '8'}\n" \
        > "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform/build_info.py"
    run cudnnv doctor
    assert_output_has "SKIP  frameworks: tensorflow 2.4.0 is built for CUDA 12.4: which CUDA libraries it opens itself is not in cudnnv's data"
}

@test "use --for FRAMEWORK takes the installed framework's own word" {
    install_usual_fixtures
    fake_wheel torch 2.99.0 'nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux"'
    run cudnnv use --for torch
    assert_status 0
    assert_output_has "pytorch 2.99.0 (in $BATS_TEST_TMPDIR/site-packages) says nvidia-cudnn-cu12==9.1.0.70"
    assert_output_has "pinning 9.1 (9.1.0.70 is installed)"
    [ "$(cat .cudnn-version)" = 9.1 ]
    rm -rf "$BATS_TEST_TMPDIR/site-packages"
    # none installed: pinned first, its floor, as for a version named
    fake_wheel torch 2.99.1 'nvidia-cudnn-cu13==9.19.0.56'
    run cudnnv use --for torch
    assert_status 0
    assert_output_has "needs cuDNN 9.x, at least 9.19; none is installed: pinning 9.19, which 'cudnnv install' here brings"
    [ "$(cat .cudnn-version)" = 9.19 ]
    run cudnnv use --for jax
    assert_status 1
    assert_output_has "no jax in the active Python's site-packages"
}

@test "doctor --json for scripts" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv doctor --json
    assert_output_has '{"check": "selection", "status": "OK", "detail": "cuDNN 8: 8.1.1.33'
    assert_output_has '"check": "driver", "status": "SKIP"'
    if command -v python3 >/dev/null; then
        echo "$output" | python3 -c 'import json,sys; json.load(sys.stdin)'
    fi
    run cudnnv doctor --bogus
    assert_status 2
}

@test "a store path with a space warns that LD_PRELOAD cannot hold it" {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/my store"
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv use 8.0
    run cudnnv doctor
    assert_output_has "WARN  library path: $CUDNNV_ROOT/shims/lib has a space or a colon, which LD_PRELOAD cannot hold"
}

@test "outside files and programs cannot stall use --for or doctor: a METADATA or build_info that is a FIFO, a python3 that never answers" {
    install_usual_fixtures
    fake_python torch 2.99.0
    rm "$BATS_TEST_TMPDIR/site-packages/torch-2.99.0.dist-info/METADATA"
    mkfifo "$BATS_TEST_TMPDIR/site-packages/torch-2.99.0.dist-info/METADATA"
    run timeout 30 "$CUDNNV" use --for torch
    assert_status 1
    assert_output_has "no pytorch in the active Python's site-packages"
    run timeout 30 "$CUDNNV" doctor
    [ "$status" -ne 124 ]
    assert_output_has "OK    frameworks: no TensorFlow or PyTorch in the active Python's site-packages"
    # TensorFlow's build_info.py as a FIFO
    rm -rf "$BATS_TEST_TMPDIR/site-packages"
    fake_python tensorflow 2.99.0
    mkdir -p "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform"
    mkfifo "$BATS_TEST_TMPDIR/site-packages/tensorflow/python/platform/build_info.py"
    run timeout 30 "$CUDNNV" doctor
    [ "$status" -ne 124 ]
    assert_output_has "frameworks: tensorflow 2.99.0"
    # a python3 that never answers is stopped, and said to be
    printf '#!/bin/sh\nexec sleep 600\n' > "$BATS_TEST_TMPDIR/bin/python3"
    SECONDS=0
    run timeout 60 "$CUDNNV" use --for torch
    assert_status 1
    assert_output_has "python3 on PATH did not answer within 10 s"
    run timeout 60 "$CUDNNV" doctor
    [ "$status" -ne 124 ]
    assert_output_has "SKIP  frameworks: python3 on PATH did not answer within 10 s (stopped)"
    [ "$SECONDS" -lt 40 ]
    [ -z "$(pgrep -f "$BATS_TEST_TMPDIR/bin/python3" || true)" ]
}

@test "driver: with only the CUDA driver library (no /proc/driver, no NVML) its CUDA is still judged" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1
    CUDNNV_NVIDIA_VERSION_FILE=/nonexistent LD_LIBRARY_PATH="$FIXTURES/fakecuda" run cudnnv doctor
    assert_output_has "OK    driver: libcuda.so.1 runs CUDA up to 12.2; 8.1.0.77 needs CUDA 11.2"
    refute_output_has "no NVIDIA driver found"
    CUDNNV_NVIDIA_VERSION_FILE=/nonexistent run cudnnv doctor
    assert_output_has "SKIP  driver: no NVIDIA driver found (no /nonexistent, no NVML, no libcuda.so.1)"
}

@test "GPU: the releases of 9.11 and later need compute capability 7.5 (the catalog says so for each)" {
    for file in "$BATS_TEST_DIRNAME"/../../versions/catalog/9.1[1-9]*.ini "$BATS_TEST_DIRNAME"/../../versions/catalog/9.2[0-9].*.ini; do
        [ "$(grep -c '^min_compute_capability = 7.5$' "$file")" -eq "$(grep -c '^min_compute_capability' "$file")" ]
    done
    # only 8.6-8.8 stay unknown: no NVIDIA matrix says
    [ "$(grep -l '^min_compute_capability = $' "$BATS_TEST_DIRNAME"/../../versions/catalog/*.ini | xargs -n1 basename | tr '\n' ' ')" = "8.6.0.163.ini 8.7.0.84.ini 8.8.0.121.ini 8.8.1.3.ini " ]
}
