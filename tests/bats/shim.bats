#!/usr/bin/env bats
# The shim libraries: every way a program reaches cuDNN ends in the set its
# project pinned, and every failure says why and exits 127.

load helpers

shim_projects() {
    two_projects
    SHIMS="$CUDNNV_ROOT/shims/lib"
    cudnnv rehash 2>/dev/null
}

# run_in DIR HOST [ARGS...]: start a host through cudnnv exec in DIR
run_in() {
    dir=$1
    shift
    run bash -c 'cd "$1" && shift && exec "$0" exec "$@"' "$CUDNNV" "$dir" "$@"
}

@test "the shims stay tiny: each ELF shim at most 64 KiB, each Windows DLL at most 80 KB" {
    local lib size
    for lib in "$(dirname "$CUDNNV")"/../lib/cudnnv/libcudnn.so.{7,8,9} \
               "$(dirname "$CUDNNV")"/../lib/cudnnv/windows/cudnn64_{7,8,9}.dll; do
        size=$(stat -c %s "$lib")
        echo "$lib: $size bytes"
        case $lib in
        *.dll) [ "$size" -le 80000 ] ;;
        *)     [ "$size" -le 65536 ] ;;
        esac
    done
}

@test "TF-style dlopen by soname: project A gets 8.0.4, project B 8.1.0" {
    shim_projects
    run_in "$BATS_TEST_TMPDIR/A" "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    run_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
}

@test "a host linked with -lcudnn -z now, in A and B at the same moment" {
    shim_projects
    (cd "$BATS_TEST_TMPDIR/A" && "$CUDNNV" exec "$FIXTURES/bin/host_linked" > "$BATS_TEST_TMPDIR/a.out") &
    pids+=($!)
    (cd "$BATS_TEST_TMPDIR/B" && "$CUDNNV" exec "$FIXTURES/bin/host_linked" > "$BATS_TEST_TMPDIR/b.out") &
    pids+=($!)
    (cd "$BATS_TEST_TMPDIR/A" && "$CUDNNV" exec "$FIXTURES/bin/host_dlopen" > "$BATS_TEST_TMPDIR/a2.out") &
    pids+=($!)
    (cd "$BATS_TEST_TMPDIR/B" && "$CUDNNV" exec "$FIXTURES/bin/host_dlopen" > "$BATS_TEST_TMPDIR/b2.out") &
    pids+=($!)
    wait "${pids[@]}"   # only these: bats has a job of its own (the test timeout)
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out")" = 8004 ]
    [ "$(head -1 "$BATS_TEST_TMPDIR/b.out")" = 8100 ]
    [ "$(head -1 "$BATS_TEST_TMPDIR/a2.out")" = 8004 ]
    [ "$(head -1 "$BATS_TEST_TMPDIR/b2.out")" = 8100 ]
    grep -q "map $CUDNNV_ROOT/versions/8.0.4.30/lib/libcudnn.so.8.0.4" "$BATS_TEST_TMPDIR/a.out"
    refute_output_has "8.1" "$(cat "$BATS_TEST_TMPDIR/a.out")"
}

@test "a host with a DT_RPATH to another cuDNN (like a PyTorch wheel) still gets the pin" {
    shim_projects
    run "$FIXTURES/bin/host_rpath"
    [ "${lines[0]}" = 8101 ]
    cd "$BATS_TEST_TMPDIR/A"
    LD_LIBRARY_PATH="$SHIMS" run "$FIXTURES/bin/host_rpath"
    [ "${lines[0]}" = 8101 ]
    run_in "$BATS_TEST_TMPDIR/A" "$FIXTURES/bin/host_rpath"
    [ "${lines[0]}" = 8004 ]
    run_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_rpath"
    [ "${lines[0]}" = 8100 ]
    refute_output_has "sets/8.1.1"
}

