#!/usr/bin/env bash
# The steps of the setup-cudnn action (hooks/github/action.yml), runnable
# without GitHub: 'prepare' puts cudnnv on the runner and says the cache key
# and folder; 'install' installs what the lock names (--locked: any archive
# whose SHA-256 differs stops the job), exports the selection for later
# steps through $GITHUB_ENV and $GITHUB_PATH, and writes the outputs.
# GitHub's files and variables: GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT,
# RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_ACTION_PATH.
set -euo pipefail

die() { echo "::error::setup-cudnn: $(printf '%s' "$*" | tr -d '\000-\037\177')" >&2; exit 1; }

# Every input, and every value written for GitHub, is one line of plain text: a new line would be a second entry
# of GITHUB_PATH, GITHUB_ENV or GITHUB_OUTPUT, or a second key of a config.
one_line() {
    case $2 in
        *[[:cntrl:]]*) die "$1 holds a new line or a control character; give it on one line" ;;
    esac
}

# KEY=VALUE into GitHub's file FILE, VALUE checked.
put() {
    one_line "$2" "$3"
    printf '%s=%s\n' "$2" "$3" >> "$1"
}

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run this as a step of a GitHub Actions job}"
: "${GITHUB_ENV:?GITHUB_ENV is not set}"
: "${GITHUB_PATH:?GITHUB_PATH is not set}"
for input in INPUT_LOCK INPUT_MIRROR INPUT_VERSION INPUT_TARBALL INPUT_CUDNNV_PATH INPUT_RUNTIME INPUT_CUDA_LIBS INPUT_CHECK; do
    one_line "${input#INPUT_}" "${!input:-}"
done
export CUDNNV_ROOT=${CUDNNV_ROOT:-$HOME/.cudnnv}
one_line CUDNNV_ROOT "$CUDNNV_ROOT"
here=$(cd "$(dirname "$0")" && pwd)

# A folder of this step's own, made here (never one a name in a shared temporary folder could have had planted).
own_folder() {
    mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/setup-cudnn.XXXXXX" || die "cannot make a temporary folder"
}

# Installs Debian packages, through sudo where this user is not root.
apt_install() {
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# cudnnv built from the action's own checkout: make first where the runner has none, then 'make deps-demo all'
# (the Debian packages cudnnv's build needs, then the build), said in the log.
build_cudnnv() {
    echo "setup-cudnn: building cudnnv from the action's checkout ('make deps-demo all': installs the Debian packages the build needs)"
    command -v make >/dev/null || apt_install make || die "cannot install make to build cudnnv"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="SUDO=sudo"
    make -C "$here/../.." -s $sudo deps-demo all >&2 || die "cannot build cudnnv from the action's checkout"
}

# The cudnnv this job uses, on PATH for the rest of the step (and, through GITHUB_PATH, the job).
place_cudnnv() {
    local bin
    if [ -n "${INPUT_CUDNNV_PATH:-}" ]; then
        [ -f "$INPUT_CUDNNV_PATH" ] && [ -x "$INPUT_CUDNNV_PATH" ] || die "cudnnv-path '$INPUT_CUDNNV_PATH' is not a program"
        # a folder of its own, where 'cudnnv' is that program whatever its file's name (tools/cudnnv-1.2)
        bin=$(own_folder)
        ln -s "$(cd "$(dirname "$INPUT_CUDNNV_PATH")" && pwd)/$(basename "$INPUT_CUDNNV_PATH")" "$bin/cudnnv"
    elif [ -n "${INPUT_TARBALL:-}" ] || [ -n "${INPUT_VERSION:-}" ]; then
        local tarball=${INPUT_TARBALL:-} tools
        tools=$(own_folder)
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
        build_cudnnv
        bin=$(cd "$here/../../build/bin" && pwd)
    fi
    one_line "cudnnv's folder" "$bin"
    export PATH="$bin:$PATH"
    echo "$bin" >> "$GITHUB_PATH"
}

# The lock: cudnnv reads the one named cudnn.lock beside .cudnn-version, so 'lock' must name such a file.
check_lock() {
    INPUT_LOCK=${INPUT_LOCK:-cudnn.lock}
    [ -f "$INPUT_LOCK" ] || die "no lock at '$INPUT_LOCK': write it with 'cudnnv lock' and commit it"
    [ "$(basename "$INPUT_LOCK")" = cudnn.lock ] ||
        die "lock '$INPUT_LOCK': cudnnv installs from the cudnn.lock beside a project's .cudnn-version; name that file (e.g. gpu/cudnn.lock for a project in gpu/)"
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
    check_lock
    place_cudnnv
    mkdir -p "$CUDNNV_ROOT/cache"
    put "$GITHUB_OUTPUT" cache-key "$(cache_key)"
    put "$GITHUB_OUTPUT" cache-path "$CUDNNV_ROOT/cache"
}

# The job's own settings (CUDNNV_CONFIG: the store's config, whatever it holds, then this): a mirror is a folder (or
# file://), looked in by file name first, or an http(s) address that replaces the lock's base. The user's store's
# config is never written, so nothing of one job stays for the next on a runner that keeps HOME.
job_config() {
    local mirror=${INPUT_MIRROR:-} config
    config="$(own_folder)/config"
    [ ! -f "$CUDNNV_ROOT/config" ] || cp "$CUDNNV_ROOT/config" "$config"
    case $mirror in
        "") ;;
        http://*|https://*) printf '\n[download]\nbase_url = %s\n' "$mirror" >> "$config" ;;
        file://*) printf '\n[download]\nmirrors = %s\n' "${mirror#file://}" >> "$config" ;;
        *) printf '\n[download]\nmirrors = %s\n' "$mirror" >> "$config" ;;
    esac
    export CUDNNV_CONFIG="$config"
}

