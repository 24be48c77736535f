#!/bin/sh
# make bench: each figure is a ratio or difference against a reference
# measured in the same run (never a pass/fail test).
#   1. one cuDNN call through a trampoline vs a direct call
#   2. a whole process that loads the real cuDNN 9.19 and calls
#      cudnnGetVersion, through the shim vs direct (run alternately)
#   3. the size of each shim (ELF, and the Windows DLLs and AArch64 shims where built)
#   4. the shell hook against direnv: hook-env after a cd and unchanged, and a
#      whole bash prompt where nothing changed (cudnnv runs no process then);
#      a cd between two projects that pin a CUDA runtime vs between two
#      that pin only a set; the prompt path (version-name five folders below
#      its pin) vs an empty C program, with the system calls of each
#   5. verify against sha256sum
#   6. a container start with a set's CDI device vs without (podman)
# Usage: run.sh CUDNNV FIXTURES BUILD_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cudnnv=$1
fixtures=$2
build=$3
out="$build/bench"
mkdir -p "$out"
export CUDNNV_ROOT="$out/store"
rm -rf "$CUDNNV_ROOT"
unset CUDNNV_VERSION LD_PRELOAD || true

cc -O2 -o "$out/bench_call" "$here/bench_call.c" -ldl
"$cudnnv" install /usr/local/cuda 2>/dev/null
"$cudnnv" install "$fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" 2>/dev/null
"$cudnnv" rehash 2>/dev/null
shims="$CUDNNV_ROOT/shims/lib"

CUDNNV_VERSION=8.1.0 "$out/bench_call" "$CUDNNV_ROOT/versions/8.1.0.77/lib/libcudnn.so.8" "$shims/libcudnn.so.8" |
    tee "$out/call.txt"

cd "$out"
"$cudnnv" global 9.19
host="$fixtures/bin/host_real9"
cc -O2 -o "$out/alternate" "$here/alternate.c"
# process NAME DIRECT_ENV SHIM_ENV: the host direct vs through the shim, run alternately
process() {
    printf 'process (%s): ' "$1"
    "$out/alternate" 200 direct "env $2 $host" "through the shim" "env $3 $host"
}
# The shim alone on the path: cuDNN loads its sublibraries itself, from the set.
process clean "LD_LIBRARY_PATH=/usr/local/cuda/lib" \
    "LD_LIBRARY_PATH=$shims LD_PRELOAD=$shims/libcudnn.so.9" | tee "$out/process.txt"
# Another cuDNN on LD_LIBRARY_PATH: the shim loads all seven sublibraries first.
process shadowed "LD_LIBRARY_PATH=/usr/local/cuda/lib" \
    "LD_LIBRARY_PATH=$shims:/usr/local/cuda/lib LD_PRELOAD=$shims/libcudnn.so.9" | tee -a "$out/process.txt"

for major in 7 8 9; do   # as built (the store holds only the majors it has sets of)
    printf 'size: libcudnn.so.%s shim %s bytes (%s KiB)\n' "$major" \
        "$(stat -c %s "$build/lib/cudnnv/libcudnn.so.$major")" "$(( $(stat -c %s "$build/lib/cudnnv/libcudnn.so.$major") / 1024 ))"
done | tee "$out/size.txt"
for major in 7 8 9; do
    dll="$build/lib/cudnnv/windows/cudnn64_$major.dll"
    [ -f "$dll" ] && printf 'size: cudnn64_%s.dll shim %s bytes (%s KB)\n' "$major" "$(stat -c %s "$dll")" \
        "$(( $(stat -c %s "$dll") / 1000 ))"
done | tee -a "$out/size.txt"
for major in 7 8 9; do
    arm="$build/aarch64/lib/cudnnv/libcudnn.so.$major"
    [ -f "$arm" ] && printf 'size: AArch64 libcudnn.so.%s shim %s bytes (%s KiB)\n' "$major" "$(stat -c %s "$arm")" \
        "$(( $(stat -c %s "$arm") / 1024 ))"
done | tee -a "$out/size.txt"

# 4. The shell hook: cudnnv hook-env in a pinned project five levels deep,
#    after a cd and when nothing changed, against direnv on the same tree.
tree="$out/tree"
rm -rf "$tree"
deep="$tree/project/a/b/c/d/e"
mkdir -p "$deep" "$out/home"
export HOME="$out/home"
(cd "$tree/project" && "$cudnnv" use 8.1 >/dev/null 2>&1)
printf 'export CUDNN_HOME=%s\n' "$CUDNNV_ROOT/versions/8.1.0.77" > "$tree/project/.envrc"
direnv allow "$tree/project" >/dev/null 2>&1
cd "$deep"
changed_state=$(cd "$tree" && eval "$("$cudnnv" hook-env bash)" && printf '%s' "$__CUDNNV_STATE")
same_state=$(eval "$("$cudnnv" hook-env bash)" && printf '%s' "$__CUDNNV_STATE")
direnv_state=$(env -u DIRENV_DIFF -u DIRENV_DIR -u DIRENV_WATCHES -u DIRENV_FILE bash -c \
    'eval "$(direnv export bash 2>/dev/null)"; printf "%s\n%s\n%s\n%s" "$DIRENV_DIR" "$DIRENV_FILE" "$DIRENV_DIFF" "$DIRENV_WATCHES"')
