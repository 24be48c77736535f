#!/usr/bin/env bats
# cudnnv rehash: the shims in the store.

load helpers

@test "rehash installs the three shims, each exporting its major's functions under its node" {
    install_fixture cudnn-10.2-linux-x64-v7.6.5.32-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    run cudnnv rehash
    assert_status 0
    for major in 7 8 9; do
        shim="$CUDNNV_ROOT/shims/lib/libcudnn.so.$major"
        [ -f "$shim" ]
        readelf -d "$shim" | grep -q "Library soname: \[libcudnn.so.$major\]"
        nm -D --defined-only "$shim" | grep -q " T cudnnGetVersion@@libcudnn.so.$major$"
        [ "$(nm -D --defined-only "$shim" | grep -c ' T cudnn')" -eq \
          "$(grep -c . "$BATS_TEST_DIRNAME/../../versions/symbols/libcudnn.so.$major.txt")" ]
    done
}

@test "rehash replaces a damaged shim and leaves good ones alone" {
    install_usual_fixtures
    cudnnv rehash 2>/dev/null
    echo damaged > "$CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    run cudnnv rehash
    assert_output_has "1 updated"
    cmp "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" "$(dirname "$CUDNNV")/../lib/cudnnv/libcudnn.so.8"
    run cudnnv rehash
    assert_output_has "0 updated"
}

@test "the 9 shim exports exactly what the real cuDNN 9.19 exports" {
    require_real_cudnn
    cudnnv link system "$REAL_CUDA" 2>/dev/null
    cudnnv rehash 2>/dev/null
    diff <(nm -D --defined-only "$REAL_CUDA/lib/libcudnn.so.9" | awk '$2 == "T" { print $3 }' | sort) \
         <(nm -D --defined-only "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" | awk '$2 == "T" { print $3 }' | sort)
}

@test "shims follow the installed majors: none for a major without a set, where dlopen fails as without cudnnv" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    [ -f "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" ]
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.7" ]
    # exactly as without cudnnv: the same outcome (a system copy, or none), nothing from the shims
    run "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    without_status=$status without_first=${lines[0]}
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    [ "$status" = "$without_status" ]
    [ "${lines[0]}" = "$without_first" ]
    refute_output_has "$CUDNNV_ROOT"
    # outside any project, with nothing naming cuDNN 8: the newest 8.x serves
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" CUDNNV_DEBUG=1 run "$FIXTURES/bin/host_dlopen" libcudnn.so.8
    assert_status 0
    [ "${lines[-1]}" != "" ]
    assert_output_has "set '8.1.0.77' (the newest installed 8.x: no source names one)"
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    [ -f "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" ]
    cudnnv uninstall 8.1.0.77 2>/dev/null
    [ ! -e "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" ]
    run cudnnv version --all
    assert_output_has "cuDNN 9: 9.1.0.70 (the newest installed 9.x: no source names one)"
}
