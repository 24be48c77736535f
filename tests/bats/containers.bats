#!/usr/bin/env bats
# cudnnv cdi and the Dockerfile recipe under a real container engine:
# podman with runc, cgroupfs, explicit ulimits and no network, its own
# containers.conf and storage below this file's temporary folder (nothing of
# the host's podman is touched). The image is a root file system built here
# (busybox and the fixture hosts with the libraries ldd names) and imported:
# no registry is asked. Every podman runs through tests/podman-sandbox.sh:
# its runtime files land in tmpfs of a private mount namespace, and the
# test's spec is copied to that namespace's /run/cdi (podman 4.3 reads specs
# from /etc/cdi and /var/run/cdi only), so the host's /run, /var/lib and
# /dev/shm stay as they were.

load helpers

IMAGE=localhost/cudnnv-test:1
SANDBOX="$BATS_TEST_DIRNAME/../podman-sandbox.sh"
SET11=cudnn-linux-x86_64-8.2.4.15_cuda11.4-archive-test.tar.xz

# add_programs ROOTFS PROGRAM...: each program into ROOTFS/bin with the system libraries ldd names for it.
add_programs() {
    local rootfs=$1 program library
    shift
    for program in "$@"; do
        cp "$program" "$rootfs/bin/"
        for library in $(ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
            case $library in
                /lib*|/usr/lib*) mkdir -p "$rootfs$(dirname "$library")"; cp -L "$library" "$rootfs$library" ;;
            esac
        done
    done
}

# pod ARGS...: podman with this file's storage, in the sandbox; CDI_SPEC names the spec it sees.
pod() {
    "$SANDBOX" "${CDI_SPEC:-}" podman --root "$POD_TOP/storage" --runroot "$POD_TOP/run" --storage-driver vfs "$@"
}

prun() {
    pod run --rm --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none "$@"
}

setup_file() {
    [ "$(id -u)" = 0 ] && command -v podman >/dev/null && command -v runc >/dev/null || return 0
    export POD_TOP="$BATS_FILE_TMPDIR/podman"
    export CONTAINERS_CONF="$POD_TOP/containers.conf"
    local rootfs="$POD_TOP/rootfs"
    mkdir -p "$rootfs/bin" "$rootfs/tmp" "$POD_TOP/storage" "$POD_TOP/run"
    printf '[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\nevents_logger = "file"\n[containers]\nnetns = "none"\n' \
        > "$CONTAINERS_CONF"
    cp /bin/busybox "$rootfs/bin/"
    for applet in sh cat touch mkdir echo ls id true; do ln -s busybox "$rootfs/bin/$applet"; done
    add_programs "$rootfs" "$FIXTURES/bin/host_linked" "$FIXTURES/bin/host_dlopen" "$FIXTURES/bin/host_convolve" \
        "$FIXTURES/bin/host_framework"
    if tar -C "$rootfs" -c . | pod import - "$IMAGE" >/dev/null 2>"$POD_TOP/why" &&
        prun "$IMAGE" true 2>"$POD_TOP/why"; then
        touch "$POD_TOP/ready"
    fi
}

require_podman() {
    [ "$(id -u)" = 0 ] || skip "podman runs the tests' containers as root"
    command -v podman >/dev/null && command -v runc >/dev/null || skip "podman or runc is not installed (make check installs them)"
    [ -e "$POD_TOP/ready" ] || skip "podman cannot start a container on this machine: $(head -1 "$POD_TOP/why")"
}

# The test's spec, which pod hands to podman (and install, uninstall, rehash keep up to date).
write_spec() {
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 0
    CDI_SPEC="$BATS_TEST_TMPDIR/cdi/cudnnv.json"
}

teardown() {
    if [ -n "${SHARED:-}" ]; then rm -rf "$SHARED"; fi
}

