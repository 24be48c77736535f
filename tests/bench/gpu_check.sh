#!/bin/sh
# The GPU check of the shim, run on a machine with an NVIDIA GPU and PyTorch
# (see docs/performance.md): a cuDNN set is taken from that machine's PyTorch
# wheel into a throw-away store, a project pins it, and PyTorch runs a
# convolution through the preloaded shim. The same run without the shim is
# the reference. Usage: gpu_check.sh [OUT_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=${1:-/tmp/cudnnv-gpu}
mkdir -p "$out"
python=$(command -v python3 || command -v python)

echo "== machine"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ldd --version | head -1
"$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'

echo "== the shim, built here"
shim="$out/build/lib/cudnnv/libcudnn.so.9"
if command -v cc >/dev/null && command -v make >/dev/null &&
    make -C "$top" --no-print-directory "BUILD=$out/build" "$shim" >/dev/null; then
    echo "built $shim"
else
    shim="$top/build/lib/cudnnv/libcudnn.so.9"
    echo "no compiler here: using the carried $shim"
fi

echo "== a set taken from this machine's PyTorch wheel"
wheel=$("$python" -c 'import nvidia.cudnn, os; print(list(nvidia.cudnn.__path__)[0])')
echo "wheel's cuDNN: $wheel"
ls "$wheel/lib"
version=$(awk '/#define CUDNN_(MAJOR|MINOR|PATCHLEVEL) / { v = v (v ? "." : "") $3 } END { print v }' \
    "$wheel/include/cudnn_version.h")
store="$out/store"
set_dir="$store/versions/$version"
rm -rf "$store"
mkdir -p "$set_dir" "$out/project" "$out/elsewhere"
cp -a "$wheel/lib" "$wheel/include" "$set_dir/"
printf '[set]\nversion = %s\nplatform = linux\nkind = installed\nsource = %s\n' "$version" "$wheel" \
    > "$set_dir/cudnnv.ini"
echo "$version" | cut -d. -f1,2 > "$out/project/.cudnn-version"
echo "store set: $set_dir; project pin: $(cat "$out/project/.cudnn-version")"

echo "== reference: PyTorch on its own"
(cd "$out/project" && "$python" "$here/gpu_conv.py")

echo "== through the shim (LD_PRELOAD), in the pinned project"
(cd "$out/project" && CUDNNV_ROOT="$store" CUDNNV_DEBUG=1 LD_PRELOAD="$shim" "$python" "$here/gpu_conv.py")

echo "== through the shim, with the wheel's directory also on LD_LIBRARY_PATH"
(cd "$out/project" && CUDNNV_ROOT="$store" CUDNNV_DEBUG=1 LD_LIBRARY_PATH="$wheel/lib" \
    LD_PRELOAD="$shim" "$python" "$here/gpu_conv.py")

echo "== a project pinned to a version that is not installed"
echo 9.99 > "$out/elsewhere/.cudnn-version"
(cd "$out/elsewhere" && CUDNNV_ROOT="$store" LD_PRELOAD="$shim" "$python" "$here/gpu_conv.py")
echo "exit status: $?"

# Part two: the cudnnv command itself on that machine, when a build of it
# was carried along (build/device: cudnnv linked with static inih and xxHash;
# its lib/cudnnv/cudnnv-install the needs reader alone, tests/bench/needs_reader.c,
# since that machine lacks the full helper's libraries).
cli="$top/build/device/bin/cudnnv"
if [ -x "$cli" ]; then
    export CUDNNV_ROOT="$out/cli-store"
    rm -rf "$CUDNNV_ROOT"
    echo "== cudnnv link torch-wheel (the wheel's cuDNN, by reference)"
    "$cli" link torch-wheel "$wheel"
    mkdir -p "$out/cli-project"
    cd "$out/cli-project"
    "$cli" use torch-wheel
    echo "== cudnnv check"
    "$cli" check
    echo "== cudnnv doctor (the venv's python first on PATH)"
    PATH="$(dirname "$python"):$PATH" "$cli" doctor
    echo "== cudnnv exec: PyTorch through the shims, started by cudnnv"
    "$cli" exec "$python" "$here/gpu_conv.py"
    libs='find library=(libcublas|libnvrtc|libz\.)|calling init: .*(libcublas|libnvrtc|libz\.)|file=.*(libcublas|libnvrtc).*\[0\]'
    echo "== what cuDNN loads besides itself, LD_DEBUG=libs: cudnnv check"
    LD_DEBUG=libs "$cli" check 2>&1 | grep -E "$libs" | sed 's/^ *[0-9]*: *//' | sort -u | head -40
    echo "== the same for a PyTorch convolution through the shims"
    LD_DEBUG=libs "$cli" exec "$python" "$here/gpu_conv.py" 2>&1 | grep -E "$libs" | sed 's/^ *[0-9]*: *//' | sort -u | head -40
    echo "== doctor's needs for the set linked to the wheel, and for part one's copy of it in a store"
    "$cli" doctor 2>&1 | grep -A1 'needs'
    (cd "$out/project" && CUDNNV_ROOT="$store" "$cli" doctor 2>&1 | grep -A1 'needs')
    echo "== cudnnv ps while PyTorch holds its convolution through the preloaded shim (part one's store)"
    (cd "$out/project" && CUDNNV_ROOT="$store" LD_PRELOAD="$shim" GPU_HOLD=20 "$python" "$here/gpu_conv.py" >/dev/null 2>&1) &
    sleep 14
    CUDNNV_ROOT="$store" "$cli" ps
    wait
    echo "== CUDNNV_STRICT=1: the same program, which also loads its wheel's copy"
    (cd "$out/project" && CUDNNV_ROOT="$store" LD_PRELOAD="$shim" CUDNNV_STRICT=1 "$python" "$here/gpu_conv.py" 2>&1 | tail -2)
    echo "== the machine's own CUDA libraries"
    ls /usr/local/cuda/lib64/libcublasLt* /usr/local/cuda/lib64/libnvrtc* 2>/dev/null | head
    /sbin/ldconfig -p | grep -E 'libcublasLt|libnvrtc\.' | head
fi
