#!/bin/sh
# make bench: each figure is a ratio or difference against a reference
# measured in the same run (never a pass/fail test).
#   1. one cuDNN call through a trampoline vs a direct call
#   2. a whole process that loads the real cuDNN 9.19 and calls
#      cudnnGetVersion, through the shim vs direct (hyperfine)
#   3. the size of each shim
# Usage: run.sh CUDNNV FIXTURES BUILD_DIR
set -eu
cudnnv=$1
fixtures=$2
build=$3
out="$build/bench"
mkdir -p "$out"
export CUDNNV_ROOT="$out/store"
rm -rf "$CUDNNV_ROOT"
unset CUDNNV_VERSION LD_PRELOAD || true

cc -O2 -o "$out/bench_call" "$(dirname "$0")/bench_call.c" -ldl
"$cudnnv" install /usr/local/cuda 2>/dev/null
"$cudnnv" install "$fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77.tgz" 2>/dev/null
"$cudnnv" rehash 2>/dev/null
shims="$CUDNNV_ROOT/shims/lib"

CUDNNV_VERSION=8.1.0 "$out/bench_call" "$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn.so.8" "$shims/libcudnn.so.8" |
    tee "$out/call.txt"

cd "$out"
"$cudnnv" global 9.19
host="$fixtures/bin/host_real9"
# process NAME DIRECT_ENV SHIM_ENV: mean wall time of the host, direct vs through the shim
process() {
    hyperfine --warmup 5 --runs 60 -N --export-json "$out/$1.json" \
        -n direct "env $2 $host" -n shim "env $3 $host" >/dev/null 2>&1
    awk -F: -v name="$1" '/"mean"/ { gsub(/[ ,]/, "", $2); mean[++n] = $2 }
        END { printf "process (%s): direct %.2f ms, through the shim %.2f ms, ratio %.3f (hyperfine, 60 runs each)\n",
                     name, mean[1] * 1000, mean[2] * 1000, mean[2] / mean[1] }' "$out/$1.json"
}
# The shim alone on the path: cuDNN loads its sublibraries itself, from the set.
process clean "LD_LIBRARY_PATH=/usr/local/cuda/lib" \
    "LD_LIBRARY_PATH=$shims LD_PRELOAD=$shims/libcudnn.so.9" | tee "$out/process.txt"
# Another cuDNN on LD_LIBRARY_PATH: the shim loads all seven sublibraries first.
process shadowed "LD_LIBRARY_PATH=/usr/local/cuda/lib" \
    "LD_LIBRARY_PATH=$shims:/usr/local/cuda/lib LD_PRELOAD=$shims/libcudnn.so.9" | tee -a "$out/process.txt"

for major in 7 8 9; do
    printf 'size: libcudnn.so.%s shim %s bytes (%s KiB)\n' "$major" \
        "$(stat -c %s "$shims/libcudnn.so.$major")" "$(( $(stat -c %s "$shims/libcudnn.so.$major") / 1024 ))"
done | tee "$out/size.txt"
