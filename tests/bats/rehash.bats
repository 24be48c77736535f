#!/usr/bin/env bats
# cudnnv rehash: the shims in the store.

load helpers

@test "rehash installs the three shims, each exporting its major's functions under its node" {
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
    cudnnv rehash 2>/dev/null
    diff <(nm -D --defined-only "$REAL_CUDA/lib/libcudnn.so.9" | awk '$2 == "T" { print $3 }' | sort) \
         <(nm -D --defined-only "$CUDNNV_ROOT/shims/lib/libcudnn.so.9" | awk '$2 == "T" { print $3 }' | sort)
}
