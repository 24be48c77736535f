#!/bin/sh
# The main job end to end, for 'make demo': a throw-away store, fixture
# releases 8.0, 8.1 and 9.1 installed into it (and the machine's real cuDNN
# when /usr/local/cuda holds one), two projects pinned to two versions, and a
# program started in each at the same time getting its own cuDNN.
# Usage: demo.sh CUDNNV FIXTURES
set -eu
cudnnv=$1
fixtures=$2
work=$(mktemp -d /tmp/cudnnv-demo.XXXXXX)
trap 'rm -rf "$work"' EXIT
export CUDNNV_ROOT="$work/store"
unset CUDNNV_VERSION || true

if [ -t 1 ]; then bold=$(printf '\033[1m') plain=$(printf '\033[0m'); else bold= plain=; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
show() { printf '$ %s\n' "$*"; "$@"; }

step "Install three releases from NVIDIA-style archives (test sets built from C)"
show "$cudnnv" install "$fixtures/archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
show "$cudnnv" install "$fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
show "$cudnnv" install "$fixtures/archives/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
if [ -e /usr/local/cuda/lib/libcudnn.so.9 ] || [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
    step "Install this machine's real cuDNN from /usr/local/cuda (only its cuDNN files are copied)"
    show "$cudnnv" install /usr/local/cuda
else
    echo "(no cuDNN in /usr/local/cuda on this machine: the demo runs on the test sets alone)"
fi
show "$cudnnv" versions

step "Pin a TF 2.4 project to cuDNN 8.0 and a TF 2.5 project to 8.1"
mkdir -p "$work/tf24/src" "$work/tf25"
(cd "$work/tf24" && show "$cudnnv" use 8.0)
(cd "$work/tf25" && show "$cudnnv" use 8.1)
show "$cudnnv" global 9
(cd "$work/tf24/src" && show "$cudnnv" version)
(cd "$work/tf25" && show "$cudnnv" version)
(cd "$work" && show "$cudnnv" version)

step "A program in each project, started at the same time, loads libcudnn.so.8 by soname"
(cd "$work/tf24" && "$cudnnv" exec "$fixtures/bin/host_dlopen" > "$work/tf24.out") &
(cd "$work/tf25" && "$cudnnv" exec "$fixtures/bin/host_dlopen" > "$work/tf25.out") &
wait
printf 'tf24: cudnnGetVersion() = %s\n' "$(cat "$work/tf24.out")"
printf 'tf25: cudnnGetVersion() = %s\n' "$(cat "$work/tf25.out")"

step "Outside the projects the global 9 (the newest 9.x installed) serves libcudnn.so.9"
(cd "$work" && printf 'cudnnGetVersion() = %s\n' "$("$cudnnv" exec "$fixtures/bin/host_dlopen" libcudnn.so.9)")

step "Every installed file is checked against its MANIFEST"
show "$cudnnv" verify
