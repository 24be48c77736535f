#!/bin/sh
# The main job end to end, for 'make demo': the README's opening example on
# a throw-away store and offline fixtures (cuDNN sets and CUDA libraries
# built from C, build/demo-fixtures): a TensorFlow 2.4 project and a
# TensorFlow 2.5 project each pin their cuDNN and the CUDA runtime their
# framework opens by itself, cudnnv brings both, and a program started in
# each, at the same time, gets its own cuDNN and its own CUDA libraries;
# outside the two projects, neither runtime is found.
# Usage: demo.sh CUDNNV FIXTURES
set -eu
cudnnv=$1
fixtures=$2
work=$(mktemp -d /tmp/cudnnv-demo.XXXXXX)
trap 'rm -rf "$work"' EXIT
export CUDNNV_ROOT="$work/store"
unset CUDNNV_VERSION || true
runtimes="$fixtures/cuda-runtime"
# what TensorFlow 2.4 and 2.5 open by soname at import, then cuDNN (the stand-in host prints who answered)
tf="libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusparse.so.11"

if [ -t 1 ]; then bold=$(printf '\033[1m') plain=$(printf '\033[0m'); else bold= plain=; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
show() { printf '$ %s\n' "$*"; "$@"; }
# an install's answer, its last line (what it installed or brought); the rest in the work folder's log
quietly() { printf '$ %s\n' "$*"; "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log"; return 1; }; grep -v '^cudnnv: needs:' "$work/last.log" | tail -n 1; }

step "Pin the TF 2.4 project and the TF 2.5 project: cuDNN and the CUDA runtime each framework opens"
mkdir -p "$work/tf24" "$work/tf25" "$work/elsewhere"
(cd "$work/tf24" && show "$cudnnv" use --for tensorflow==2.4 && cat .cudnn-version)
(cd "$work/tf25" && show "$cudnnv" use --for tensorflow==2.5 && cat .cudnn-version)

step "Install each project's cuDNN (offline: NVIDIA-style archives of test sets)"
(cd "$work/tf24" && quietly "$cudnnv" install "$fixtures/archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz")
(cd "$work/tf25" && quietly "$cudnnv" install "$fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz")

step "Bring each project's CUDA runtime (offline: a folder of that CUDA's libraries; online 'cudnnv install' takes NVIDIA's)"
(cd "$work/tf24" && quietly "$cudnnv" install --cuda-libs-from "$runtimes/11.0/lib64")
(cd "$work/tf25" && quietly "$cudnnv" install --cuda-libs-from "$runtimes/11.2/lib64")
(cd "$work/tf24" && show "$cudnnv" version)
(cd "$work/tf25" && show "$cudnnv" version)
show "$cudnnv" versions

step "Both programs at once, one per project: each library from its own project's set and runtime"
(cd "$work/tf24" && "$cudnnv" exec "$fixtures/bin/host_framework" $tf libcusolver.so.10 libcudnn.so.8 > "$work/tf24.out" 2>&1) &
(cd "$work/tf25" && "$cudnnv" exec "$fixtures/bin/host_framework" $tf libcusolver.so.11 libcudnn.so.8 > "$work/tf25.out" 2>&1) &
wait
echo "tf24 (SONAME RELEASE FILE):"
sed "s|$CUDNNV_ROOT|~store|" "$work/tf24.out"
echo "tf25:"
sed "s|$CUDNNV_ROOT|~store|" "$work/tf25.out"

step "Outside both projects neither runtime is on any path"
(cd "$work/elsewhere" && "$cudnnv" exec "$fixtures/bin/host_framework" libcusolver.so.10 libcusolver.so.11 2>&1 || true) |
    sed "s|$CUDNNV_ROOT|~store|"

if [ -e /usr/local/cuda/lib/libcudnn.so.9 ] || [ -e /usr/local/cuda/lib64/libcudnn.so.9 ]; then
    step "This machine's real cuDNN from /usr/local/cuda, as a third set (only its cuDNN files are copied)"
    quietly "$cudnnv" install /usr/local/cuda
fi

step "Every installed file is checked against its MANIFEST"
show "$cudnnv" verify
