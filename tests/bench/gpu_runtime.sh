#!/bin/sh
# The CUDA runtime a project pins, on a machine with an NVIDIA GPU and
# PyTorch (docs/store.md): cudnnv from its tarball brings the runtime from
# that machine's CUDA toolkit folder (only CUDA's libraries kept, the rest
# said), and PyTorch runs a convolution, a solve and an FFT in the project
# with its wheels' own CUDA folder hidden, every CUDA library mapped from
# the store; outside the project nothing serves it.
# Usage: gpu_runtime.sh CUDNNV_TARBALL [OUT_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
tarball=$1
out=${2:-/tmp/cudnnv-runtime}
python=$(command -v python3 || command -v python)
rm -rf "$out" && mkdir -p "$out/cudnnv" "$out/empty"
tar -xzf "$tarball" -C "$out/cudnnv" --strip-components=1
cli="$out/cudnnv/bin/cudnnv"
export CUDNNV_ROOT="$out/store"

echo "== machine"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
cuda=$("$python" -c 'import torch; print(".".join(torch.version.cuda.split(".")[:2]))')
site=$("$python" -c 'import nvidia, os; print(os.path.dirname(list(nvidia.__path__)[0]))')
wheel_cuda=$(dirname "$(find "$site/nvidia" -name 'libcudart.so.*' | head -1)")
wheel_cudnn=$(dirname "$(dirname "$(find "$site/nvidia" -name 'libcudnn.so.*' | head -1)")")
echo "PyTorch's CUDA folder: $wheel_cuda; its cuDNN: $wheel_cudnn"
toolkit=""
for dir in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda-"$cuda"/lib64; do
    [ -e "$dir/libcudart.so" ] && toolkit=$(readlink -f "$dir") && break
done
echo "the toolkit folder: ${toolkit:-none}; $(ls "$toolkit" 2>/dev/null | wc -l) entries, $(ls "$toolkit"/lib*.so* 2>/dev/null | wc -l) libraries"
ls "$toolkit" | grep -c 'libcudart\.so\.' >/dev/null && ls "$toolkit"/libcudart.so.*

echo "== the project: PyTorch's cuDNN linked as a set, CUDA $cuda pinned, the runtime from the toolkit folder"
mkdir -p "$out/project" "$out/outside"
cd "$out/project"
"$cli" link torch-cudnn "$wheel_cudnn"
"$cli" use torch-cudnn
"$cli" use --cuda-runtime "$cuda"
start=$(date +%s%N)
"$cli" install --cuda-libs-from "$toolkit"
echo "install took $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "the runtime holds: $(ls "$CUDNNV_ROOT/cuda/runtime/$cuda/lib" | tr '\n' ' ')"
du -sh "$CUDNNV_ROOT/cuda/runtime/$cuda/lib"
"$cli" verify
"$cli" version

echo "== PyTorch in the project, its own CUDA folder hidden (a mount namespace)"
unshare -m sh -c "mount --bind '$out/empty' '$wheel_cuda' && cd '$out/project' && '$cli' exec '$python' '$here/gpu_runtime.py'"
echo "exit status: $?"

echo "== the same outside the project: only what the loader finds by itself (the machine's own CUDA, if any)"
unshare -m sh -c "mount --bind '$out/empty' '$wheel_cuda' && cd '$out/outside' && '$python' '$here/gpu_runtime.py'" \
    > "$out/outside.log" 2>&1
echo "exit status: $?"
tail -3 "$out/outside.log"
