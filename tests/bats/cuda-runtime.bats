#!/usr/bin/env bats
# The CUDA runtime a project's framework opens by itself: TensorFlow 2.4
# (cuDNN 8.0, CUDA 11.0: libcusolver.so.10) and 2.5 (cuDNN 8.1, CUDA 11.2:
# libcusolver.so.11) in two projects of one machine that has no CUDA 11 at
# all (/usr/local/cuda* hidden in a mount namespace). host_framework opens
# the seven libraries by soname as TensorFlow's loader does, then
# libcudnn.so.8, and prints which release answered and from which file.

load helpers

TF_LIBS="libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusparse.so.11"
TF24="$TF_LIBS libcusolver.so.10 libcudnn.so.8"
TF25="$TF_LIBS libcusolver.so.11 libcudnn.so.8"
RUNTIMES="$FIXTURES/cuda-runtime"

# no_cuda COMMAND: COMMAND (sh) in a mount namespace where every /usr/local/cuda* is an empty folder.
no_cuda() {
    unshare -m sh -c 'for dir in /usr/local/cuda*; do [ -d "$dir" ] && mount --bind "$(mktemp -d)" "$dir"; done; '"$1"
}

# both_hosts OUT: the 2.4 host in P24 and the 2.5 host in P25 at the same time through exec, with no CUDA on the
# machine (OUT/24, OUT/25); each got all seven libraries from its own project's runtime in the store.
both_hosts() {
    local out=$1 rt="$CUDNNV_ROOT/cuda/runtime"
    mkdir -p "$out"
    run no_cuda "
        (cd '$P24' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF24 > '$out/24' 2>&1) &
        (cd '$P25' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF25 > '$out/25' 2>&1) &
        wait"
    [ "$(grep -c " 11000 $rt/11.0/lib/" "$out/24")" -eq 7 ]
    [ "$(grep -c " 11020 $rt/11.2/lib/" "$out/25")" -eq 7 ]
}

