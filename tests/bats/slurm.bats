#!/usr/bin/env bats
# cudnnv's Slurm plugin under Debian's real Slurm on this host: munge,
# slurmctld and slurmd started for this file in a folder of their own (their
# configuration names the plugin through PlugStackConfig there, so no file
# of the host's Slurm is touched) and stopped after it. A system store with
# 8.0.4 and 8.1.0 serves a project pinned to 8.1.

load helpers

SLURM_DAEMONS="munged slurmctld slurmd"

# srun without its informational lines ("job N queued and waiting for resources", "Step created", printed when
# the one node is busy, as under a parallel make check): the tests read the task's own lines. Errors, the
# plugin's among them (slurm_error), still show.
srun() {
    command srun --quiet "$@"
}

setup_file() {
    [ "$(id -u)" = 0 ] || return 0   # the tests say why they skip
    command -v slurmctld >/dev/null || return 0
    export SLURM_TOP="$BATS_FILE_TMPDIR/slurm" SLURM_CONF="$BATS_FILE_TMPDIR/slurm/slurm.conf"
    local top=$SLURM_TOP node
    node=$(hostname)
    mkdir -p "$top/spool" "$top/state" "$top/log"
    chmod 755 "$BATS_FILE_TMPDIR" "$top"
    head -c 1024 /dev/urandom > "$top/munge.key"
    chmod 600 "$top/munge.key"
    munged -f -S "$top/munge.socket" --key-file="$top/munge.key" --log-file="$top/log/munged.log" \
        --pid-file="$top/munged.pid" --seed-file="$top/munged.seed"
    # addresses given, so that a host whose name does not resolve (a fresh root, a container) still runs them
    cat > "$SLURM_CONF" <<CONF
ClusterName=cudnnvtest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$top/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
ReturnToService=2
SlurmctldPort=46917
SlurmdPort=46918
SlurmdSpoolDir=$top/spool
StateSaveLocation=$top/state
SlurmctldPidFile=$top/slurmctld.pid
SlurmdPidFile=$top/slurmd.pid
SlurmctldLogFile=$top/log/slurmctld.log
SlurmdLogFile=$top/log/slurmd.log
PlugStackConfig=$top/plugstack.conf
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
    echo "required $(dirname "$CUDNNV")/../lib/cudnnv/cudnnv_spank.so system_root=$top/system" > "$top/plugstack.conf"
    # the system store: root's, as an administrator makes it
    local archives="$FIXTURES/archives"
    CUDNNV_ROOT="$top/system" "$CUDNNV" install "$archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" >/dev/null 2>&1
    CUDNNV_ROOT="$top/system" "$CUDNNV" install "$archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
    CUDNNV_ROOT="$top/system" "$CUDNNV" rehash >/dev/null 2>&1
    slurmctld
    slurmd
    for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -qx idle && break; sleep 0.2; done
    sinfo -h -o %t 2>/dev/null | grep -qx idle || echo "Slurm did not start: see $top/log" > "$top/failed"
}

teardown_file() {
    [ -n "${SLURM_TOP:-}" ] || return 0
    scontrol shutdown >/dev/null 2>&1 || true
    local pid
    for daemon in slurmctld slurmd munged; do
        pid=$(cat "$SLURM_TOP/$daemon.pid" 2>/dev/null) || continue
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
}

