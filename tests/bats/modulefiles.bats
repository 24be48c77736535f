#!/usr/bin/env bats
# cudnnv modulefiles: module files for clusters, loaded, switched and
# unloaded by the real module systems: Debian's Lmod, and Environment
# Modules 5 (Debian's package unpacked: it cannot be installed beside Lmod).

load helpers

ENVMOD="$(dirname "$CUDNNV")/../envmod/usr/lib/x86_64-linux-gnu/modulecmd.tcl"

# in_module_shell INIT SCRIPT: runs SCRIPT in a clean bash with the module
# system set up by INIT, in the project pinned to 8.1.
in_module_shell() {
    env -i HOME="$HOME" PATH=/usr/bin:/bin CUDNNV_ROOT="$CUDNNV_ROOT" HOST="${MODULE_HOST:-$FIXTURES/bin/host_rpath}" \
        MODULES="$BATS_TEST_TMPDIR/modules" bash --norc -c "$1
        cd '$BATS_TEST_TMPDIR/project'
        $2"
}

MODULE_SCRIPT='
module use "$MODULES"
echo "before $("$HOST" | head -1)"
module load cudnn/8.0.4.30
echo "loaded $("$HOST" | head -1) $CUDNNV_VERSION $CUDNN_HOME"
module switch cudnn/8.0.4.30 cudnn/8.1.0.77
echo "switched $("$HOST" | head -1) $CUDNNV_VERSION"
module unload cudnn
echo "unloaded ${LD_PRELOAD-unset} ${LD_LIBRARY_PATH-unset} ${CUDNNV_VERSION-unset} ${CUDNN_HOME-unset}"'

setup_modules() {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv use 8.1 2>/dev/null
}

check_module_run() {
    assert_status 0
    # the host's RPATH leads to 8.1.1; the project pins 8.1 (8.1.0.77)
    assert_output_has "before 8101"
    # a loaded module beats the project's pin, through the preloaded shim
    assert_output_has "loaded 8004 8.0.4.30 $CUDNNV_ROOT/versions/8.0.4.30"
    assert_output_has "switched 8100 8.1.0.77"
    assert_output_has "unloaded unset unset unset unset"
}

@test "Lmod: module load cudnn/8.0.4.30 beats a project pin; switch gives 8100; unload restores" {
    [ -f /usr/share/lmod/lmod/init/bash ] || skip "Debian's lmod is not installed (make check installs it)"
    setup_modules
    run cudnnv modulefiles "$BATS_TEST_TMPDIR/modules"
    assert_status 0
    grep -q '^family("cudnn")$' "$BATS_TEST_TMPDIR/modules/cudnn/8.1.0.77.lua"
    run in_module_shell "source /usr/share/lmod/lmod/init/bash" "$MODULE_SCRIPT"
    check_module_run
}

@test "Environment Modules (Tcl): the same with --tcl" {
    [ -f "$ENVMOD" ] || skip "Environment Modules is not unpacked in the build folder (make check does it)"
    setup_modules
    run cudnnv modulefiles --tcl "$BATS_TEST_TMPDIR/modules"
    assert_status 0
    head -1 "$BATS_TEST_TMPDIR/modules/cudnn/8.0.4.30" | grep -qx '#%Module1.0'
    run in_module_shell "module() { eval \"\$(tclsh '$ENVMOD' bash \"\$@\")\"; }" "$MODULE_SCRIPT"
    check_module_run
}

@test "modulefiles refuses a store path a module file cannot quote, and bad usage" {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/odd{store}"
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv modulefiles "$BATS_TEST_TMPDIR/modules"
    assert_status 1
    assert_output_has "holds a quote, brace, backslash"
    run cudnnv modulefiles
    assert_status 2
}

@test "Lmod with a store whose path has a space: the shim is preloaded by name (as hook-env does), so no program sees a split path" {
    [ -f /usr/share/lmod/lmod/init/bash ] || skip "Debian's lmod is not installed (make check installs it)"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/my store"
    setup_modules
    run cudnnv modulefiles "$BATS_TEST_TMPDIR/modules"
    assert_status 0
    grep -qx 'prepend_path("LD_PRELOAD", "libcudnn.so.8")' "$BATS_TEST_TMPDIR/modules/cudnn/8.0.4.30.lua"
    # a program that loads cuDNN by name, as TensorFlow does (an RPATH to another cuDNN would beat a preload by name)
    MODULE_HOST="$FIXTURES/bin/host_dlopen" run in_module_shell "source /usr/share/lmod/lmod/init/bash" "$MODULE_SCRIPT"
    assert_status 0
    assert_output_has "loaded 8004 8.0.4.30 $CUDNNV_ROOT/versions/8.0.4.30"
    assert_output_has "switched 8100 8.1.0.77"
    refute_output_has "ld.so"
    refute_output_has "cannot be preloaded"
}