# spec_device SPEC DEVICE: "set|env...|host->container ..." of one device, read by python's JSON parser.
spec_device() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
spec = json.load(open(sys.argv[1]))
for device in spec["devices"]:
    if device["name"] == sys.argv[2]:
        edits = device["containerEdits"]
        print("env", *edits["env"], sep="\n")
        for mount in edits["mounts"]:
            print("mount %s -> %s %s" % (mount["hostPath"], mount["containerPath"], ",".join(mount["options"])))
EOF
}

@test "cdi writes a device per name a user would write, one for the whole store, and says what it leaves out" {
    setup_store
    install_fixture cudnn-11.2-windows-x64-v8.1.0.77-test.zip
    cudnnv install --name store "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" 2>/dev/null
    cudnnv install --name 'odd+name' "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" 2>/dev/null
    local dir="$BATS_TEST_TMPDIR/spec folder"
    run cudnnv cdi --output "$dir" --json
    assert_status 0
    python3 -c 'import json, sys; json.loads(sys.argv[1])' "$output"
    assert_output_has "\"spec\": \"$dir/cudnnv.json\""
    # the prose names the file and the container folder the code writes
    cudnnv cdi --help | grep -q "spec, cudnnv.json, that"
    cudnnv cdi --help | grep -q "below /opt/cudnnv in the container"
    assert_output_has '{"device": "cudnnv.dev/set=8.0", "set": "8.0.4.30"}'
    assert_output_has '{"device": "cudnnv.dev/set=8.1.0.77", "set": "8.1.0.77"}'
    assert_output_has '{"device": "cudnnv.dev/set=8", "set": "8.1.0.77"}'
    assert_output_has '{"device": "cudnnv.dev/set=store", "set": ""}'
    assert_output_has '{"set": "8.1.0.77-windows", "why": "it is built for another platform"}'
    assert_output_has '{"set": "odd+name", "why": "CDI device names hold only'
    assert_output_has '{"set": "store", "why": "its name is the store device'"'"'s'
    # the spec itself: valid JSON of CDI's kind, each set's device mounts it read-only with the shims
    run spec_device "$dir/cudnnv.json" 8.1
    assert_output_has "CUDNNV_VERSION=8.1.0.77"
    assert_output_has "LD_PRELOAD=/opt/cudnnv/shims/lib/libcudnn.so.8"
    assert_output_has "mount $CUDNNV_ROOT/versions/8.1.0.77 -> /opt/cudnnv/versions/8.1.0.77 ro,nosuid,nodev,bind"
    assert_output_has "mount $CUDNNV_ROOT/shims/lib -> /opt/cudnnv/shims/lib ro"
    refute_output_has "8.0.4.30"
    run spec_device "$dir/cudnnv.json" store
    assert_output_has "mount $CUDNNV_ROOT -> /opt/cudnnv ro"
    assert_output_has "LD_LIBRARY_PATH=/opt/cudnnv/shims/lib"
    refute_output_has "CUDNNV_VERSION"
    grep -q '"kind": "cudnnv.dev/set"' "$dir/cudnnv.json"
    # text: one line per device
    run cudnnv cdi --output "$dir"
    assert_status 0
    assert_output_has "wrote $dir/cudnnv.json: "
    assert_output_has "cudnnv.dev/set=8.0                 8.0.4.30"
    assert_output_has "odd+name is left out"
}

