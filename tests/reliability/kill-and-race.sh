#!/bin/sh
# Robustness figures for docs/reliability.md (not part of make check: it
# takes minutes). Kills installs with SIGKILL at spread-out moments and
# checks that no half set is ever visible, then runs installs of one archive
# eight at a time and checks that each round leaves one whole set.
# Usage: kill-and-race.sh CUDNNV FIXTURES [KILLS] [ROUNDS]
set -u
cudnnv=$1 fixtures=$2 kills=${3:-20} rounds=${4:-5}
work=$(mktemp -d /tmp/cudnnv-reliability.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" CUDNNV_ROOT="$work/store"
mkdir -p "$HOME"
archive="$fixtures/archives/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
source=$archive
# With a real cuDNN on this machine, kill installs of an archive of it
# (about 500 MB to unpack and copy: seconds of work to interrupt).
if [ -e /usr/local/cuda/lib/libcudnn.so.9 ]; then
    real="$work/cudnn-linux-x86_64-9.19.0.56_cuda13-archive"
    mkdir -p "$real/lib" "$real/include"
    cp -a /usr/local/cuda/include/cudnn*.h "$real/include/"
    cp -a /usr/local/cuda/lib/libcudnn* "$real/lib/"
    "$fixtures/bin/mkarchive" "$work/real.tgz" "tree:$(basename "$real")=$real"
    rm -rf "$real"
    source="$work/real.tgz"
fi

whole_or_absent() { # every set under versions/ verifies
    for set in "$CUDNNV_ROOT"/versions/*; do
        [ -e "$set" ] || continue
        "$cudnnv" verify "$(basename "$set")" >/dev/null 2>&1 || return 1
    done
}

survived=0 interrupted=0
for i in $(seq "$kills"); do
    rm -rf "$CUDNNV_ROOT"
    "$cudnnv" install "$source" >/dev/null 2>&1 &
    pid=$!
    # spread the kills over the install: 0 to 4 s in 100 ms steps
    sleep "$(awk -v i="$i" 'BEGIN { printf "%.2f", (i % 40) * 0.1 }')"
    kill -9 "$pid" 2>/dev/null && interrupted=$((interrupted + 1))
    wait "$pid" 2>/dev/null
    if whole_or_absent; then
        survived=$((survived + 1))
    else
        echo "kill $i: a set under versions/ does not verify" >&2
    fi
    "$cudnnv" install --force "$archive" >/dev/null 2>&1   # the next change clears staging/
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ] || echo "kill $i: staging/ not cleared by the next change" >&2
done
echo "kill -9 during install ($source): $interrupted of $kills kills landed mid-install; $survived of $kills left no half set"

consistent=0
for round in $(seq "$rounds"); do
    rm -rf "$CUDNNV_ROOT"
    for _ in 1 2 3 4 5 6 7 8; do "$cudnnv" install --force "$archive" >/dev/null 2>&1 & done
    wait
    count=$(ls "$CUDNNV_ROOT/versions" | wc -l)
    if [ "$count" = 1 ] && whole_or_absent && [ -z "$(ls "$CUDNNV_ROOT/staging")" ]; then
        consistent=$((consistent + 1))
    else
        echo "round $round: $count sets, or one that does not verify" >&2
    fi
done
echo "8 concurrent installs of one archive: $consistent of $rounds rounds left one whole set"
