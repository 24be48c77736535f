#!/bin/bash
# A pip user's CUDA as it is today, on a machine with an NVIDIA GPU, PyTorch
# (CUDA 13 wheels) and JAX: a local PEP 503 index made of the environment's
# installed NVIDIA packages (gpu_index.py: real names and versions, RECORDs,
# the -cu13 names as source stubs, NVIDIA's cuda-toolkit), NVIDIA's redist out
# of reach, the image's CUDA and the wheels' own CUDA and cuDNN folders hidden
# (tmpfs; the image's CUDA is back for (2): JAX's ptxas). (1) A project's CUDA 13.0 runtime and cuDNN come from that index
# alone; PyTorch runs a convolution and a solve on them; a plain 'cudnnv
# check' passes in the project. (2) 'use --for torch --for jax' pins from the
# environment's wheels, 'install' brings it from the index, and both
# frameworks run a convolution in one process started through the bash
# hook, while 'cudnnv ps' names the process's cuDNN and runtime.
# Usage: gpu_frameworks.sh CUDNNV_TARBALL [OUT_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
tarball=$1
out=${2:-/tmp/cudnnv-frameworks}
python=$(command -v python3)
rm -rf "$out" && mkdir -p "$out/cudnnv" "$out/hidden"
tar -xzf "$tarball" -C "$out/cudnnv" --strip-components=1
export PATH="$out/cudnnv/bin:$PATH" CUDNNV_ROOT="$out/store"
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

echo "== machine"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
site=$("$python" -c 'import torch, os; print(os.path.dirname(os.path.dirname(torch.__file__)))')
"$python" -c 'import torch, jax; print("torch", torch.__version__, "jax", jax.__version__)'
ls "$site" | grep -E '^(jax|torch|nvidia_cudnn|cuda_toolkit)[^/]*dist-info$' | tr '\n' ' '; echo

echo "== the index, from the environment's installed NVIDIA packages"
"$python" "$here/gpu_index.py" "$site" "$out/index" | tr '\n' ';'; echo
(cd "$out/index" && exec "$python" -m http.server 8765 --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
sleep 2
index=http://127.0.0.1:8765/simple
mkdir -p "$CUDNNV_ROOT"
printf '[catalog]\ncuda_redist = http://127.0.0.1:9/unreachable/\n' > "$CUDNNV_ROOT/config"

echo "== hidden: the image's CUDA and the wheels' CUDA and cuDNN folders"
for dir in $(readlink -f /usr/local/cuda) "$site/nvidia/cu13/lib" "$site/nvidia/cudnn/lib"; do
    [ -d "$dir" ] && mount -t tmpfs none "$dir" && echo "hidden $dir ($(ls "$dir" | wc -l) entries now)"
done

echo "== (1) a project's cuDNN and CUDA 13.0 runtime from the index alone"
mkdir -p "$out/p59" && cd "$out/p59"
start=$(date +%s%N)
cudnnv install --index-url "$index" --cuda 13 9.19 2>&1 | tail -2
echo "cuDNN from the index: $(ms "$start") ms"
cudnnv use 9.19 --cuda-runtime 13.0
start=$(date +%s%N)
cudnnv install --index-url "$index" 2>&1 | grep -v downloading
echo "runtime from the index: $(ms "$start") ms; it holds: $(ls "$CUDNNV_ROOT/cuda/runtime/13.0/lib" | tr '\n' ' ')"
cudnnv verify
cudnnv lock && echo "the lock: $(grep -c '^[0-9]*\.sha256' cudnn.lock) runtime wheels with their sha256"
echo "-- plain check in the project"
cudnnv check; echo "check exit status: $?"
echo "-- PyTorch in the project"
cudnnv exec "$python" "$here/gpu_runtime.py"; echo "exit status: $?"

echo "== (2) use --for torch --for jax from the environment, install from the index, both in one process"
# the image's CUDA back (JAX compiles its kernels with its ptxas, a compiler, no runtime library); the wheels'
# CUDA and cuDNN folders stay hidden
toolkit=$(readlink -f /usr/local/cuda)
umount "$toolkit" 2>/dev/null && echo "the image's CUDA ($toolkit) is back, for JAX's ptxas"
mkdir -p "$out/p60" && cd "$out/p60"
cudnnv use --for torch --for jax; echo "use exit status: $?"
cat .cudnn-version; cudnnv use | grep '^#'
start=$(date +%s%N)
cudnnv install --index-url "$index" 2>&1 | grep -v downloading
echo "install: $(ms "$start") ms"
rm -f "$out/ready"
READY="$out/ready" PAUSE=15 bash -c "eval \"\$(cudnnv init bash)\"; cd '$out/p60' && '$python' '$here/gpu_both.py'" &
both=$!
for _ in $(seq 240); do [ -e "$out/ready" ] && break; sleep 0.5; done
cudnnv ps
wait "$both"; echo "both exit status: $?"
kill "$server" 2>/dev/null
for dir in "$site/nvidia/cudnn/lib" "$site/nvidia/cu13/lib" $(readlink -f /usr/local/cuda); do umount "$dir" 2>/dev/null; done
