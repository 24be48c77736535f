#!/bin/sh
# make bench, 6: a container's start with a set's CDI device against the
# same start without it (podman, runc; 20 each, alternated), and the sizes
# of an image with a set in it and without. As root, with podman and runc,
# each start through tests/podman-sandbox.sh (podman's runtime files in a
# private namespace's tmpfs, the spec copied to its /run/cdi): the sandbox is
# in both arms, so the ratio is the device's. Never a pass/fail test.
# Usage: container-start.sh CUDNNV FIXTURES OUT ALTERNATE
set -eu
cudnnv=$1
fixtures=$2
out=$3
alternate=$4
if [ "$(id -u)" != 0 ] || ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
    echo "container start: not measured (needs root, podman and runc)"
    exit 0
fi
top="$out/podman"
rm -rf "$top"
mkdir -p "$top/rootfs/bin"
export CONTAINERS_CONF="$top/containers.conf"
printf '[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\nevents_logger = "file"\n[containers]\nnetns = "none"\n' \
    > "$CONTAINERS_CONF"
cp /bin/busybox "$top/rootfs/bin/"
ln -s busybox "$top/rootfs/bin/true"
sandbox="$(cd "$(dirname "$0")/.." && pwd)/podman-sandbox.sh"
pod="podman --root $top/storage --runroot $top/run --storage-driver vfs"
tar -C "$top/rootfs" -c . | "$sandbox" "" $pod import - localhost/cudnnv-bench:1 >/dev/null 2>&1
export CUDNNV_ROOT="$top/store"
"$cudnnv" install "$fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" >/dev/null 2>&1
"$cudnnv" cdi --output "$top/cdi" >/dev/null 2>&1
run="$sandbox $top/cdi/cudnnv.json $pod run --rm --ulimit nofile=1024:1024 --ulimit nproc=1000:1000 --network none"
printf 'container start (podman run true): '
"$alternate" 20 "without a device" "$run localhost/cudnnv-bench:1 true" \
    "with cudnnv.dev/set=8.1" "$run --device cudnnv.dev/set=8.1 localhost/cudnnv-bench:1 true"