@test "the spec follows installs; a spec another tool wrote is never touched" {
    setup_store
    local dir="$BATS_TEST_TMPDIR/cdi" other="$BATS_TEST_TMPDIR/other"
    cudnnv cdi --output "$dir" >/dev/null 2>&1
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    grep -q '"name": "9.1"' "$dir/cudnnv.json"
    cudnnv uninstall 8.0.4.30 2>/dev/null
    run grep -c "8.0.4.30" "$dir/cudnnv.json"
    [ "$output" = 0 ]
    grep -q '"name": "8.1"' "$dir/cudnnv.json"
    # another tool's file of that name: refused, and later changes leave it alone
    mkdir -p "$other"
    printf '{"cdiVersion": "0.5.0", "kind": "vendor.example/gpu", "devices": []}\n' > "$other/cudnnv.json"
    cp "$other/cudnnv.json" "$BATS_TEST_TMPDIR/before"
    run cudnnv cdi --output "$other"
    assert_status 1
    assert_output_has "$other/cudnnv.json is not a spec cudnnv wrote"
    printf '{"kind": "vendor.example/gpu"}\n' > "$dir/cudnnv.json"
    cp "$dir/cudnnv.json" "$BATS_TEST_TMPDIR/replaced"
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv rehash 2>/dev/null
    cmp "$other/cudnnv.json" "$BATS_TEST_TMPDIR/before"
    cmp "$dir/cudnnv.json" "$BATS_TEST_TMPDIR/replaced"
    # a spec removed stays removed
    rm "$dir/cudnnv.json"
    cudnnv uninstall 8.0.4.30 2>/dev/null
    [ ! -e "$dir/cudnnv.json" ]
    # the list of specs holds only absolute paths: a planted relative line is not obeyed
    printf 'relative/cudnnv.json\n/tmp/x\033]0;t\a/cudnnv.json\n' >> "$CUDNNV_ROOT/cdi-specs"
    run cudnnv rehash
    assert_status 0
    [ ! -e relative/cudnnv.json ]
}

@test "a store whose path is not UTF-8 is not described: an engine would mount another path" {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/st$(printf '\377')ore"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 1
    assert_output_has "its path is not valid UTF-8; set CUDNNV_ROOT to another folder"
    [ ! -e "$BATS_TEST_TMPDIR/cdi/cudnnv.json" ]
}

@test "cdi describes only what the shim would serve: a refused set, a name that claims another release, a linked folder not in UTF-8, shims others can write" {
    setup_store
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    chown -R nobody "$CUDNNV_ROOT/versions/9.1.0.70"
    rm -rf "$CUDNNV_ROOT/versions/8.1.0.77" && ln -s 8.0.4.30 "$CUDNNV_ROOT/versions/8.1.0.77"
    local linked="$BATS_TEST_TMPDIR/l$(printf '\377')nk"
    cp -a "$FIXTURES/layouts/old-8.1.0" "$linked"
    cudnnv link lnk "$linked" 2>/dev/null
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi" --json
    assert_status 0
    python3 -c 'import json, sys; json.loads(sys.argv[1])' "$output"
    assert_output_has '{"set": "9.1.0.70", "why": "the shim refuses it: '
    refute_output_has '"device": "cudnnv.dev/set=9'
    assert_output_has '{"set": "8.1.0.77", "why": "its name says another release than the cuDNN 8.0.4.30 it holds'
    refute_output_has '"device": "cudnnv.dev/set=8.1'
    assert_output_has '{"device": "cudnnv.dev/set=8.0", "set": "8.0.4.30"}'
    assert_output_has '{"set": "lnk", "why": "the folder its libraries are in is not valid UTF-8"}'
    # the shims every container of the spec preloads: root's alone for root's spec, as init --system asks
    rm -rf "$BATS_TEST_TMPDIR/cdi"
    chmod 0777 "$CUDNNV_ROOT"
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 1
    assert_output_has "refusing to describe $CUDNNV_ROOT to container engines: "
    [ ! -e "$BATS_TEST_TMPDIR/cdi/cudnnv.json" ]
    chmod 0755 "$CUDNNV_ROOT"
    chown nobody "$CUDNNV_ROOT/shims/lib"
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 1
    assert_output_has "refusing to describe $CUDNNV_ROOT to container engines: "
    chown root "$CUDNNV_ROOT/shims/lib"
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 0
}