setup() {
    [ "$(id -u)" = 0 ] || skip "needs root to run slurmctld, slurmd and munged"
    command -v slurmctld >/dev/null || skip "Slurm is not installed (make check installs slurm-wlm)"
    [ -f "$(dirname "$CUDNNV")/../lib/cudnnv/cudnnv_spank.so" ] || skip "the plugin is not built: libslurm-dev is missing"
    # the premise, once: a Slurm that did not start fails each test at once, with its logs, not after retries
    if [ -f "$SLURM_TOP/failed" ]; then cat "$SLURM_TOP/failed" "$SLURM_TOP"/log/*.log >&2; false; fi
    # a user with no store of their own: the system store serves the project
    unset CUDNNV_ROOT CUDNNV_VERSION
    export HOME="$BATS_TEST_TMPDIR/home"
    PROJECT="$BATS_TEST_TMPDIR/project"
    mkdir -p "$PROJECT"
    echo 8.1 > "$PROJECT/.cudnn-version"
    cd "$PROJECT"
}

@test "srun --cudnn=8.0 in a project pinned to 8.1 gets 8004; plain srun gets the pin, 8100" {
    run srun --cudnn=8.0 "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    assert_output_has "map $SLURM_TOP/system/versions/8.0.4.30/lib/libcudnn.so.8.0.4"
    run srun "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8100 ]
    assert_output_has "map $SLURM_TOP/system/versions/8.1.0.77/lib/libcudnn.so.8.1.0"
}

@test "TensorFlow 2.4 and 2.5 as two job steps at once: each task gets its project's CUDA runtime after the shims, none outside" {
    local system="$SLURM_TOP/system" runtimes="$FIXTURES/cuda-runtime" out="$BATS_TEST_TMPDIR/out"
    local tf="libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusparse.so.11"
    mkdir -p "$BATS_TEST_TMPDIR/tf24" "$BATS_TEST_TMPDIR/tf25" "$out"
    printf '8.0\ncuda 11.0\n' > "$BATS_TEST_TMPDIR/tf24/.cudnn-version"
    printf '8.1\ncuda 11.2\n' > "$BATS_TEST_TMPDIR/tf25/.cudnn-version"
    # a runtime the store lacks is said on the task's stderr; the task still starts
    cd "$BATS_TEST_TMPDIR/tf24"
    run srun printenv LD_LIBRARY_PATH
    assert_output_has "the CUDA 11.0 runtime pinned in $BATS_TEST_TMPDIR/tf24/.cudnn-version is not installed"
    # the administrator brings both into the system store
    (cd "$BATS_TEST_TMPDIR/tf24" && CUDNNV_ROOT="$system" "$CUDNNV" install --cuda-libs-from "$runtimes/11.0/lib64" >/dev/null 2>&1)
    (cd "$BATS_TEST_TMPDIR/tf25" && CUDNNV_ROOT="$system" "$CUDNNV" install --cuda-libs-from "$runtimes/11.2/lib64" >/dev/null 2>&1)
    (cd "$BATS_TEST_TMPDIR/tf24" && srun "$FIXTURES/bin/host_framework" $tf libcusolver.so.10 libcudnn.so.8 > "$out/24" 2>&1) &
    local first=$!
    (cd "$BATS_TEST_TMPDIR/tf25" && srun "$FIXTURES/bin/host_framework" $tf libcusolver.so.11 libcudnn.so.8 > "$out/25" 2>&1) &
    wait "$first" $!
    cat "$out/24" "$out/25"
    grep -qx "libcusolver.so.10 11000 $system/cuda/runtime/11.0/lib/libcusolver.so.10" "$out/24"
    [ "$(grep -c " 11000 $system/cuda/runtime/11.0/lib/" "$out/24")" -eq 7 ]
    grep -qx "libcudnn.so.8 8004 $system/shims/lib/libcudnn.so.8" "$out/24"
    grep -qx "libcusolver.so.11 11020 $system/cuda/runtime/11.2/lib/libcusolver.so.11" "$out/25"
    grep -qx "libcudnn.so.8 8100 $system/shims/lib/libcudnn.so.8" "$out/25"
    cd "$BATS_TEST_TMPDIR/tf24"
    run srun printenv LD_LIBRARY_PATH
    [ "$output" = "$system/shims/lib:$system/cuda/runtime/11.0/lib" ]
    cd "$PROJECT"
    run srun printenv LD_LIBRARY_PATH
    [ "$output" = "$system/shims/lib" ]
}

@test "a job step in a folder that pins cuDNN in asdf's .tool-versions or mise.toml gets that set" {
    mkdir -p "$BATS_TEST_TMPDIR/asdf" "$BATS_TEST_TMPDIR/mise"
    printf 'python 3.11\ncudnn 8.0\n' > "$BATS_TEST_TMPDIR/asdf/.tool-versions"
    printf '[tools]\ncudnn = "8.0"\n' > "$BATS_TEST_TMPDIR/mise/mise.toml"
    cd "$BATS_TEST_TMPDIR/asdf"
    run srun "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    cd "$BATS_TEST_TMPDIR/mise"
    run srun "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8004 ]
}

@test "sbatch --cudnn=8.0 --wrap runs the batch job's program with 8.0" {
    run sbatch --wait --cudnn=8.0 -o "$BATS_TEST_TMPDIR/job.out" --wrap "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "$(head -1 "$BATS_TEST_TMPDIR/job.out")" = 8004 ]
}

@test "a version no store has is refused before any task starts, naming it; srun --help lists --cudnn" {
    run srun --cudnn=7.9 "$FIXTURES/bin/host_dlopen"
    assert_status 1
    assert_output_has "cudnnv: --cudnn=7.9: no cuDNN set of that version is installed here (system store $SLURM_TOP/system, or the user's)"
    refute_output_has "map "
    run srun --cudnn='../../etc' true
    [ "$status" -ne 0 ]
    assert_output_has "--cudnn takes a cuDNN version such as 8.1 or 9.1.0.70, or 'off'"
    run srun --help
    assert_output_has "--cudnn=VERSION"
    run sbatch --help
    assert_output_has "--cudnn=VERSION"
}

@test "--cudnn=off leaves the job's environment alone; otherwise the system store's shims lead the library path" {
    run srun --cudnn=off printenv LD_LIBRARY_PATH
    refute_output_has "$SLURM_TOP/system/shims/lib"
    LD_LIBRARY_PATH=/elsewhere run srun printenv LD_LIBRARY_PATH CUDNNV_SYSTEM_ROOT
    [ "${lines[0]}" = "$SLURM_TOP/system/shims/lib:/elsewhere" ]
    [ "${lines[1]}" = "$SLURM_TOP/system" ]
    # the administrator's system store wins over one the user names
    CUDNNV_SYSTEM_ROOT=/tmp/mine run srun printenv CUDNNV_SYSTEM_ROOT
    [ "$output" = "$SLURM_TOP/system" ]
    run srun --cudnn=8.0 printenv CUDNNV_VERSION LD_PRELOAD
    [ "${lines[0]}" = 8.0 ]
    [ "${lines[1]}" = "$SLURM_TOP/system/shims/lib/libcudnn.so.8" ]
}

@test "a job whose LD_LIBRARY_PATH is over 64 KiB still runs, with or without --cudnn, the shims first" {
    local long
    long=$(printf '/a%.0s' $(seq 40000))   # 80 000 bytes
    LD_LIBRARY_PATH="$long" run srun sh -c 'printf "%s\n" "${LD_LIBRARY_PATH%%:*}" "${#LD_LIBRARY_PATH}"'
    assert_status 0
    [ "${lines[0]}" = "$SLURM_TOP/system/shims/lib" ]
    [ "${lines[1]}" -eq $(( ${#long} + ${#SLURM_TOP} + 18 )) ]
    LD_LIBRARY_PATH="$long" run srun --cudnn=8.1 printenv CUDNNV_VERSION
    assert_status 0
    [ "$output" = 8.1 ]
}

@test "a set's cudnnv.ini made a FIFO in the user's own store never holds a job step (nor the node)" {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/mine"
    "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
    rm "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    mkfifo "$CUDNNV_ROOT/versions/8.1.0.77/cudnnv.ini"
    run timeout 60 srun --cudnn=8.1 printenv CUDNNV_VERSION
    [ "$status" -ne 124 ] || { echo "srun was held by the FIFO" >&2; false; }
    run timeout 60 srun --cudnn=8.1.0.77 printenv CUDNNV_VERSION
    [ "$status" -ne 124 ]
}

@test "what the plugin costs a job step: srun --cudnn=8.1 against --cudnn=off (a figure, not a limit)" {
    local runs=10 start middle end
    srun --cudnn=off true && srun --cudnn=8.1 true   # warm
    start=$(date +%s%N)
    for _ in $(seq $runs); do srun --cudnn=off true; done
    middle=$(date +%s%N)
    for _ in $(seq $runs); do srun --cudnn=8.1 true; done
    end=$(date +%s%N)
    echo "# srun true: $(( (middle - start) / runs / 1000 )) us with --cudnn=off, $(( (end - middle) / runs / 1000 )) us with --cudnn=8.1 (mean of $runs)" >&3
    run srun --cudnn=8.1 printenv CUDNNV_VERSION
    [ "$output" = 8.1 ]
}

@test "a CUDA runtime someone else could write is never put on a task's library path; the task's stderr says why, escaped" {
    local system="$SLURM_TOP/system" project="$BATS_TEST_TMPDIR/tf24$(printf '\033[31m')"
    mkdir -p "$project"
    printf '8.0\ncuda 11.0\n' > "$project/.cudnn-version"
    (cd "$project" && CUDNNV_ROOT="$system" "$CUDNNV" install --cuda-libs-from "$FIXTURES/cuda-runtime/11.0/lib64" >/dev/null 2>&1)
    chown -R nobody "$system/cuda/runtime/11.0"
    cd "$project"
    run srun printenv LD_LIBRARY_PATH
    chown -R root "$system/cuda/runtime/11.0"
    assert_output_has "cudnnv: refusing the CUDA 11.0 runtime pinned in $BATS_TEST_TMPDIR/tf24\\x1b[31m/.cudnn-version"
    assert_output_has "belongs to user"
    refute_output_has "$system/cuda/runtime/11.0/lib"
    refute_output_has "$(printf '\033')"
}