@test "real cuDNN 9.19 through the shim: 91900, cudnnCreate 1001, every library from the set" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    cudnnv use 9.19
    LD_LIBRARY_PATH="$REAL_CUDA/lib" run cudnnv exec "$FIXTURES/bin/host_real9"
    assert_status 0
    [ "${lines[0]}" = "version 91900" ]
    [ "${lines[1]}" = "create 1001" ]
    set_dir="$CUDNNV_ROOT/versions/$REAL_SET/lib"
    mapped=$(echo "$output" | sed -n 's/^map //p' | grep -v "^$CUDNNV_ROOT/shims/lib/")
    [ "$(echo "$mapped" | wc -l)" -eq 8 ]
    for library in libcudnn.so.9 libcudnn_graph.so.9 libcudnn_ops.so.9 libcudnn_cnn.so.9 \
        libcudnn_adv.so.9 libcudnn_heuristic.so.9 libcudnn_engines_precompiled.so.9 \
        libcudnn_engines_runtime_compiled.so.9; do
        echo "$mapped" | grep -qx "$set_dir/$library"
    done
    assert_all_lines_match "^$set_dir/" "$mapped"
}

# system_like_real BROKEN: a folder holding the real 9.19, every library a link to it but BROKEN, a copy that
# needs a library found nowhere (DT_NEEDED added by patchelf), linked as system.
system_like_real() {
    local folder="$BATS_TEST_TMPDIR/system cudnn" library real_lib="$REAL_CUDA/lib"
    [ -e "$real_lib/libcudnn.so.9" ] || real_lib="$REAL_CUDA/lib64"
    mkdir -p "$folder/lib" "$folder/include"
    cp "$REAL_CUDA"/include/cudnn_version*.h "$folder/include/"
    for library in "$real_lib"/libcudnn*.so.9; do
        ln -s "$library" "$folder/lib/"
    done
    rm "$folder/lib/$1"
    cp "$real_lib/$1" "$folder/lib/"
    patchelf --add-needed libcudnnv-test-missing.so.1 "$folder/lib/$1"
    cudnnv link system "$folder" 2>/dev/null
}

@test "real cuDNN 9.19: the set linked as system that cannot load here is tried, closed again, and passed over for the store's 9.19; unpinned" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    # the real 9.19 needs only what every Linux has: never tried, so it costs nothing more unpinned; the copy is
    grep -qx "may_not_load = no" "$CUDNNV_ROOT/versions/$REAL_SET/cudnnv.ini"
    system_like_real libcudnn_graph.so.9
    grep -qx "may_not_load = yes" "$CUDNNV_ROOT/versions/system/cudnnv.ini"
    run cudnnv versions
    assert_output_has "* $REAL_SET (the newest installed 9.x: no source names one; 'system' cannot load here)"
    CUDNNV_DEBUG=1 LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run "$FIXTURES/bin/host_real9"
    assert_status 0
    assert_output_has "set 'system' cannot load here: libcudnn_graph.so.9: libcudnnv-test-missing.so.1: cannot open shared object file"
    assert_output_has "version 91900"
    set_dir="$CUDNNV_ROOT/versions/$REAL_SET/lib"
    mapped=$(echo "$output" | sed -n 's/^map //p' | grep -v "^$CUDNNV_ROOT/shims/lib/")
    echo "$mapped" | grep -qx "$set_dir/libcudnn.so.9"
    assert_all_lines_match "^$set_dir/" "$mapped"
}

@test "real cuDNN 9.19: a library of the tried set that stays loaded after it is closed (libcudnn_graph's unique symbols) stops the program rather than mix two sets" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    system_like_real libcudnn_cnn.so.9
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run -127 "$FIXTURES/bin/host_real9"
    assert_output_has "cannot load set 'system': libcudnn_cnn.so.9: libcudnnv-test-missing.so.1: cannot open shared object file"
    assert_output_has "system cudnn/lib/libcudnn_graph.so.9 stays loaded, so no other set may serve: pin one"
    refute_output_has "version 91900"
    # pinned, the store's set serves: nothing is tried
    cudnnv global "$REAL_SET" 2>/dev/null
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run "$FIXTURES/bin/host_real9"
    assert_status 0
    assert_output_has "version 91900"
}