# two_projects_with_runtimes: as tf_projects, each with its runtime brought from the fixture folders.
two_projects_with_runtimes() {
    tf_projects
    (cd "$P24" && cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64" 2>/dev/null)
    (cd "$P25" && cudnnv install --cuda-libs-from "$RUNTIMES/11.2/lib64" 2>/dev/null)
}

# tf_projects: p24 pinned for TensorFlow 2.4 and p25 for 2.5, their cuDNN sets installed, no runtime yet.
tf_projects() {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    P24="$BATS_TEST_TMPDIR/tf 2.4" P25="$BATS_TEST_TMPDIR/tf 2.5"
    mkdir -p "$P24" "$P25"
    (cd "$P24" && cudnnv use --for tensorflow==2.4 2>/dev/null)
    (cd "$P25" && cudnnv use --for tensorflow==2.5 2>/dev/null)
}

@test "use --for tensorflow==2.4 pins cuDNN and the CUDA runtime before anything is installed; --cuda-runtime sets it by hand" {
    run cudnnv use --for tensorflow==2.4
    assert_status 0
    assert_output_has "none is installed: pinning 8.0, which 'cudnnv install' here brings"
    assert_output_has "pinning the CUDA 11.0 runtime tensorflow 2.4.0 opens by itself (7 libraries)"
    [ "$(cat .cudnn-version)" = "$(printf '8.0\ncuda 11.0')" ]
    run cudnnv use
    assert_output_has "cuda 11.0"
    # what a bare install would bring, nothing fetched or changed
    run cudnnv install --dry-run
    assert_status 0
    assert_output_has "8.0 (pinned in $PWD/.cudnn-version): not installed; it would be"
    assert_output_has "  sha256  "
    assert_output_has "CUDA 11.0 runtime (pinned in $PWD/.cudnn-version): not installed; 'cudnnv install' brings it from https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64/"
    [ ! -e "$CUDNNV_ROOT/versions" ] || [ -z "$(ls "$CUDNNV_ROOT/versions")" ]
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    run cudnnv version
    assert_output_has "8.0.4.30 (set by $PWD/.cudnn-version)"
    assert_output_has "CUDA runtime 11.0 (set by $PWD/.cudnn-version): not installed; run 'cudnnv install' there"
    # re-pinning cuDNN keeps the runtime; --cuda-runtime alone changes only that line
    cudnnv use 8.0.4 2>/dev/null
    [ "$(cat .cudnn-version)" = "$(printf '8.0.4\ncuda 11.0')" ]
    cudnnv use --cuda-runtime 11.2 2>/dev/null
    [ "$(cat .cudnn-version)" = "$(printf '8.0.4\ncuda 11.2')" ]
    cudnnv use --cuda-runtime none 2>/dev/null
    [ "$(cat .cudnn-version)" = 8.0.4 ]
    run cudnnv use --cuda-runtime '11.0;x'
    assert_status 2
    # every TensorFlow from 2.4 on: the CUDA its build names, when the data knows what it opens of it
    local tf here=$PWD
    for tf in 2.12:11.8 2.15:12.2 2.17:12.3 2.21:12.5; do
        mkdir -p "$BATS_TEST_TMPDIR/tf-${tf%%:*}"
        cd "$BATS_TEST_TMPDIR/tf-${tf%%:*}"
        run cudnnv use --for "tensorflow==${tf%%:*}"
        assert_output_has "pinning the CUDA ${tf##*:} runtime tensorflow ${tf%%:*}"
        assert_output_has "opens by itself (7 libraries)"
        grep -qx "cuda ${tf##*:}" .cudnn-version
    done
    cd "$here"
    # the program is not started where the pinned runtime is missing, and says the fix
    cudnnv use --cuda-runtime 11.0 2>/dev/null
    run cudnnv exec true
    assert_status 1
    assert_output_has "the CUDA 11.0 runtime pinned in $PWD/.cudnn-version is not installed; run 'cudnnv install' there"
    # a 'cuda' line is never a name for the shim; a bad one is named
    cudnnv rehash 2>/dev/null
    [ "$(host_in_project | head -1)" = 8004 ]
    printf '8.0.4\ncuda 11.x\n' > .cudnn-version
    run cudnnv version
    assert_output_has "'cuda 11.x' in $PWD/.cudnn-version is not a CUDA release"
}

host_in_project() {
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" timeout 10 "$FIXTURES/bin/host_dlopen"
}

@test "install --cuda-libs-from a folder brings the pinned runtime into the store: libraries only, of that release" {
    tf_projects
    cd "$P24"
    # a folder of another release is refused, nothing kept
    run cudnnv install --cuda-libs-from "$RUNTIMES/11.2/lib64"
    assert_status 1
    assert_output_has "holds the CUDA 11.2 runtime, not the CUDA 11.0 one the project pins; nothing was brought"
    assert_no_runtime 11.0
    # with no folder and no channel, NVIDIA's apt repository ([catalog] cuda_apt); where it cannot be had, the ways
    printf '[catalog]\ncuda_apt = file://%s/nowhere\n' "$BATS_TEST_TMPDIR" >> "$CUDNNV_ROOT/config"
    run cudnnv install
    assert_status 1
    assert_output_has "file://$BATS_TEST_TMPDIR/nowhere/Packages"
    assert_output_has "the CUDA 11.0 runtime cannot be brought from there (another repository: [catalog] cuda_apt in config; offline: 'cudnnv install --cuda-libs-from DIR' or [download] mirrors)"
    run cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64"
    assert_status 0
    assert_output_has "8.0 (pinned in $P24/.cudnn-version): installed as 8.0.4.30"
    assert_output_has "brought the CUDA 11.0 runtime"
    local lib="$CUDNNV_ROOT/cuda/runtime/11.0/lib"
    [ "$(readlink "$lib/libcusolver.so.10")" = libcusolver.so.10.6.0.245 ]
    [ -f "$lib/libcudart.so.11.0.221" ]
    # never a cuDNN beside the runtime (the shims stay the only one found by name), nothing but libraries
    [ ! -e "$lib/libcudnn.so.8" ]
    [ ! -e "$lib/version.txt" ]
    run cudnnv version
    assert_output_has "CUDA runtime 11.0: $lib (set by $P24/.cudnn-version)"
    run cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64"
    assert_output_has "CUDA 11.0 runtime (pinned in $P24/.cudnn-version): installed in $lib"
}

@test "TensorFlow 2.4 and 2.5 at the same time through exec, on a machine with no CUDA 11: each project its own runtime" {
    two_projects_with_runtimes
    local out="$BATS_TEST_TMPDIR/out"
    mkdir -p "$out"
    run no_cuda "
        (cd '$P24' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF24 > '$out/24' 2>&1) &
        (cd '$P25' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF25 > '$out/25' 2>&1) &
        (cd '$P25' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' libcusolver.so.10 > '$out/25-old' 2>&1) &
        (cd '$BATS_TEST_TMPDIR' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF24 > '$out/none' 2>&1) &
        wait"
    local rt="$CUDNNV_ROOT/cuda/runtime"
    expect_line "$out/24" "libcusolver.so.10 11000 $rt/11.0/lib/libcusolver.so.10"
    expect_line "$out/24" "libcudart.so.11.0 11000 $rt/11.0/lib/libcudart.so.11.0"
    expect_line "$out/24" "libcudnn.so.8 8004 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    [ "$(grep -c " 11000 $rt/11.0/lib/" "$out/24")" -eq 7 ]
    expect_line "$out/25" "libcusolver.so.11 11020 $rt/11.2/lib/libcusolver.so.11"
    expect_line "$out/25" "libcudnn.so.8 8100 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    [ "$(grep -c " 11020 $rt/11.2/lib/" "$out/25")" -eq 7 ]
    # in the 2.5 project, 2.4's cuSOLVER is not found; outside both, neither runtime is
    expect_line "$out/25-old" "Could not load dynamic library 'libcusolver.so.10'; dlerror: libcusolver.so.10: cannot open shared object file: No such file or directory"
    [ "$(grep -c "^Could not load dynamic library" "$out/none")" -eq 7 ]
    # env says the same for a service or an IDE
    run cudnnv env --format dotenv
    assert_status 0
    refute_output_has "cuda/runtime"
    cd "$P24"
    run cudnnv env --format dotenv
    assert_output_has "LD_LIBRARY_PATH=$CUDNNV_ROOT/shims/lib:$rt/11.0/lib"
    # an image built from this project: its store's runtime, at the image's paths
    run cudnnv env --format dockerfile
    assert_output_has 'ENV LD_LIBRARY_PATH="/opt/cudnnv/shims/lib:/opt/cudnnv/cuda/runtime/11.0/lib"'
}

# in_shell NAME SHELL_COMMAND INIT_LINE: an interactive shell under tmux, started where no CUDA is visible,
# goes into the 2.4 project, the 2.5 project and out, starting the TensorFlow-like host in each.
in_shell() {
    local name=$1 shell_command=$2 init_line=$3 socket="cudnnv-rt-$$-$RANDOM" out="$BATS_TEST_TMPDIR/out"
    local host="$FIXTURES/bin/host_framework"
    no_cuda "tmux -L '$socket' new-session -d -s test -x 250 -y 50 env -i HOME='$HOME' PATH='$PATH' TERM=xterm \
        CUDNNV_ROOT='$CUDNNV_ROOT' $shell_command"
    local lines=(
        "$init_line"
        "cd '$P24'"
        "'$host' $TF24 > '$out/$name-24' 2>&1"
        "cd '$P25'"
        "'$host' $TF25 > '$out/$name-25' 2>&1"
        "'$host' libcusolver.so.10 > '$out/$name-25-old' 2>&1"
        "cd '$BATS_TEST_TMPDIR'"
        "'$host' $TF24 > '$out/$name-none' 2>&1"
        "touch '$out/$name-done'"
    )
    type_lines "$socket" "$out/$name-done" "$out/$name-screen" "${lines[@]}"
}

@test "the hook in bash, zsh and fish: each project's runtime on cd, none outside" {
    two_projects_with_runtimes
    mkdir -p "$BATS_TEST_TMPDIR/out"
    in_shell bash "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\""
    in_shell zsh "zsh -f -i" "eval \"\$($CUDNNV init zsh)\""
    in_shell fish "fish --no-config -i" "$CUDNNV init fish | source"
    local rt="$CUDNNV_ROOT/cuda/runtime" out="$BATS_TEST_TMPDIR/out" shell
    for shell in bash zsh fish; do
        expect_line "$out/$shell-24" "libcusolver.so.10 11000 $rt/11.0/lib/libcusolver.so.10"
        [ "$(grep -c " 11000 $rt/11.0/lib/" "$out/$shell-24")" -eq 7 ]
        expect_line "$out/$shell-24" "libcudnn.so.8 8004 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
        expect_line "$out/$shell-25" "libcusolver.so.11 11020 $rt/11.2/lib/libcusolver.so.11"
        [ "$(grep -c " 11020 $rt/11.2/lib/" "$out/$shell-25")" -eq 7 ]
        expect_line "$out/$shell-25" "libcudnn.so.8 8100 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
        grep -q "^Could not load dynamic library 'libcusolver.so.10'" "$out/$shell-25-old"
        [ "$(grep -c "^Could not load dynamic library" "$out/$shell-none")" -eq 7 ]
    done
}

# local_channel [no-toolkit]: a conda channel in $CHANNEL (file://) with cudnn 8.0.4.30 and 8.1.0.77 and, unless
# told not to, cudatoolkit 11.0.3 (.tar.bz2) and 11.2.2 (.conda), each listed with its SHA-256.
local_channel() {
    CHANNEL="$BATS_TEST_TMPDIR/channel"
    local dir="$CHANNEL/linux-64" toolkits="" conda=""
    mkdir -p "$dir"
    conda_package_of "$dir/cudnn-8.0.4.30-h1_0.tar.bz2" cudnn 8.0.4.30 "tree:lib=$SETS/8.0.4/lib" "tree:include=$SETS/8.0.4/include"
    conda_package_of "$dir/cudnn-8.1.0.77-h1_0.tar.bz2" cudnn 8.1.0.77 "tree:lib=$SETS/8.1.0/lib" "tree:include=$SETS/8.1.0/include"
    if [ "${1:-}" != no-toolkit ]; then
        conda_package_of "$dir/cudatoolkit-11.0.3-h1_0.tar.bz2" cudatoolkit 11.0.3 "tree:lib=$RUNTIMES/11.0/lib64"
        conda_package_of "$dir/cudatoolkit-11.2.2-h1_0.conda" cudatoolkit 11.2.2 "tree:lib=$RUNTIMES/11.2/lib64"
        toolkits="\"cudatoolkit-11.0.3-h1_0.tar.bz2\": {\"name\": \"cudatoolkit\", \"version\": \"11.0.3\", \"depends\": [], \"sha256\": \"$(sum "$dir/cudatoolkit-11.0.3-h1_0.tar.bz2")\"},"
        conda="\"cudatoolkit-11.2.2-h1_0.conda\": {\"name\": \"cudatoolkit\", \"version\": \"11.2.2\", \"depends\": [], \"sha256\": \"$(sum "$dir/cudatoolkit-11.2.2-h1_0.conda")\"}"
    fi
    cat > "$dir/repodata.json" <<JSON
{"info": {"subdir": "linux-64"},
 "packages": {$toolkits
  "cudnn-8.0.4.30-h1_0.tar.bz2": {"name": "cudnn", "version": "8.0.4.30", "depends": ["cudatoolkit 11.0.*"], "sha256": "$(sum "$dir/cudnn-8.0.4.30-h1_0.tar.bz2")"},
  "cudnn-8.1.0.77-h1_0.tar.bz2": {"name": "cudnn", "version": "8.1.0.77", "depends": ["cudatoolkit >=11.2"], "sha256": "$(sum "$dir/cudnn-8.1.0.77-h1_0.tar.bz2")"}},
 "packages.conda": {$conda}}
JSON
}

@test "install --channel with no SOURCE brings each project's cuDNN and its cudatoolkit from a conda channel (.tar.bz2 and .conda), sums checked" {
    local_channel
    local dir="$CHANNEL/linux-64" channel="$CHANNEL"
    P24="$BATS_TEST_TMPDIR/tf 2.4" P25="$BATS_TEST_TMPDIR/tf 2.5"
    mkdir -p "$P24" "$P25"
    (cd "$P24" && cudnnv use --for tensorflow==2.4 2>/dev/null)
    (cd "$P25" && cudnnv use --for tensorflow==2.5 2>/dev/null)
    cd "$P24"
    run cudnnv install --channel "file://$channel"
    assert_status 0
    assert_output_has "installed 8.0.4.30"
    assert_output_has "CUDA 11.0 runtime: cudatoolkit 11.0.3 from the channel file://$channel"
    assert_output_has "CUDA 11.0 runtime: cudatoolkit-11.0.3-h1_0.tar.bz2 from file://$channel/linux-64/cudatoolkit-11.0.3-h1_0.tar.bz2"
    grep -qx "1.sha256 = $(sum "$dir/cudatoolkit-11.0.3-h1_0.tar.bz2")" "$CUDNNV_ROOT/cuda/runtime/11.0/cudnnv.ini"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcudnn.so.8" ]
    cd "$P25"
    # a package whose bytes are not the ones repodata names is refused, nothing kept
    cp "$dir/cudatoolkit-11.2.2-h1_0.conda" "$BATS_TEST_TMPDIR/good.conda"
    printf 'x' >> "$dir/cudatoolkit-11.2.2-h1_0.conda"
    run cudnnv install --channel "file://$channel"
    assert_status 1
    assert_output_has "but the channel's repodata.json says"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.2" ]
    cp "$BATS_TEST_TMPDIR/good.conda" "$dir/cudatoolkit-11.2.2-h1_0.conda"
    run cudnnv install --channel "file://$channel"
    assert_status 0
    assert_output_has "CUDA 11.2 runtime: cudatoolkit-11.2.2-h1_0.conda from file://$channel/linux-64/cudatoolkit-11.2.2-h1_0.conda"
    local out="$BATS_TEST_TMPDIR/out" rt="$CUDNNV_ROOT/cuda/runtime"
    both_hosts "$out"
    expect_line "$out/24" "libcudnn.so.8 8004 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    expect_line "$out/25" "libcudnn.so.8 8100 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
}

@test "a bare install brings the pinned CUDA runtime from NVIDIA's apt repository (.debs read with libarchive, sums checked); lock and install --locked bring the same on another store" {
    local_channel no-toolkit
    apt_repo
    P24="$BATS_TEST_TMPDIR/tf 2.4" P25="$BATS_TEST_TMPDIR/tf 2.5"
    mkdir -p "$P24" "$P25"
    (cd "$P24" && cudnnv use --for tensorflow==2.4 2>/dev/null && cudnnv install --channel "file://$CHANNEL" 8.0.4.30 2>/dev/null)
    (cd "$P25" && cudnnv use --for tensorflow==2.5 2>/dev/null && cudnnv install --channel "file://$CHANNEL" 8.1.0.77 2>/dev/null)
    cd "$P24"
    run cudnnv install
    assert_status 0
    assert_output_has "CUDA 11.0 runtime: 6 packages from the apt repository file://${REPO// /%20}"
    assert_output_has "CUDA 11.0 runtime: libcusolver-11-0_1-1_amd64.deb from file://${REPO// /%20}/libcusolver-11-0_1-1_amd64.deb"
    refute_output_has "escape"
    refute_output_has "10.9."
    local rt="$CUDNNV_ROOT/cuda/runtime"
    [ "$(readlink "$rt/11.0/lib/libcusolver.so.10")" = libcusolver.so.10.6.0.245 ]
    [ "$(grep -c '^[1-6]\.sha256 = ' "$rt/11.0/cudnnv.ini")" -eq 6 ]
    grep -qx "6.sha256 = $(sum "$REPO/libcusparse-11-0_1-1_amd64.deb")" "$rt/11.0/cudnnv.ini"
    # a .deb whose bytes are not the ones the index names is refused, nothing kept
    cd "$P25"
    cp "$REPO/libcusolver-11-2_1-1_amd64.deb" "$BATS_TEST_TMPDIR/good.deb"
    printf 'x' | dd of="$REPO/libcusolver-11-2_1-1_amd64.deb" bs=1 seek=200 conv=notrunc 2>/dev/null
    run cudnnv install
    assert_status 1
    assert_output_has "but the apt repository's Packages says"
    assert_no_runtime 11.2
    # one more byte than the index announces is refused before it is read whole
    cp "$BATS_TEST_TMPDIR/good.deb" "$REPO/libcusolver-11-2_1-1_amd64.deb"
    printf 'x' >> "$REPO/libcusolver-11-2_1-1_amd64.deb"
    run cudnnv install
    assert_status 1
    assert_output_has "more than the $(stat -c %s "$BATS_TEST_TMPDIR/good.deb") announced"
    [ ! -e "$rt/11.2" ]
    cp "$BATS_TEST_TMPDIR/good.deb" "$REPO/libcusolver-11-2_1-1_amd64.deb"
    run cudnnv install
    assert_status 0
    # both at once, with no CUDA on the machine
    local out="$BATS_TEST_TMPDIR/out"
    both_hosts "$out"
    # the lock names the runtime's packages; another store gets exactly those
    cd "$P24"
    run cudnnv lock
    assert_status 0
    assert_output_has "CUDA 11.0 runtime: 6 packages from file://${REPO// /%20}"
    grep -qx "\[runtime 11.0\]" cudnn.lock
    grep -qx "3.sha256 = $(sum "$REPO/libcufft-11-0_1-1_amd64.deb")" cudnn.lock
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/other store"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "brought the CUDA 11.0 runtime"
    rt="$CUDNNV_ROOT/cuda/runtime"
    run no_cuda "cd '$P24' && exec '$CUDNNV' exec '$FIXTURES/bin/host_framework' $TF24 > '$out/24-other' 2>&1"
    [ "$(grep -c " 11000 $rt/11.0/lib/" "$out/24-other")" -eq 7 ]
    expect_line "$out/24-other" "libcudnn.so.8 8004 $CUDNNV_ROOT/shims/lib/libcudnn.so.8"
    # cudnnv mirror keeps the lock's packages (the set's and the runtime's six), which serve a third store
    # once the apt repository and the channel are gone
    run cudnnv mirror "$BATS_TEST_TMPDIR/mirror"
    assert_status 0
    assert_output_has "7 archives copied, 0 already there; every one checked against its SHA-256"
    mv "$REPO" "$REPO.gone"
    mv "$CHANNEL" "$CHANNEL.gone"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/third store"
    mkdir -p "$CUDNNV_ROOT"
    printf '[download]\nmirrors = %s\n' "$BATS_TEST_TMPDIR/mirror" > "$CUDNNV_ROOT/config"
    run cudnnv install --locked
    assert_status 0
    assert_output_has "using $BATS_TEST_TMPDIR/mirror/libcusolver-11-0_1-1_amd64.deb"
    assert_output_has "brought the CUDA 11.0 runtime"
    [ "$(readlink "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcusolver.so.10")" = libcusolver.so.10.6.0.245 ]
    # a lock whose runtime is not the pinned one is refused and named
    sed -i 's/^cuda 11.0$/cuda 11.2/' .cudnn-version
    run cudnnv install --locked
    assert_status 1
    assert_output_has "names the CUDA 11.0 runtime but $P24/.cudnn-version pins 11.2; run 'cudnnv lock' again"
}

@test "versions lists the runtimes, verify checks them, uninstall --cuda-runtime keeps one a project pins" {
    two_projects_with_runtimes
    cd "$P24"
    run cudnnv versions
    assert_output_has "* cuda 11.0 (a CUDA runtime; pinned by $P24/.cudnn-version)"
    assert_output_has "  cuda 11.2 (a CUDA runtime)"
    run cudnnv versions --bare
    assert_status 0
    refute_output_has "cuda"
    run cudnnv verify
    assert_status 0
    assert_output_has "cuda 11.0: ok (a CUDA runtime: 15 files; 0 missing, 0 changed, 0 extra)"
    printf 'x' >> "$CUDNNV_ROOT/cuda/runtime/11.2/lib/libcusolver.so.11.0.1.105"
    run cudnnv verify
    assert_status 1
    assert_output_has "cuda 11.2: CHANGED (a CUDA runtime: 15 files; 0 missing, 1 changed, 0 extra)"
    assert_output_has "'cudnnv uninstall --cuda-runtime --force 11.2'"
    # pinned here, and pinned by the other project: kept, with who pins it named
    run cudnnv uninstall --cuda-runtime 11.0 < /dev/null
    assert_status 1
    assert_output_has "'11.0' is in use here (pinned by $P24/.cudnn-version)"
    cd "$BATS_TEST_TMPDIR"
    run cudnnv uninstall --cuda-runtime 11.2 < /dev/null
    assert_status 1
    assert_output_has "'11.2' is in use elsewhere (pinned by $P25/.cudnn-version)"
    [ -d "$CUDNNV_ROOT/cuda/runtime/11.2/lib" ]
    run cudnnv uninstall --cuda-runtime 12.0
    assert_status 1
    assert_output_has "no CUDA 12.0 runtime is installed"
    run cudnnv uninstall --cuda-runtime --force 11.2
    assert_status 0
    assert_output_has "removed the CUDA 11.2 runtime"
    assert_no_runtime 11.2
    cd "$P25"
    run cudnnv exec true
    assert_status 1
    assert_output_has "the CUDA 11.2 runtime pinned in $P25/.cudnn-version is not installed"
}

@test "ps names the CUDA runtime folder each running framework got its libraries from" {
    two_projects_with_runtimes
    local hold="$BATS_TEST_TMPDIR/release" pids=()
    (cd "$P24" && HOST_HOLD_FILE="$hold" exec "$CUDNNV" exec "$FIXTURES/bin/host_framework" $TF24 > "$BATS_TEST_TMPDIR/24" 2>&1) &
    pids+=($!)
    (cd "$P25" && HOST_HOLD_FILE="$hold" exec "$CUDNNV" exec "$FIXTURES/bin/host_framework" $TF25 > "$BATS_TEST_TMPDIR/25" 2>&1) &
    pids+=($!)
    for _ in $(seq 100); do
        [ "$(grep -c libcudnn "$BATS_TEST_TMPDIR/24" "$BATS_TEST_TMPDIR/25" | grep -c ':1$')" -eq 2 ] && break
        sleep 0.1
    done
    local listing
    listing=$(cudnnv ps --json 2>/dev/null)
    touch "$hold"
    wait "${pids[@]}"
    python3 - "$listing" "$CUDNNV_ROOT/cuda/runtime" <<'PY'
import json, sys
rows = json.loads(sys.argv[1])
runtimes = sorted(row["cuda_runtime"] for row in rows if "host_framework" in row["command"])
assert runtimes == [sys.argv[2] + "/11.0/lib", sys.argv[2] + "/11.2/lib"], runtimes
PY
}

@test "the README's TF 2.4 and 2.5 projects: each pinned runtime chooses its cuDNN build (CUDA 11.0, CUDA 11.2), --cuda another" {
    P24="$BATS_TEST_TMPDIR/tf 2.4" P25="$BATS_TEST_TMPDIR/tf 2.5"
    mkdir -p "$P24" "$P25"
    cd "$P24"
    cudnnv use --for tensorflow==2.4 2>/dev/null
    run cudnnv install --dry-run
    assert_status 0
    assert_output_has "cuDNN 8.0.5.39 for CUDA 11.0: cudnn-11.0-linux-x64-v8.0.5.39.tgz"
    assert_output_has "(the build for CUDA 11.0 on linux-x86_64: the CUDA runtime the project pins; --cuda chooses another)"
    refute_output_has "for CUDA 11.1"
    run cudnnv install --dry-run --cuda 11.1
    assert_output_has "cuDNN 8.0.5.39 for CUDA 11.1"
    cd "$P25"
    cudnnv use --for tensorflow==2.5 2>/dev/null
    run cudnnv install --dry-run
    assert_status 0
    assert_output_has "cuDNN 8.1.1.33 for CUDA 11.2: cudnn-11.2-linux-x64-v8.1.1.33.tgz"
    # a pin no release has a build for chooses as before, and says so
    printf '8.0\ncuda 11.7\n' > .cudnn-version
    run cudnnv install --dry-run
    assert_output_has "no 8.0 release in the catalog has a linux-x86_64 build for CUDA 11.7, the runtime the project pins: choosing as without it"
}