# --with-cuda-libs where the lock names CUDA libraries ([cuda ...] sections); where it names none, said, and left out.
cuda_libs_wanted() {
    [ "${INPUT_CUDA_LIBS:-false}" = true ] || return 1
    grep -q '^\[cuda ' "$INPUT_LOCK" && return 0
    echo "::warning::setup-cudnn: cuda-libs: $INPUT_LOCK names no CUDA libraries ([cuda ...] sections; 'cudnnv install --with-cuda-libs' then 'cudnnv lock' writes them): the sets alone are installed"
    return 1
}

install() {
    check_lock
    # the folder prepare put on GITHUB_PATH, first: never another cudnnv earlier on PATH
    local bin
    bin=$(tail -n 1 "$GITHUB_PATH")
    [ -x "$bin/cudnnv" ] || die "cudnnv is not where the prepare step put it: run the prepare step first"
    PATH="$bin:$PATH"
    local args=(install --locked) project
    [ "${INPUT_RUNTIME:-true}" = true ] && args+=(--runtime)
    cuda_libs_wanted && args+=(--with-cuda-libs)
    job_config
    project=$(cd "$(dirname "$INPUT_LOCK")" && pwd)
    (cd "$project" && cudnnv "${args[@]}") || die "cudnnv install --locked failed: what it said above names what is missing"
    local version set_path
    version=$(cd "$project" && cudnnv version-name) || die "the lock's pins select no installed set"
    set_path=$(cd "$project" && cudnnv prefix)
    (cd "$project" && cudnnv env --format github) >> "$GITHUB_ENV"
    put "$GITHUB_ENV" CUDNN_HOME "$set_path"
    put "$GITHUB_OUTPUT" cache-hit "${CACHE_HIT:-false}"
    put "$GITHUB_OUTPUT" cudnn-version "$version"
    put "$GITHUB_OUTPUT" set-path "$set_path"
    if [ "${INPUT_CHECK:-false}" = true ]; then
        (cd "$project" && cudnnv check) || die "cudnnv check failed"
    fi
}

case ${1:-} in
    prepare) prepare ;;
    install) install ;;
    *) die "usage: setup-cudnn.sh prepare|install" ;;
esac
