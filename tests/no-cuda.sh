#!/bin/sh
# Runs 'make demo' and 'make check' from a clean clone as on a machine with
# no CUDA and no cuDNN: in a private mount namespace where every
# /usr/local/cuda* folder is hidden under an empty one (root only; nothing
# outside the namespace changes). The real-cuDNN tests then skip, each with
# one line saying why. Usage: tests/no-cuda.sh [CLONE_DIR]
set -eu
clone=${1:-$(mktemp -d /tmp/cudnnv-no-cuda.XXXXXX)}
rm -rf "$clone"
git clone -q "$(git rev-parse --show-toplevel)" "$clone"
exec unshare -m sh -c '
    for dir in /usr/local/cuda*; do
        [ -d "$dir" ] && mount --bind "$(mktemp -d)" "$dir"
    done
    ls /usr/local/cuda/lib 2>/dev/null | grep -q cudnn && { echo "cuDNN still visible" >&2; exit 1; }
    cd "$1" && make demo && make check
' sh "$clone"