hook_bench() { # hook_bench NAME: median ms of cudnnv hook-env and of direnv export, both after a cd or both unchanged
    hyperfine --warmup 20 --runs 300 -N --export-json "$out/hook-$1.json" \
        -n cudnnv "$cudnnv hook-env bash" -n direnv "direnv export bash" >/dev/null 2>&1
    awk -F: -v name="$1" '/"median"/ { gsub(/[ ,]/, "", $2); m[++n] = $2 }
        END { printf "hook (%s): cudnnv hook-env %.3f ms, direnv export %.3f ms (medians of 300), ratio %.2f\n",
                     name, m[1] * 1000, m[2] * 1000, m[1] / m[2] }' "$out/hook-$1.json"
}
(
    export __CUDNNV_STATE="$changed_state"
    unset DIRENV_DIR DIRENV_FILE DIRENV_DIFF DIRENV_WATCHES
    hook_bench "after a cd"
) | tee "$out/hook.txt"
(
    export __CUDNNV_STATE="$same_state"
    DIRENV_DIR=$(echo "$direnv_state" | sed -n 1p) DIRENV_FILE=$(echo "$direnv_state" | sed -n 2p)
    DIRENV_DIFF=$(echo "$direnv_state" | sed -n 3p) DIRENV_WATCHES=$(echo "$direnv_state" | sed -n 4p)
    export DIRENV_DIR DIRENV_FILE DIRENV_DIFF DIRENV_WATCHES
    hook_bench "nothing changed"
) | tee -a "$out/hook.txt"
hyperfine --warmup 20 --runs 300 -N --export-json "$out/true.json" /bin/true >/dev/null 2>&1
awk -F: '/"median"/ { gsub(/[ ,]/, "", $2); printf "reference: /bin/true %.3f ms (median of 300; process start on this machine)\n", $2 * 1000 }' \
    "$out/true.json" | tee -a "$out/hook.txt"

# 4b. A whole prompt with nothing changed, inside bash: the hook that
#     'cudnnv init bash' installs (builtins only, no process) against
#     direnv's own bash hook (a direnv process at every prompt), same tree.
prompt_cost() { # prompt_cost INIT_CODE HOOK RUNS: microseconds per prompt
    bash --norc --noprofile -c '
        eval "$1"; $2
        start=$EPOCHREALTIME
        for ((i = 0; i < $3; i++)); do $2; done
        end=$EPOCHREALTIME
        awk -v s="$start" -v e="$end" -v n="$3" "BEGIN { printf \"%.1f\", (e - s) * 1e6 / n }"' \
        sh "$1" "$2" "$3"
}
cudnnv_prompt=$(unset __CUDNNV_STATE; prompt_cost "$("$cudnnv" init bash)" _cudnnv_hook 2000)
direnv_prompt=$(prompt_cost "$(direnv hook bash)" _direnv_hook 300 2>/dev/null)   # (its coloured "loading" line)
awk -v c="$cudnnv_prompt" -v d="$direnv_prompt" 'BEGIN {
    printf "prompt (nothing changed, in bash): cudnnv hook %.1f us, direnv hook %.1f us per prompt, ratio %.3f\n", c, d, c / d }' |
    tee -a "$out/hook.txt"

# 4c. A cd between two projects that each pin a CUDA runtime ("cuda 11.0":
#     the hook puts it on LD_LIBRARY_PATH) against a cd between two projects
#     that pin only a set: hook-env in one with the other's state, alternated.
"$cudnnv" install "$fixtures/archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" 2>/dev/null
pins="$out/pins"
rm -rf "$pins"
mkdir -p "$pins/a" "$pins/b" "$pins/rt-a" "$pins/rt-b"
(cd "$pins/a" && "$cudnnv" use 8.0 >/dev/null 2>&1)
(cd "$pins/b" && "$cudnnv" use 8.1 >/dev/null 2>&1)
printf '8.0\ncuda 11.0\n' > "$pins/rt-a/.cudnn-version"
printf '8.1\ncuda 11.2\n' > "$pins/rt-b/.cudnn-version"
(cd "$pins/rt-a" && "$cudnnv" install --cuda-libs-from "$fixtures/cuda-runtime/11.0/lib64" >/dev/null 2>&1)
(cd "$pins/rt-b" && "$cudnnv" install --cuda-libs-from "$fixtures/cuda-runtime/11.2/lib64" >/dev/null 2>&1)
for project in a b rt-a rt-b; do
    (cd "$pins/$project" && eval "$("$cudnnv" hook-env bash)" && printf '%s' "$__CUDNNV_STATE") > "$out/state-$project"