@test "modulefiles never writes through a link planted where it writes" {
    setup_modules
    mkdir -p "$BATS_TEST_TMPDIR/modules/cudnn"
    echo precious > "$BATS_TEST_TMPDIR/precious"
    chmod 600 "$BATS_TEST_TMPDIR/precious"
    ln -s "$BATS_TEST_TMPDIR/precious" "$BATS_TEST_TMPDIR/modules/cudnn/8.0.4.30.lua.tmp"
    ln -s "$BATS_TEST_TMPDIR/precious" "$BATS_TEST_TMPDIR/modules/cudnn/8.1.0.77.lua"
    run cudnnv modulefiles "$BATS_TEST_TMPDIR/modules"
    assert_status 0
    [ "$(cat "$BATS_TEST_TMPDIR/precious")" = precious ]
    [ ! -L "$BATS_TEST_TMPDIR/modules/cudnn/8.1.0.77.lua" ]
    grep -q 'family("cudnn")' "$BATS_TEST_TMPDIR/modules/cudnn/8.1.0.77.lua"
}

# cuda_modules DIR lua|tcl: a cuda family beside the cudnn modules: 11.0, 11.8 and 12.2.
cuda_modules() {
    mkdir -p "$1/cuda"
    for version in 11.0 11.8 12.2; do
        if [ "$2" = lua ]; then
            printf 'family("cuda")\nsetenv("CUDA_HOME", "/opt/cuda-%s")\n' "$version" > "$1/cuda/$version.lua"
        else
            printf '#%%Module1.0\nconflict cuda\nsetenv CUDA_HOME /opt/cuda-%s\n' "$version" > "$1/cuda/$version"
        fi
    done
}

CUDA_SCRIPT='
module use "$MODULES"
module load cudnn/8.1.0.77
echo "with ${LOADEDMODULES-none} ${CUDA_HOME-unset}"
module unload cudnn
echo "after ${LOADEDMODULES:-none} ${CUDA_HOME-unset}"
module load cuda/12.2
module load cudnn/8.1.0.77 2>&1
echo "beside ${LOADEDMODULES:-none}"'

check_cuda_run() {
    # the set is built for CUDA 11.2: the newest CUDA 11 module comes with it, and goes with it
    assert_output_has "with cuda/11.8:cudnn/8.1.0.77 /opt/cuda-11.8"
    assert_output_has "after none unset"
    # beside CUDA 12 it refuses, naming both (Lmod folds its lines)
    assert_output_has "cudnn/8.1.0.77 is built for CUDA 11, but cuda/12.2 is loaded" "$(tr -s ' \n' '  ' <<< "$output")"
    assert_output_has "beside cuda/12.2"
}

@test "Lmod: a set built for CUDA 11 loads the newest cuda/11 module with it, and refuses beside cuda/12" {
    [ -f /usr/share/lmod/lmod/init/bash ] || skip "Debian's lmod is not installed (make check installs it)"
    setup_modules
    cudnnv modulefiles "$BATS_TEST_TMPDIR/modules" 2>/dev/null
    cuda_modules "$BATS_TEST_TMPDIR/modules" lua
    run in_module_shell "source /usr/share/lmod/lmod/init/bash" "$CUDA_SCRIPT"
    check_cuda_run
}

@test "Environment Modules (Tcl): the same CUDA coupling" {
    [ -f "$ENVMOD" ] || skip "Environment Modules is not unpacked in the build folder (make check does it)"
    setup_modules
    cudnnv modulefiles --tcl "$BATS_TEST_TMPDIR/modules" 2>/dev/null
    cuda_modules "$BATS_TEST_TMPDIR/modules" tcl
    run in_module_shell "module() { eval \"\$(tclsh '$ENVMOD' bash \"\$@\")\"; }" "$CUDA_SCRIPT"
    check_cuda_run
}