@test "cdi --help, and where the spec goes by default" {
    run cudnnv cdi --help
    assert_status 0
    assert_output_has "Usage: cudnnv cdi"
    assert_output_has "podman run --device cudnnv.dev/set=8.1 IMAGE"
    run cudnnv cdi extra
    assert_status 2
    # not root, no XDG_RUNTIME_DIR: no folder to guess
    if [ "$(id -u)" = 0 ]; then
        SHARED=$(mktemp -d /tmp/cudnnv-cdi.XXXXXX)
        chmod 755 "$SHARED"
        share_programs "$SHARED"
        mkdir "$SHARED/store" && chown nobody "$SHARED/store"
        run runuser -u nobody -- env -u XDG_RUNTIME_DIR CUDNNV_ROOT="$SHARED/store" "$CUDNNV" cdi
        assert_status 1
        assert_output_has "XDG_RUNTIME_DIR is unset; give --output DIR"
        mkdir -m 700 "$SHARED/run" && chown nobody "$SHARED/run"
        run runuser -u nobody -- env XDG_RUNTIME_DIR="$SHARED/run" CUDNNV_ROOT="$SHARED/store" "$CUDNNV" cdi
        assert_status 0
        [ -f "$SHARED/run/cdi/cudnnv.json" ]
    fi
}

@test "two containers of one image started at once get 8.0 and 8.1; neither can write its set" {
    require_podman
    setup_store
    write_spec
    # both in one sandbox: two podmans sharing a storage need the same /dev/shm locks (two sandboxes
    # each had their own, and one container's attach socket could vanish under the other)
    run "$SANDBOX" "${CDI_SPEC:-}" sh -c '
        run_set() {
            podman --root "$1/storage" --runroot "$1/run" --storage-driver vfs run --rm \
                --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none \
                --device "cudnnv.dev/set=$2" "$3" host_linked > "$4" 2>&1
        }
        run_set "$1" 8.0 "$2" "$3/80" & first=$!
        run_set "$1" 8.1 "$2" "$3/81"; second=$?
        wait $first
        echo "8.0: $? 8.1: $second"' sh "$POD_TOP" "$IMAGE" "$BATS_TEST_TMPDIR"
    [ "$output" = "8.0: 0 8.1: 0" ] || { echo "$output" >&2; cat "$BATS_TEST_TMPDIR/80" "$BATS_TEST_TMPDIR/81" >&2; false; }
    [ "$(head -1 "$BATS_TEST_TMPDIR/80")" = 8004 ]
    [ "$(head -1 "$BATS_TEST_TMPDIR/81")" = 8100 ]
    grep -qx "map /opt/cudnnv/versions/8.1.0.77/lib/libcudnn.so.8.1.0" "$BATS_TEST_TMPDIR/81"
    run prun --device cudnnv.dev/set=8.1 "$IMAGE" sh -c 'touch /opt/cudnnv/versions/8.1.0.77/lib/x; touch /opt/cudnnv/shims/lib/x'
    assert_status 1
    assert_output_has "touch: /opt/cudnnv/versions/8.1.0.77/lib/x: Read-only file system"
    assert_output_has "touch: /opt/cudnnv/shims/lib/x: Read-only file system"
    # the image holds no cuDNN: without the device nothing loads
    run prun "$IMAGE" host_dlopen
    assert_status 1
    assert_output_has "libcudnn.so.8: cannot open shared object file"
}