done
cd_line() { # cd_line FROM TO: hook-env in TO with FROM's state, as the prompt after 'cd TO' runs it
    printf "cd '%s' && __CUDNNV_STATE=\"\$(cat '%s')\" exec '%s' hook-env bash" "$pins/$2" "$out/state-$1" "$cudnnv"
}
printf 'cd between projects: ' | tee "$out/cd.txt"
"$out/alternate" 300 "two pins" "$(cd_line b a)" "two pins with CUDA runtimes" "$(cd_line rt-b rt-a)" |
    tee -a "$out/cd.txt"
cd "$deep"

# 4d. The prompt path: 'cudnnv version-name' in the project above, five
#     folders below its pin, against an empty C program, both started
#     without a shell and alternated; 'cudnnv --version' (the same program
#     doing no work) shows what the program's own start costs. Then the
#     system calls each makes, counted by strace.
printf 'int main(void) { return 0; }\n' > "$out/empty.c"
cc -O2 -o "$out/empty" "$out/empty.c"
# the program as the packages ship it: stripped as manager/packaging/deb-build.sh and dist-bundle.sh strip it
# (beside the build's lib/ and share/, where it finds its helpers and data)
mkdir -p "$out/shipped/bin"
strip --strip-unneeded --remove-section=.comment -o "$out/shipped/bin/cudnnv" "$cudnnv"
ln -sfn "$(dirname "$cudnnv")/../lib" "$out/shipped/lib"
ln -sfn "$(dirname "$cudnnv")/../share" "$out/shipped/share"
shipped="$out/shipped/bin/cudnnv"
{
    printf 'prompt path (as shipped, stripped): '
    "$out/alternate" -N 2000 "empty C program" "$out/empty" "cudnnv version-name" "$shipped version-name"
    printf 'prompt path (the build, with its DWARF): '
    "$out/alternate" -N 2000 "empty C program" "$out/empty" "cudnnv version-name" "$cudnnv version-name"
    printf 'prompt path (as shipped, stripped): '
    "$out/alternate" -N 2000 "empty C program" "$out/empty" "cudnnv --version" "$shipped --version"
    syscalls() { strace -f -c -o "$out/strace.txt" "$@" >/dev/null 2>&1 && awk '$NF == "total" { print $4 }' "$out/strace.txt"; }
    if command -v strace >/dev/null; then
        printf 'prompt path: system calls: cudnnv version-name %s, cudnnv --version %s, empty C program %s\n' \
            "$(syscalls "$cudnnv" version-name)" "$(syscalls "$cudnnv" --version)" "$(syscalls "$out/empty")"
    else
        echo "prompt path: system calls not counted: strace is not installed"
    fi
} | tee "$out/prompt-path.txt"

# 5. verify: XXH3-128 of every file of the real 9.19 set against its
#    MANIFEST, vs sha256sum over the same files, warm cache.
real_set=$(cd "$CUDNNV_ROOT/versions" && ls -d 9.19.0* | head -1)
set_dir="$CUDNNV_ROOT/versions/$real_set"
(cd "$set_dir" && find . -type f ! -name MANIFEST | sort > "$out/verify-files.txt")
cat $(sed "s|^\.|$set_dir|" "$out/verify-files.txt") > /dev/null
hyperfine --warmup 2 --runs 10 -N --export-json "$out/verify.json" \
    -n verify "$cudnnv verify $real_set" \
    -n sha256sum "sh -c 'cd $set_dir && xargs sha256sum < $out/verify-files.txt'" >/dev/null 2>&1
awk -F: -v bytes="$(du -sb --apparent-size "$set_dir" | cut -f1)" '/"median"/ { gsub(/[ ,]/, "", $2); m[++n] = $2 }
    END { printf "verify: cudnnv verify %.3f s, sha256sum %.3f s over %.0f MB (medians of 10, warm cache): %.1fx faster\n",
                 m[1], m[2], bytes / 1e6, m[2] / m[1] }' "$out/verify.json" | tee "$out/verify.txt"

# 6. A container's start with a set's CDI device and without (podman).
"$here/container-start.sh" "$cudnnv" "$fixtures" "$out" "$out/alternate" | tee "$out/container.txt"
