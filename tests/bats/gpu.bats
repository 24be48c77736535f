#!/usr/bin/env bats
# Choosing and judging cuDNN by the GPUs it must run on: install, latest
# --known and known pass over releases with no code for this machine's GPUs
# (the CUDA driver library the tests build, one GPU per compute capability
# in FAKE_CC) or for --gpu's; doctor and use judge the selected set.

load helpers

# The shipped catalog, with downloads going to a closed port: the choice is
# printed, then the download fails at once.
offline_catalog() {
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nbase_url = http://127.0.0.1:9/none\nconnect_timeout = 2\n' > "$CUDNNV_ROOT/config"
}

# gpu CC[,CC…] COMMAND…: runs cudnnv with a CUDA 12.2 driver (libcuda only) and those GPUs.
gpu() {
    local capabilities=$1
    shift
    CUDNNV_NVIDIA_VERSION_FILE=/nonexistent FAKE_CC="$capabilities" LD_LIBRARY_PATH="$FIXTURES/fakecuda" \
        "$CUDNNV" "$@"
}

@test "install 9 on a Pascal GPU (6.1) with a CUDA 12 driver takes the newest 9.10, and says why; on 8.0 a newer one" {
    offline_catalog
    run gpu 6.1 install 9
    assert_status 1
    assert_output_has "cuDNN 9.10.2.21 for CUDA 12: cudnn-linux-x86_64-9.10.2.21_cuda12-archive.tar.xz"
    assert_output_has "(the newest with code for compute capability 6.1, this machine's GPUs: 9.11.0.98 has no code for compute capability 6.1: it needs 7.5 or newer)"
    assert_output_has "downloading http://127.0.0.1:9/none/cudnn-linux-x86_64-9.10.2.21_cuda12-archive.tar.xz"
    newest=$(ls "$BATS_TEST_DIRNAME/../../versions/catalog" | sed 's/\.ini$//' | sort -V | tail -1)
    run gpu 8.0 install 9
    assert_output_has "cuDNN $newest for CUDA 12: cudnn-linux-x86_64-${newest}_cuda12-archive.tar.xz"
    refute_output_has "newest with code for"
    # two GPUs: the release must run on both
    run gpu 8.0,6.1 install 9
    assert_output_has "cuDNN 9.10.2.21 for CUDA 12"
    assert_output_has "the newest with code for compute capabilities 8.0, 6.1, this machine's GPUs"
    # a prefix with no release for this GPU: refused before any download, naming why
    run gpu 6.1 install 9.19
    assert_status 1
    assert_output_has "no 9.19 release in the catalog has code for compute capability 6.1, this machine's GPUs: 9.19.0.56 has no code for compute capability 6.1: it needs 7.5 or newer; see 'cudnnv known --gpu 6.1'"
    refute_output_has "downloading"
    [ -z "$(ls "$CUDNNV_ROOT/cache" 2>/dev/null)" ]
}

@test "install --gpu chooses for another machine; a GPU newer than a release lists passes it over; --gpu any chooses by none" {
    offline_catalog
    run cudnnv install --gpu 6.1 9
    assert_output_has "cuDNN 9.10.2.21"
    assert_output_has "the newest with code for compute capability 6.1, as --gpu asked"
    # --gpu wins over this machine's GPU
    run gpu 6.1 install --gpu 8.0 9.10
    assert_output_has "cuDNN 9.10.2.21"
    refute_output_has "newest with code for"
    # Blackwell (12.0): 9.1 lists GPUs up to 9.0 only
    run cudnnv install --gpu 12.0 9.1
    assert_status 1
    assert_output_has "9.1.0.70 does not list compute capability 12.0: it lists up to 9.0"
    run cudnnv install --gpu any 9.1
    assert_output_has "cuDNN 9.1.0.70 for CUDA 12"
    for bad in x 6 6.1.2 -1.0 "6.1 " 6.1,,8.0 "$(printf '6.1\033[2J')"; do
        run cudnnv install --gpu "$bad" 9
        assert_status 2
        assert_output_has "--gpu takes compute capabilities such as 8.6 or 6.1,8.0"
        refute_output_has "$(printf '\033')"
    done
}

@test "known marks the releases with no code for this machine's GPUs or --gpu's; latest --known passes them over" {
    run gpu 6.1 known 9
    assert_status 0
    assert_output_has "  9.10.2.21    CUDA 11 12
  9.11.0.98    CUDA 12  (has no code"
    assert_output_has "  9.11.0.98    CUDA 12  (has no code for compute capability 6.1: it needs 7.5 or newer)"
    run cudnnv known 9.11
    assert_status 0
    refute_output_has "has no code"
    run cudnnv known --gpu 6.1 --json 9.19.0
    assert_output_has '"runs_on_gpus": false, "gpu_reason": "has no code for compute capability 6.1: it needs 7.5 or newer"'
    run cudnnv known --gpu 8.0 --json 9.19.0
    assert_output_has '"runs_on_gpus": true}'
    run cudnnv known --json 9.19.0
    assert_status 0
    refute_output_has "runs_on_gpus"
    run gpu 6.1 latest --known 9
    assert_status 0
    [ "$output" = 9.10.2.21 ]
    run cudnnv latest --known --gpu 3.0 9
    assert_status 1
    assert_output_has "no release of '9' in the catalog has code for compute capability 3.0"
    run cudnnv latest --gpu 6.1 9
    assert_status 2
}

@test "doctor fails cuDNN 9.19 on 6.1 and passes it on 8.0; use warns when it pins it on 6.1" {
    require_real_cudnn
    cudnnv link "$REAL_SET" "$REAL_CUDA" >/dev/null 2>&1
    mkdir -p "$BATS_TEST_TMPDIR/project"
    cd "$BATS_TEST_TMPDIR/project"
    run gpu 6.1 use 9.19
    assert_status 0
    assert_output_has "warning: $REAL_SET has no code for compute capability 6.1: it needs 7.5 or newer (a GPU of this machine): programs here will fail with it"
    [ "$(cat .cudnn-version)" = 9.19 ]
    run gpu 8.0 use 9.19
    assert_status 0
    refute_output_has "warning"
    run gpu 6.1 doctor
    assert_status 1
    assert_output_has "FAIL  GPU: Fake GPU (compute capability 6.1) is too old for $REAL_SET, which needs at least 7.5"
    run gpu 8.0 doctor
    assert_output_has "OK    GPU: Fake GPU (compute capability 8.0) is supported by $REAL_SET (at least 7.5)"
    # two GPUs: each judged
    run gpu 8.0,6.1 doctor
    assert_output_has "OK    GPU: GPU 0, Fake GPU (compute capability 8.0)"
    assert_output_has "FAIL  GPU: GPU 1, Fake GPU 1 (compute capability 6.1) is too old for $REAL_SET"
}

@test "doctor warns when the GPU is newer than any the release lists" {
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv use 9.1 >/dev/null 2>&1
    run gpu 10.0 doctor
    assert_output_has "WARN  GPU: Fake GPU (compute capability 10.0) is newer than any GPU 9.1.0.70 lists (up to 9.0): it may have no code for it"
    run gpu 9.0 doctor
    assert_output_has "OK    GPU: Fake GPU (compute capability 9.0) is supported by 9.1.0.70 (at least 5.0, up to 9.0)"
}