@test "TensorFlow 2.4 and 2.5 in two containers at once: a set's device and a CUDA runtime's device (cuda:11.0, cuda:11.2)" {
    require_podman
    setup_store
    local tf="libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusparse.so.11"
    mkdir -p p24 p25
    printf '8.0\ncuda 11.0\n' > p24/.cudnn-version
    printf '8.1\ncuda 11.2\n' > p25/.cudnn-version
    (cd p24 && cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/11.0/lib64" 2>/dev/null)
    (cd p25 && cudnnv install --cuda-libs-from "$FIXTURES/cuda-runtime/11.2/lib64" 2>/dev/null)
    write_spec
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_output_has "cudnnv.dev/set=cuda:11.0           (the CUDA 11.0 runtime, after the shims on LD_LIBRARY_PATH)"
    run spec_device "$CDI_SPEC" cuda:11.0
    assert_output_has "LD_LIBRARY_PATH=/opt/cudnnv/shims/lib:/opt/cudnnv/cuda/runtime/11.0/lib"
    assert_output_has "mount $(realpath "$CUDNNV_ROOT")/cuda/runtime/11.0/lib -> /opt/cudnnv/cuda/runtime/11.0/lib ro,nosuid,nodev,bind"
    run "$SANDBOX" "${CDI_SPEC:-}" sh -c '
        run_tf() {
            podman --root "$1/storage" --runroot "$1/run" --storage-driver vfs run --rm \
                --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none \
                --device "cudnnv.dev/set=$2" --device "cudnnv.dev/set=cuda:$3" "$4" host_framework $5 > "$6" 2>&1
        }
        run_tf "$1" 8.0 11.0 "$2" "$4 libcusolver.so.10 libcudnn.so.8" "$3/24" & first=$!
        run_tf "$1" 8.1 11.2 "$2" "$4 libcusolver.so.11 libcudnn.so.8" "$3/25"; second=$?
        wait $first
        echo "2.4: $? 2.5: $second"' sh "$POD_TOP" "$IMAGE" "$BATS_TEST_TMPDIR" "$tf"
    [ "$output" = "2.4: 0 2.5: 0" ] || { echo "$output" >&2; cat "$BATS_TEST_TMPDIR/24" "$BATS_TEST_TMPDIR/25" >&2; false; }
    grep -qx "libcusolver.so.10 11000 /opt/cudnnv/cuda/runtime/11.0/lib/libcusolver.so.10" "$BATS_TEST_TMPDIR/24"
    [ "$(grep -c " 11000 /opt/cudnnv/cuda/runtime/11.0/lib/" "$BATS_TEST_TMPDIR/24")" -eq 7 ]
    grep -q "^libcudnn.so.8 8004 " "$BATS_TEST_TMPDIR/24"
    [ "$(grep -c " 11020 /opt/cudnnv/cuda/runtime/11.2/lib/" "$BATS_TEST_TMPDIR/25")" -eq 7 ]
    grep -q "^libcudnn.so.8 8100 " "$BATS_TEST_TMPDIR/25"
    # without the runtime's device, the container has no CUDA 11 at all
    run prun --device cudnnv.dev/set=8.0 "$IMAGE" host_framework libcusolver.so.10
    assert_status 1
    assert_output_has "Could not load dynamic library 'libcusolver.so.10'"
}

@test "the store device, from a store in a folder with a space: the container's own .cudnn-version chooses, read-only" {
    require_podman
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/a store"
    setup_store
    write_spec
    run prun --device cudnnv.dev/set=store "$IMAGE" sh -c \
        'mkdir -p /p/q /r && echo 8.0 > /p/.cudnn-version && echo 8.1 > /r/.cudnn-version && cd /p/q && host_dlopen && cd /r && host_dlopen'
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    assert_output_has "map /opt/cudnnv/versions/8.0.4.30/lib/libcudnn.so.8.0.4"
    assert_output_has "$(printf '\n8100\n')"
    run prun --device cudnnv.dev/set=store "$IMAGE" sh -c 'touch /opt/cudnnv/version'
    assert_status 1
    assert_output_has "Read-only file system"
}

@test "after uninstall the engine refuses that set's devices; a linked set and a set's CUDA libraries work inside" {
    require_podman
    setup_store
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\ncuda_redist = file://%s/cuda-redist/\n' "$FIXTURES" > "$CUDNNV_ROOT/config"
    install_fixture "$SET11"
    cudnnv install --with-cuda-libs 8.2.4 >/dev/null 2>&1
    cudnnv link linked9 "$SETS/9.1.0" 2>/dev/null
    write_spec
    cudnnv uninstall 8.0.4.30 2>/dev/null
    run prun --device cudnnv.dev/set=8.0 "$IMAGE" host_dlopen
    assert_status 126
    assert_output_has "unresolvable CDI devices cudnnv.dev/set=8.0"
    run grep -c 8.0.4.30 "$CDI_SPEC"
    [ "$output" = 0 ]
    # a linked set: its folder is mounted where an installed set's would be (no host path inside)
    run prun --device cudnnv.dev/set=linked9 "$IMAGE" host_dlopen libcudnn.so.9
    assert_status 0
    [ "${lines[0]}" = 90100 ]
    assert_output_has "map /opt/cudnnv/versions/linked9/lib/libcudnn.so.9"
    refute_output_has "$SETS"
    # the CUDA libraries come with their set, and the shim loads them inside
    run prun --device cudnnv.dev/set=8.2.4 "$IMAGE" host_convolve
    assert_status 0
    assert_output_has "cudnnGetVersion() = 8204"
    assert_output_has "convolution: cuBLASLt 11650, NVRTC 11440"
    assert_output_has "map /opt/cudnnv/cuda/11.4.4/lib/libcublasLt.so.11.6.5.2"
}

# A folder nobody can reach with cudnnv and its fixtures (share_programs), a home and a runtime folder of nobody's.
rootless_setup() {
    SHARED=$(mktemp -d /tmp/cudnnv-rootless.XXXXXX)
    chmod 755 "$SHARED"
    share_programs "$SHARED"
    mkdir -p "$SHARED/home" "$SHARED/run"
    chown nobody "$SHARED/home" "$SHARED/run"
    chmod 700 "$SHARED/run"
    cp "$CONTAINERS_CONF" "$SHARED/containers.conf"
    chmod 644 "$SHARED/containers.conf"
    cd "$SHARED/home"   # podman needs a working folder nobody can enter
}

as_nobody() {
    runuser -u nobody -- env HOME="$SHARED/home" XDG_RUNTIME_DIR="$SHARED/run" CUDNNV_ROOT="$SHARED/home/store" \
        CONTAINERS_CONF="$SHARED/containers.conf" "$@"
}

# Rootless podman keeps a pause process holding its namespaces (catatonit -P), which later calls join: each
# call here ends it, so none outlives the test and each call sees its own sandbox's spec.
rootless_pod() {
    "$SANDBOX" "${CDI_SPEC:-}" runuser -u nobody -- env HOME="$SHARED/home" XDG_RUNTIME_DIR="$SHARED/run" \
        CONTAINERS_CONF="$SHARED/containers.conf" sh -c '
            top=$1
            shift
            podman --root "$top/home/storage" --runroot "$top/run/storage" --storage-driver vfs "$@"
            status=$?
            kill "$(cat "$top/run/libpod/tmp/pause.pid" 2>/dev/null)" 2>/dev/null
            exit $status' sh "$SHARED" "$@"
}

@test "rootless podman: your own store is trusted inside, root's is refused with the reason" {
    require_podman
    rootless_setup
    if ! tar -C "$POD_TOP/rootfs" -c . | rootless_pod import - "$IMAGE" >/dev/null 2>"$SHARED/why"; then
        skip "rootless podman cannot import an image on this machine: $(grep -v level=warning "$SHARED/why" | head -1)"
    fi
    as_nobody "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
    run as_nobody "$CUDNNV" cdi
    assert_status 0
    # podman 4.3 reads /etc/cdi and /var/run/cdi only, rootless too: the administrator's copy (the sandbox's)
    CDI_SPEC="$SHARED/run/cdi/cudnnv.json"
    run rootless_pod run --rm --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none \
        --device cudnnv.dev/set=8.1 "$IMAGE" host_linked
    assert_status 0
    assert_output_has "$(printf '8100\nmap ')"
    assert_output_has "map /opt/cudnnv/versions/8.1.0.77/lib/libcudnn.so.8.1.0"
    # root's store, through the same rootless engine: its files are user 65534's inside
    CUDNNV_ROOT="$SHARED/root-store" "$CUDNNV" install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
    CUDNNV_ROOT="$SHARED/root-store" "$CUDNNV" cdi --output "$SHARED/root-cdi" >/dev/null 2>&1
    CDI_SPEC="$SHARED/root-cdi/cudnnv.json"
    run -127 rootless_pod run --rm --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none \
        --device cudnnv.dev/set=8.1 "$IMAGE" host_linked
    assert_output_has "refusing set '8.1.0.77': /opt/cudnnv/versions/8.1.0.77 belongs to user 65534, not to you, root or the store's owner"
}

@test "the recipe of docs/containers.md: podman build from a lock and a local archive; the image holds the runtime set and the shims alone" {
    require_podman
    local version artifact archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz context="$BATS_TEST_TMPDIR/con text"
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    # the base image: the test image with the system libraries the tarball's programs name
    local base="$BATS_TEST_TMPDIR/base" dist="$BATS_TEST_TMPDIR/dist"
    cp -a "$POD_TOP/rootfs" "$base"
    mkdir -p "$dist" && tar -C "$dist" -xzf "$artifact"
    for program in "$dist"/*/bin/cudnnv "$dist"/*/lib/cudnnv/cudnnv-install; do
        for library in $(ldd "$program" | awk '$2 == "=>" && $3 ~ /^\/(usr\/)?lib/ {print $3}'); do
            mkdir -p "$base$(dirname "$library")" && cp -L "$library" "$base$library"
        done
    done
    tar -C "$base" -c . | pod import - localhost/cudnnv-base:1 >/dev/null 2>&1
    # the project, as the page says: the set installed from the archive at hand, pinned to 8.1, locked with
    # --archive-base to where the build finds that archive
    mkdir -p "$context"
    cp "$artifact" "$ARCHIVES/$archive" "$context/"
    cd "$context"
    cudnnv install "./$archive" 2>/dev/null
    cudnnv use 8.1 2>/dev/null
    run cudnnv lock --archive-base file:///project
    assert_status 0
    grep -qx "linux-x86_64.url = file:///project/$archive" cudnn.lock
    grep -qx "linux-x86_64.sha256 = $(sha256sum "$ARCHIVES/$archive" | cut -c1-64)" cudnn.lock
    # the recipe as the page shows it; ENV lines as cudnnv env prints them; the page's instruction applied as a
    # user reads it (every @RELEASE@ replaced), the archive copied beside the lock as the page says
    sed -n '/^```Dockerfile$/,/^```$/p' "$BATS_TEST_DIRNAME/../../docs/containers.md" | sed '1d;$d' > recipe
    [ "$(grep '^ENV' recipe)" = "$(cudnnv env --format dockerfile 8.1)" ]
    sed -e "s|@RELEASE@|$version|g" recipe > Dockerfile.user
    grep -qx 'ENV CUDNNV_VERSION="8.1"' Dockerfile.user
    sed -e "s|debian:12|localhost/cudnnv-base:1|" \
        -e "s|^COPY cudnn.lock .cudnn-version /project/$|&\nCOPY $archive /project/|" Dockerfile.user > Dockerfile
    grep -qx "COPY $archive /project/" Dockerfile
    run pod build --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none -t localhost/cudnnv-app:1 .
    assert_status 0
    run prun localhost/cudnnv-app:1 sh -c 'host_linked; ls /opt/cudnnv /opt/cudnnv/versions/8.1.0.77; ls /usr/local /project; echo "pin=$CUDNNV_VERSION"'
    assert_output_has "$(printf '8100\nmap ')"
    assert_output_has "pin=8.1"
    assert_output_has "map /opt/cudnnv/versions/8.1.0.77/lib/libcudnn.so.8.1.0"
    assert_output_has "$(printf 'shims\nversions\n')"
    refute_output_has "include"
    assert_output_has "ls: /project: No such file or directory"
    refute_output_has "cudnnv-$version"
    local base_size app_size
    base_size=$(pod image inspect --format '{{.Size}}' localhost/cudnnv-base:1)
    app_size=$(pod image inspect --format '{{.Size}}' localhost/cudnnv-app:1)
    echo "# image sizes: base $base_size bytes, with the runtime set and the shims $app_size bytes" >&3
    [ "$app_size" -gt "$base_size" ]
}
