#!/bin/sh
# The containers' way (docs/containers.md) on a machine with a GPU and
# PyTorch: a set taken from this machine's PyTorch wheel into a throw-away
# store, described by 'cudnnv cdi', and the spec's device for the set's
# MAJOR.MINOR applied by hand (cdi_apply.py: a mount namespace, read-only
# bind mounts at the container's paths, the device's environment) to
# PyTorch running a convolution; a container engine is used instead when
# one is installed. Usage: gpu_cdi.sh CUDNNV [OUT_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
cudnnv=$1
out=${2:-/tmp/cudnnv-gpu-cdi}
python=$(command -v python3 || command -v python)
rm -rf "$out"
mkdir -p "$out"
echo "== container engines here"
for engine in podman docker nerdctl ctr crictl; do
    command -v "$engine" || echo "$engine: not installed"
done
echo "user: $(id -u)"
wheel=$("$python" -c 'import nvidia.cudnn, os; print(list(nvidia.cudnn.__path__)[0])')
export CUDNNV_ROOT="$out/store"
echo "== cudnnv install --runtime $wheel"
"$cudnnv" install --runtime "$wheel" 2>&1 | tail -3
echo "== cudnnv cdi"
"$cudnnv" cdi --output "$out/cdi"
version=$(awk '/#define CUDNN_(MAJOR|MINOR) / { v = v (v ? "." : "") $3 } END { print v }' "$wheel/include/cudnn_version.h")
echo "== PyTorch with cudnnv.dev/set=$version applied by hand"
cd "$out"
"$python" "$here/cdi_apply.py" "$out/cdi/cudnnv.json" "$version" "$python" "$here/gpu_conv.py"
echo "exit status: $?"
echo "== the reference: PyTorch on its own"
"$python" "$here/gpu_conv.py"