@test "real cuDNN 9.19 with no other cuDNN on the search path: only what cuDNN loads, all from the set" {
    require_real_cudnn
    cudnnv install "$REAL_CUDA" 2>/dev/null
    cudnnv use 9.19
    run cudnnv exec "$FIXTURES/bin/host_real9"
    assert_status 0
    [ "${lines[0]}" = "version 91900" ]
    set_dir="$CUDNNV_ROOT/versions/$REAL_SET/lib"
    mapped=$(echo "$output" | sed -n 's/^map //p' | grep -v "^$CUDNNV_ROOT/shims/lib/")
    echo "$mapped" | grep -qx "$set_dir/libcudnn.so.9"
    echo "$mapped" | grep -qx "$set_dir/libcudnn_graph.so.9"
    assert_all_lines_match "^$set_dir/" "$mapped"
    refute_output_has engines_precompiled "$mapped"
}

@test "32 threads making their first call at once all get the pinned set" {
    shim_projects
    run_in "$BATS_TEST_TMPDIR/B" "$FIXTURES/bin/host_threads"
    assert_status 0
    [ "$output" = 8100 ]
}

@test "a first call with double arguments arrives intact" {
    shim_projects
    run_in "$BATS_TEST_TMPDIR/A" "$FIXTURES/bin/host_double"
    assert_status 0
    [ "$output" = "intact lrn 5 0.0001 0.75 2 activation 3 1 -6.25" ]
}

@test "a process that never calls cuDNN loads no cuDNN library" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    LD_PRELOAD="$SHIMS/libcudnn.so.8" run grep libcudnn /proc/self/maps
    assert_status 0
    assert_all_lines_match "$SHIMS/libcudnn.so.8" "$output"
}

@test "the choice follows the directory at load: a preloaded shim keeps the launch directory" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    HOST_CHDIR="$BATS_TEST_TMPDIR/B" run "$CUDNNV" exec "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8004 ]
    HOST_CHDIR="$BATS_TEST_TMPDIR/B" LD_LIBRARY_PATH="$SHIMS" run "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
}

@test "CUDNNV_VERSION and CUDNNV_DEBUG reach the shim" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    CUDNNV_DEBUG=1 CUDNNV_VERSION=8.1.1 LD_LIBRARY_PATH="$SHIMS" run "$FIXTURES/bin/host_dlopen"
    assert_status 0
    assert_output_has "8101"
    assert_output_has "cudnnv: libcudnn.so.8 -> set '8.1.1.33' (set by CUDNNV_VERSION) from $CUDNNV_ROOT/versions/8.1.1.33/lib"
}

@test "version not installed: one line naming version, file and fix; status 127" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    echo 8.3 > .cudnn-version
    LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen"
    [ "$output" = "cudnnv: version '8.3' is not installed (set by $PWD/.cudnn-version); run 'cudnnv install 8.3' or 'cudnnv versions' (libcudnn.so.8 needed it)" ]
}

@test "no set of the major: no shim, so dlopen fails as without cudnnv; a stale shim stops with 127 and the fix" {
    shim_projects
    cd "$BATS_TEST_TMPDIR"
    LD_LIBRARY_PATH="$SHIMS" run -1 "$FIXTURES/bin/host_dlopen" libcudnn.so.7
    assert_output_has "libcudnn.so.7: cannot open shared object file"
    install_fixture cudnn-10.2-linux-x64-v7.6.5.32-test.tgz
    rm -rf "$CUDNNV_ROOT/versions/7.6.5.32"   # removed behind cudnnv's back: the shim stays
    LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen" libcudnn.so.7
    assert_output_has "cudnnv: no cuDNN 7 version is selected"
    assert_output_has "cudnnv use VERSION"
}

@test "a function the set lacks stops with its name, not a crash" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen" libcudnn.so.8 cudnnGetMaxDeviceVersion
    assert_output_has "cudnnv: cudnnGetMaxDeviceVersion is not in cuDNN set '8.0.4.30' (set by $PWD/.cudnn-version)"
}

