#!/usr/bin/env bash
# The steps of the setup-cudnn action (hooks/github/action.yml), runnable
# without GitHub: 'prepare' puts cudnnv on the runner and says the cache key
# and folder; 'install' installs what the lock names (--locked: any archive
# whose SHA-256 differs stops the job), exports the selection for later
# steps through $GITHUB_ENV and $GITHUB_PATH, and writes the outputs.
# GitHub's files and variables: GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT,
# RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_ACTION_PATH.
set -euo pipefail

die() { echo "::error::setup-cudnn: $*" >&2; exit 1; }

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run this as a step of a GitHub Actions job}"
: "${GITHUB_ENV:?GITHUB_ENV is not set}"
: "${GITHUB_PATH:?GITHUB_PATH is not set}"
temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
export CUDNNV_ROOT=${CUDNNV_ROOT:-$HOME/.cudnnv}
tools="$temp/setup-cudnn"
here=$(cd "$(dirname "$0")" && pwd)

# The cudnnv this job uses, on PATH for the rest of the step (and, through GITHUB_PATH, the job).
place_cudnnv() {
    local bin
    if [ -n "${INPUT_CUDNNV_PATH:-}" ]; then
        [ -x "$INPUT_CUDNNV_PATH" ] || die "cudnnv-path '$INPUT_CUDNNV_PATH' is not a program"
        bin=$(cd "$(dirname "$INPUT_CUDNNV_PATH")" && pwd)
    elif [ -n "${INPUT_TARBALL:-}" ] || [ -n "${INPUT_VERSION:-}" ]; then
        local tarball=${INPUT_TARBALL:-}
        mkdir -p "$tools"
        if [ -z "$tarball" ]; then
            local arch=x86_64
            [ "${RUNNER_ARCH:-X64}" = ARM64 ] && arch=aarch64
            tarball="https://github.com/${GITHUB_ACTION_REPOSITORY:-cudnnv/cudnnv}/releases/download/v$INPUT_VERSION/cudnnv-$INPUT_VERSION-linux-$arch.tar.gz"
        fi
        case $tarball in
            http://*|https://*) curl -fsSL --retry 3 -o "$tools/cudnnv.tar.gz" "$tarball" || die "cannot download $tarball" ;;
            *) cp "$tarball" "$tools/cudnnv.tar.gz" || die "cannot read $tarball" ;;
        esac
        tar -C "$tools" -xzf "$tools/cudnnv.tar.gz" || die "$tarball is not a cudnnv release tarball"
        bin=$(find "$tools" -mindepth 3 -maxdepth 3 -path '*/bin/cudnnv' -printf '%h\n' | head -1)
        [ -n "$bin" ] || die "$tarball holds no bin/cudnnv"
    else
        make -C "$here/../.." -s all >&2 || die "cannot build cudnnv from the action's checkout"
        bin=$(cd "$here/../../build/bin" && pwd)
    fi
    export PATH="$bin:$PATH"
    echo "$bin" >> "$GITHUB_PATH"
}

# runner OS, its version and arch, cudnnv's version, the lock's SHA-256: under the 512 characters actions/cache takes.
cache_key() {
    local os_version=unknown version lock_sum
    [ -r /etc/os-release ] && os_version=$(. /etc/os-release && echo "${ID:-linux}-${VERSION_ID:-unknown}")
    version=$(cudnnv --version | awk '{print $2}')
    lock_sum=$(sha256sum "$INPUT_LOCK" | cut -c1-64)
    printf 'cudnnv-%s-%s-%s-%s-%s' "${RUNNER_OS:-Linux}" "$os_version" "${RUNNER_ARCH:-X64}" "$version" "$lock_sum" |
        tr -c 'A-Za-z0-9._+-' '_' | cut -c1-500
}

prepare() {
    INPUT_LOCK=${INPUT_LOCK:-cudnn.lock}
    [ -f "$INPUT_LOCK" ] || die "no lock at '$INPUT_LOCK': write it with 'cudnnv lock' and commit it"
    place_cudnnv
    mkdir -p "$CUDNNV_ROOT/cache"
    { echo "cache-key=$(cache_key)"; echo "cache-path=$CUDNNV_ROOT/cache"; } >> "$GITHUB_OUTPUT"
}

# A mirror: a folder (or file://) is looked in by file name first; an http(s) address replaces the lock's base.
configure_mirror() {
    local mirror=${INPUT_MIRROR:-}
    [ -n "$mirror" ] || return 0
    mkdir -p "$CUDNNV_ROOT"
    case $mirror in
        http://*|https://*) printf '[download]\nbase_url = %s\n' "$mirror" >> "$CUDNNV_ROOT/config" ;;
        file://*) printf '[download]\nmirrors = %s\n' "${mirror#file://}" >> "$CUDNNV_ROOT/config" ;;
        *) printf '[download]\nmirrors = %s\n' "$mirror" >> "$CUDNNV_ROOT/config" ;;
    esac
}

install() {
    INPUT_LOCK=${INPUT_LOCK:-cudnn.lock}
    command -v cudnnv >/dev/null || PATH="$(tail -1 "$GITHUB_PATH"):$PATH"
    command -v cudnnv >/dev/null || die "cudnnv is not on PATH: run the prepare step first"
    local args=(install --locked) project
    [ "${INPUT_RUNTIME:-true}" = true ] && args+=(--runtime)
    [ "${INPUT_CUDA_LIBS:-false}" = true ] && args+=(--with-cuda-libs)
    configure_mirror
    project=$(cd "$(dirname "$INPUT_LOCK")" && pwd)
    (cd "$project" && cudnnv "${args[@]}") || die "cudnnv install --locked failed (see above); the lock's archives were not installed"
    local version set_path
    version=$(cd "$project" && cudnnv version-name) || die "the lock's pins select no installed set"
    set_path=$(cd "$project" && cudnnv prefix)
    (cd "$project" && cudnnv env --format github) >> "$GITHUB_ENV"
    echo "CUDNN_HOME=$set_path" >> "$GITHUB_ENV"
    { echo "cache-hit=${CACHE_HIT:-false}"; echo "cudnn-version=$version"; echo "set-path=$set_path"; } >> "$GITHUB_OUTPUT"
    if [ "${INPUT_CHECK:-false}" = true ]; then
        (cd "$project" && cudnnv check) || die "cudnnv check failed"
    fi
}

case ${1:-} in
    prepare) prepare ;;
    install) install ;;
    *) die "usage: setup-cudnn.sh prepare|install" ;;
esac