@test "a set whose library cannot load: status 127 naming the set and the check" {
    shim_projects
    mkdir -p "$BATS_TEST_TMPDIR/broken/lib" "$BATS_TEST_TMPDIR/broken/include"
    cp "$SETS/8.1.0/include/cudnn_version.h" "$BATS_TEST_TMPDIR/broken/include/"
    echo "not a library" > "$BATS_TEST_TMPDIR/broken/lib/libcudnn.so.8.1.0"
    ln -s libcudnn.so.8.1.0 "$BATS_TEST_TMPDIR/broken/lib/libcudnn.so.8"
    cudnnv link broken "$BATS_TEST_TMPDIR/broken" 2>/dev/null
    cd "$BATS_TEST_TMPDIR/A"
    CUDNNV_VERSION=broken LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen"
    assert_output_has "cudnnv: cannot load cuDNN 'broken' (set by CUDNNV_VERSION)"
    assert_output_has "cudnnv verify broken"
}

@test "a set directory that other users can write is refused" {
    shim_projects
    chmod o+w "$CUDNNV_ROOT/versions/8.0.4.30/lib"
    cd "$BATS_TEST_TMPDIR/A"
    LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen"
    assert_output_has "refusing set '8.0.4.30': $CUDNNV_ROOT/versions/8.0.4.30/lib can be written by another user"
}

@test "an invalid name in a version file stops the program" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/A"
    echo "../../../tmp/x" > .cudnn-version
    LD_LIBRARY_PATH="$SHIMS" run -127 "$FIXTURES/bin/host_dlopen"
    assert_output_has "invalid version name '../../../tmp/x'"
}

@test "a setuid program (AT_SECURE) ignores CUDNNV_ROOT and CUDNNV_VERSION" {
    shim_projects
    host="$BATS_TEST_TMPDIR/suid_host"
    cc -O1 -o "$host" "$BATS_TEST_DIRNAME/../fixtures/host_linked.c" -L"$SETS/8.1.0/lib" -lcudnn \
        -Wl,--disable-new-dtags -Wl,-rpath,"$SHIMS"
    chmod 755 "$BATS_TEST_TMPDIR" "$CUDNNV_ROOT" "$CUDNNV_ROOT/shims" "$SHIMS"
    cd "$BATS_TEST_TMPDIR/A"
    run "$host"
    [ "${lines[0]}" = 8004 ]
    chmod 4755 "$host"
    # as nobody: CUDNNV_VERSION is not what chooses, and the store is nobody's own
    # (/nonexistent/.cudnnv), where 8.0.4 is not installed
    CUDNNV_VERSION=8.1.0 run -127 setpriv --reuid=65534 --regid=65534 --clear-groups "$host"
    [ "$output" = "cudnnv: version '8.0.4' is not installed (set by $PWD/.cudnn-version); run 'cudnnv install 8.0.4' or 'cudnnv versions' (libcudnn.so.8 needed it)" ]
    # a system store named by the environment (holding 8.0.4) is ignored too
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/evil-system" install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    CUDNNV_SYSTEM_ROOT="$BATS_TEST_TMPDIR/evil-system" run -127 setpriv --reuid=65534 --regid=65534 --clear-groups "$host"
    assert_output_has "version '8.0.4' is not installed"
}

@test "fork in one thread while another makes the first call: no child inherits the loader in mid-load" {
    shim_projects
    cd "$BATS_TEST_TMPDIR/B"
    failed=0
    for _ in $(seq 300); do
        result=$(LD_LIBRARY_PATH="$SHIMS" timeout 20 "$FIXTURES/bin/host_fork" libcudnn.so.8 20 | head -1)
        [ -n "$result" ]   # neither parent nor any child hung
        failed=$((failed + result))
    done
    echo "children that died or failed: $failed of 6000" >&2
    [ "$failed" -eq 0 ]
    LD_LIBRARY_PATH="$SHIMS" run "$FIXTURES/bin/host_fork" libcudnn.so.8 3
    [ "${lines[1]}" = 8100 ]
}
