# Shared by every bats file: a throw-away store per test, the cudnnv under
# test, and the fixtures built by tests/fixtures/build-fixtures.sh.

: "${CUDNNV:?set CUDNNV to the cudnnv binary (make bats does)}"
: "${FIXTURES:?set FIXTURES to the fixture directory (make bats does)}"

bats_require_minimum_version 1.5.0

ARCHIVES="$FIXTURES/archives"
SETS="$FIXTURES/sets"
# A real cuDNN 9, when the machine has one: /usr/local/cuda (the standard
# place), or CUDNNV_TEST_CUDNN=DIR for one elsewhere. Tests that need it skip
# with that reason when there is none.
REAL_CUDA=${CUDNNV_TEST_CUDNN:-/usr/local/cuda}
# The name the real cuDNN gets: 9.19.0, with the build number when the
# toolkit was assembled from NVIDIA's wheels (dist-info/nvidia_cudnn_cu13-9.19.0.56.dist-info).
REAL_SET=$(ls "$REAL_CUDA/dist-info" 2>/dev/null | sed -n 's/^nvidia_cudnn_cu[0-9]*-\(9\.19\.0[0-9.]*\)\.dist-info$/\1/p' | head -1)
REAL_SET=${REAL_SET:-9.19.0}

# Skips the test, saying why, when no real cuDNN is on this machine.
require_real_cudnn() {
    if [ ! -e "$REAL_CUDA/lib/libcudnn.so.9" ] && [ ! -e "$REAL_CUDA/lib64/libcudnn.so.9" ]; then
        skip "no real cuDNN 9 in $REAL_CUDA (set CUDNNV_TEST_CUDNN=DIR to use one elsewhere)"
    fi
}

setup() {
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/store"
    export HOME="$BATS_TEST_TMPDIR/home"
    export CUDNNV_SYSTEM_ROOT="$BATS_TEST_TMPDIR/system"   # none unless a test makes one
    unset CUDNNV_VERSION
    mkdir -p "$HOME" "$BATS_TEST_TMPDIR/project"
    cd "$BATS_TEST_TMPDIR/project"
}

cudnnv() {
    "$CUDNNV" "$@"
}

# share_programs DIR: for a test that runs cudnnv as another user. The clone
# may sit in a folder only its owner can enter (root's home, a mktemp -d
# folder), so the other user could not even start build/bin/cudnnv: this
# copies cudnnv with its helpers and data (the layout 'make install' gives)
# and the fixtures into DIR/programs, readable by all, and points CUDNNV,
# FIXTURES, ARCHIVES and SETS at the copy. DIR must be readable by all and
# is the test's to remove.
share_programs() {
    local to="$1/programs" build
    build=$(dirname "$(dirname "$CUDNNV")")
    mkdir -p "$to/bin" "$to/lib" "$to/share"
    cp -a "$CUDNNV" "$to/bin/"
    cp -a "$build/lib/cudnnv" "$to/lib/"
    cp -a "$build/share/cudnnv" "$to/share/"
    cp -a "$FIXTURES" "$to/fixtures"
    chmod -R a+rX "$to"
    chmod 755 "$1"
    CUDNNV="$to/bin/cudnnv"
    FIXTURES="$to/fixtures"
    ARCHIVES="$FIXTURES/archives"
    SETS="$FIXTURES/sets"
}

# Installs fixture archives quietly: install_fixture ARCHIVE_FILE_NAME...
install_fixture() {
    for archive in "$@"; do
        "$CUDNNV" install "$ARCHIVES/$archive" 2>/dev/null || return 1
    done
}

install_usual_fixtures() {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz \
        cudnn-11.2-linux-x64-v8.1.0.77-test.tgz \
        cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz \
        cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
}

# A store with 8.0.4 and 8.1.0 and its shims; SHIMS names their folder.
setup_store() {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    cudnnv rehash 2>/dev/null
    SHIMS="$CUDNNV_ROOT/shims/lib"
}

# host: the TF-style host through the shims, in the current directory (never hangs a test).
host() {
    LD_LIBRARY_PATH="$SHIMS" timeout 10 "$FIXTURES/bin/host_dlopen"
}

# assert_output_has TEXT [WHERE]: fails the test with what was seen when
# WHERE (default $output) lacks a piece of text.
assert_output_has() {
    local where=${2-$output}
    case "$where" in
    *"$1"*) return 0 ;;
    esac
    echo "expected to find: $1" >&2
    echo "in: $where" >&2
    return 1
}

# refute_output_has TEXT [WHERE]: fails the test, showing where, when WHERE
# (default $output) holds the text. (A '! command' line in the middle of a
# bats test can never fail: bash's errexit ignores a negated command. These
# helpers are what to use instead.)
refute_output_has() {
    local where=${2-$output}
    case "$where" in
    *"$1"*)
        echo "expected not to find: $1" >&2
        echo "in: $where" >&2
        return 1 ;;
    esac
    return 0
}

# refute_lines_match REGEX [TEXT]: no line of TEXT (default $output) matches
# the extended regular expression.
refute_lines_match() {
    local text=${2-$output} found
    found=$(printf '%s\n' "$text" | grep -E -- "$1") || return 0
    echo "expected no line to match: $1" >&2
    echo "matching: $found" >&2
    return 1
}

# assert_all_lines_match REGEX TEXT: every non-empty line of TEXT matches.
assert_all_lines_match() {
    local others
    others=$(printf '%s\n' "$2" | grep -v -E -- "$1" | grep -v '^$') || return 0
    echo "expected every line to match: $1" >&2
    echo "these do not: $others" >&2
    return 1
}

# assert_sets NAME...: the store holds exactly these sets, in the order
# 'cudnnv versions --bare' lists them.
assert_sets() {
    local listed expected
    listed=$(cudnnv versions --bare)
    expected=$(printf '%s\n' "$@")
    [ "$listed" = "$expected" ] && return 0
    echo "expected the sets: $*" >&2
    echo "listed: $listed" >&2
    return 1
}

assert_status() {
    if [ "$status" -ne "$1" ]; then
        echo "expected status $1, got $status; output: $output" >&2
        return 1
    fi
}

# Serves one test archive on 127.0.0.1 with tests/fixtures/http_server.c:
# serve_archive FILE [--cut-after BYTES]. Sets SERVED (the folder), PORT and
# SERVER_PID; requests are logged to $BATS_TEST_TMPDIR/requests. A file's
# teardown stops it with stop_server.
serve_archive() {
    local archive=$1
    shift
    SERVED="$BATS_TEST_TMPDIR/served"
    mkdir -p "$SERVED"
    cp "$ARCHIVES/$archive" "$SERVED/"
    serve_folder "$SERVED" "$@"
}

# serve_folder DIR [--cut-after BYTES]: the same for a folder the test filled.
serve_folder() {
    local folder=$1
    shift
    "$FIXTURES/bin/http_server" "$folder" "$BATS_TEST_TMPDIR/port" "$BATS_TEST_TMPDIR/requests" "$@" &
    SERVER_PID=$!
    for _ in $(seq 100); do [ -s "$BATS_TEST_TMPDIR/port" ] && break; sleep 0.05; done
    PORT=$(cat "$BATS_TEST_TMPDIR/port")
}

# nvidia_package OUT.conda ITEM...: a .conda whose payload holds only the items (as NVIDIA's packages do).
nvidia_package() {
    local out=$1 work="$BATS_TEST_TMPDIR/nvwork"
    shift
    mkdir -p "$work"
    echo '{}' > "$work/index.json"
    "$FIXTURES/bin/mkarchive" "$work/pkg.tar.zst" "$@"
    "$FIXTURES/bin/mkarchive" "$work/info.tar.zst" "file:info/index.json=$work/index.json"
    "$FIXTURES/bin/mkarchive" "$out" "file:metadata.json=$work/index.json" "file:info-x.tar.zst=$work/info.tar.zst" \
        "file:pkg-x.tar.zst=$work/pkg.tar.zst"
}

# tls_server FOLDER: a CA and a certificate for 127.0.0.1 signed by it, made here (CA: the CA's file), and
# OpenSSL's own server (s_server -WWW) serving FOLDER's files over https on PORT.
tls_server() {
    local tls="$BATS_TEST_TMPDIR/tls"
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tls/ca.key" -out "$tls/ca.pem" -days 2 \
        -subj "/CN=cudnnv test CA" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -keyout "$tls/server.key" -out "$tls/server.csr" -subj "/CN=127.0.0.1" 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1\n' > "$tls/extensions"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial -days 2 \
        -extfile "$tls/extensions" -out "$tls/server.pem" 2>/dev/null
    (cd "$1" && exec openssl s_server -accept 0 -cert "$tls/server.pem" -key "$tls/server.key" -WWW) > "$tls/log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do grep -q '^ACCEPT' "$tls/log" && break; sleep 0.05; done
    PORT=$(sed -n 's/^ACCEPT .*:\([0-9]*\)$/\1/p' "$tls/log")
    CA="$tls/ca.pem"
}

stop_server() {
    [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
}

# Every test's end, unless its file defines its own: a server it started is stopped.
teardown() {
    stop_server
}

# two_projects: the usual fixtures installed, and two projects: $BATS_TEST_TMPDIR/A pinning 8.0.4, B pinning 8.1.0.
two_projects() {
    install_usual_fixtures
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    (cd "$BATS_TEST_TMPDIR/A" && cudnnv use 8.0.4)
    (cd "$BATS_TEST_TMPDIR/B" && cudnnv use 8.1.0)
}

# assert_empty_folder DIR: DIR is there, and holds nothing (a missing folder is not an empty one).
assert_empty_folder() {
    [ -d "$1" ] || { echo "no folder $1" >&2; return 1; }
    [ -z "$(ls -A "$1")" ] || { echo "left in $1: $(ls -A "$1")" >&2; return 1; }
}

# assert_no_runtime RELEASE: a refused install kept nothing: no CUDA RELEASE runtime in the store, nothing in the
# staging folder it worked in.
assert_no_runtime() {
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/$1" ] || { echo "the CUDA $1 runtime was kept" >&2; return 1; }
    assert_empty_folder "$CUDNNV_ROOT/staging"
}

# expect_line FILE LINE: FILE holds LINE, exactly, as one of its lines.
expect_line() {
    grep -qxF "$2" "$1" || { echo "$1 lacks: $2" >&2; cat "$1" >&2; return 1; }
}

# write_test_release PLATFORM ARCHIVE URL SHA256 MIN_DRIVER: a fetched catalog
# holding release 8.1.0.77 with one CUDA 11.2 build, whose PLATFORM (linux,
# windows) archive is ARCHIVE at URL.
write_test_release() {
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    printf '[release]\nversion = 8.1.0.77\n\n[build cuda11.2]\ncuda = 11.2\nmin_driver_%s = %s\n' "$1" "$5" \
        > "$CUDNNV_ROOT/catalog/catalog/8.1.0.77.ini"
    printf '%s_archive = %s\n%s_url = %s\n%s_sha256 = %s\n' "$1" "$2" "$1" "$3" "$1" "$4" \
        >> "$CUDNNV_ROOT/catalog/catalog/8.1.0.77.ini"
}

# pinned_project BASE PROJECT: the catalog's 8.1.0.77 for CUDA 11.2, its fixture archive at BASE/NAME (a
# file:// folder or a served one), installed; PROJECT made, entered and pinned to 8.1. SUM is the archive's SHA-256.
pinned_project() {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    SUM=$(sum "$ARCHIVES/$archive")
    write_test_release linux "$archive" "$1/$archive" "$SUM" 460.27.03
    cudnnv install 8.1.0.77 2>/dev/null
    PROJECT=$2
    mkdir -p "$PROJECT"
    cd "$PROJECT"
    cudnnv use 8.1 2>/dev/null
}

# wheel_of OUT TREE INFO: a wheel OUT made of the folder TREE (each folder at its top one of the wheel's: nvidia/,
# INFO), INFO being its NAME-VERSION.dist-info, with a METADATA (a bare one unless TREE/INFO has it) and a RECORD of
# every file's url-safe base64 SHA-256, as pip checks it; with TAMPER (a path below TREE), that file is changed
# after its RECORD was written.
wheel_of() {
    local out=$1 tree=$2 info=$3 top items=()
    mkdir -p "$tree/$info" "$(dirname "$out")"
    [ -f "$tree/$info/METADATA" ] || printf 'Metadata-Version: 2.1\n' > "$tree/$info/METADATA"
    (cd "$tree" && find . -type f ! -path "./$info/RECORD" | sed 's|^\./||' | sort | while read -r file; do
        printf '%s,sha256=%s,%s\n' "$file" "$(openssl dgst -sha256 -binary "$file" | base64 | tr '+/' '-_' | tr -d '=')" \
            "$(stat -c %s "$file")"
    done > "$info/RECORD.tmp" && echo "$info/RECORD,," >> "$info/RECORD.tmp" && mv "$info/RECORD.tmp" "$info/RECORD")
    [ -z "${TAMPER:-}" ] || echo tampered >> "$tree/$TAMPER"
    for top in "$tree"/*; do items+=("tree:$(basename "$top")=$top"); done
    "$FIXTURES/bin/mkarchive" "$out" "${items[@]}"
}

# make_wheel OUT [TAMPER]: a wheel of the 9.1.0 fixture (nvidia/cudnn/{lib,include} and its dist-info
# with METADATA and a RECORD); with TAMPER, a library changed after.
make_wheel() {
    local tree="$BATS_TEST_TMPDIR/wheel-tree" info=nvidia_cudnn_cu12-9.1.0.70.dist-info
    rm -rf "$tree"
    mkdir -p "$tree/nvidia/cudnn" "$tree/$info"
    cp -a "$SETS/9.1.0/lib" "$SETS/9.1.0/include" "$tree/nvidia/cudnn/"
    printf 'Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.1.0.70\n' > "$tree/$info/METADATA"
    TAMPER=${2:+nvidia/cudnn/lib/libcudnn.so.9.1.0} wheel_of "$1" "$tree" "$info"
}

# make_artifact TARGET NAME...: 'make TARGET' (dist, deb, wheel) in the repository, then each file
# build/dist/NAME (VERSION in NAME replaced by the version cudnnv --version says; a glob that must match one
# file) copied into the test's folder: artifact is the first copy, artifacts all of them. Under a lock: test
# files run in parallel, and each make rewrites build/dist.
make_artifact() {
    local repo="$BATS_TEST_DIRNAME/../.." target=$1 pattern patterns=()
    version=$("$CUDNNV" --version | cut -d' ' -f2)
    shift
    for pattern in "$@"; do patterns+=("${pattern//VERSION/$version}"); done
    run flock "$repo/build/.artifacts.lock" sh -c '
        repo=$1 target=$2 to=$3
        shift 3
        make -C "$repo" --no-print-directory -s "$target" || exit 1
        for pattern in "$@"; do
            set -- "$repo"/build/dist/$pattern
            [ $# -eq 1 ] && [ -f "$1" ] || { echo "not one file: $*" >&2; exit 1; }
            cp "$1" "$to/" || exit 1
        done' sh "$repo" "$target" "$BATS_TEST_TMPDIR" "${patterns[@]}"
    assert_status 0
    artifacts=()
    for pattern in "${patterns[@]}"; do artifacts+=("$(ls -d "$BATS_TEST_TMPDIR"/$pattern)"); done
    artifact=${artifacts[0]}
    [ -f "$artifact" ]
}

# conda_package_of OUT.conda|OUT.tar.bz2 NAME VERSION ITEM...: a conda package of the items (mkarchive's), with
# info/index.json; a .conda holds them as pkg-*.tar.zst beside info-*.tar.zst and metadata.json, as conda lays it out.
conda_package_of() {
    local out=$1 name=$2 version=$3 work="$BATS_TEST_TMPDIR/pkgwork"
    shift 3
    mkdir -p "$work"
    printf '{"name": "%s", "version": "%s"}\n' "$name" "$version" > "$work/index.json"
    local files=("$@" "file:info/index.json=$work/index.json")
    if [[ "$out" == *.tar.bz2 ]]; then
        "$FIXTURES/bin/mkarchive" "$out" "${files[@]}"
        return
    fi
    "$FIXTURES/bin/mkarchive" "$work/pkg.tar.zst" "${files[@]}"
    "$FIXTURES/bin/mkarchive" "$work/info.tar.zst" "file:info/index.json=$work/index.json"
    "$FIXTURES/bin/mkarchive" "$out" "file:metadata.json=$work/index.json" "file:info-$name-$version-h1_0.tar.zst=$work/info.tar.zst" \
        "file:pkg-$name-$version-h1_0.tar.zst=$work/pkg.tar.zst"
}

# type_lines SOCKET DONE_FILE SCREEN_FILE LINE...: types each line (and Enter) into the shell of tmux server SOCKET,
# waits up to 30 s for DONE_FILE (the last line makes it), keeps the screen in SCREEN_FILE and ends the server;
# fails, showing the screen, when the shell did not get there.
type_lines() {
    local socket=$1 done_file=$2 screen=$3 line
    shift 3
    for line in "$@"; do
        tmux -L "$socket" send-keys -t test -l "$line"
        tmux -L "$socket" send-keys -t test Enter
    done
    tmux_finish "$socket" "$done_file" "$screen"
}

# tmux_finish SOCKET DONE_FILE SCREEN_FILE: the one end of every tmux test.
# Waits up to 30 s for DONE_FILE (what the shell's last typed line makes),
# keeps the screen in SCREEN_FILE, ends the server; fails, showing the
# screen, when the shell did not get there.
tmux_finish() {
    local socket=$1 done_file=$2 screen=$3
    for _ in $(seq 300); do
        [ -f "$done_file" ] && break
        sleep 0.1
    done
    tmux -L "$socket" capture-pane -p -t test > "$screen" 2>/dev/null || true
    tmux -L "$socket" kill-server 2>/dev/null || true
    [ -f "$done_file" ] || { echo "the shell did not finish; screen:" >&2; cat "$screen" >&2; return 1; }
}

# sum FILE: its SHA-256, as an index or a lock writes it.
sum() { sha256sum "$1" | cut -c1-64; }

# deb_of OUT PACKAGE VERSION LIBDIR FILE...: a Debian package as NVIDIA's CUDA repositories ship one, the files (and
# their soname links) of LIBDIR under usr/local/cuda-X.Y/targets/x86_64-linux/lib/ (built with dpkg-deb: the test's
# tool; cudnnv reads it with libarchive).
deb_of() {
    local out=$1 package=$2 version=$3 from=$4 root="$BATS_TEST_TMPDIR/deb-$2"
    shift 4
    local lib="$root/usr/local/cuda-${package: -4:2}.${package: -1}/targets/x86_64-linux/lib"
    mkdir -p "$lib" "$root/DEBIAN"
    local name
    for name in "$@"; do cp -a "$from"/$name "$lib/"; done
    printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nMaintainer: test\nDescription: test\n' "$package" "$version" \
        > "$root/DEBIAN/control"
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
    rm -rf "$root"
}

# stanza PACKAGE VERSION FILENAME SHA256 [SIZE]: one entry of a Packages index (SIZE: the file's announced size)
stanza() {
    printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nFilename: %s\nSize: %s\nSHA256: %s\nDescription: test\n continued line\n\n' \
        "$1" "$2" "$3" "${5:-1}" "$4"
}

# apt_repo: $REPO, an apt repository of NVIDIA's layout with the six runtime packages of CUDA 11.0 and of 11.2,
# and entries a Packages index may hold that must be passed over: a path out of the repository, another
# architecture, a package with no SHA256, and another release's name.
apt_repo() {
    REPO="$BATS_TEST_TMPDIR/apt repo"
    mkdir -p "$REPO"
    local release dashed from file version
    : > "$REPO/Packages"
    for release in 11.0 11.2; do
        dashed=${release/./-} from="$FIXTURES/cuda-runtime/$release/lib64"
        deb_of "$REPO/cuda-cudart-${dashed}_1-1_amd64.deb" "cuda-cudart-$dashed" "$release.221-1" "$from" 'libcudart.so.*'
        deb_of "$REPO/libcublas-${dashed}_1-1_amd64.deb" "libcublas-$dashed" "11.1.1-1" "$from" 'libcublas.so.*' 'libcublasLt.so.*'
        deb_of "$REPO/libcufft-${dashed}_1-1_amd64.deb" "libcufft-$dashed" "10.2.1-1" "$from" 'libcufft.so.*'
        deb_of "$REPO/libcurand-${dashed}_1-1_amd64.deb" "libcurand-$dashed" "10.2.1-1" "$from" 'libcurand.so.*'
        deb_of "$REPO/libcusolver-${dashed}_1-1_amd64.deb" "libcusolver-$dashed" "10.6.0.245-1" "$from" 'libcusolver.so.*'
        deb_of "$REPO/libcusparse-${dashed}_1-1_amd64.deb" "libcusparse-$dashed" "11.1.1-1" "$from" 'libcusparse.so.*'
        for file in "$REPO"/*"-${dashed}_1-1_amd64.deb"; do
            version=$(dpkg-deb -f "$file" Version)
            stanza "$(dpkg-deb -f "$file" Package)" "$version" "./${file##*/}" "$(sum "$file")" "$(stat -c %s "$file")" \
                >> "$REPO/Packages"
        done
    done
    {
        stanza libcusolver-11-0 10.9.9-1 "../../escape/libcusolver-11-0_10.9.9-1_amd64.deb" "$(printf '%064d' 1)"
        stanza libcusolver-11-0 10.9.8-1 "./libcusolver-11-0_10.9.8-1_amd64.deb" "not-a-sum"
        stanza libcusolver-11-0 10.9.7-1 "./libcusolver-11-0_10.9.7-1_arm64.deb" "$(printf '%064d' 2)" | sed 's/amd64$/arm64/'
        stanza libcusolver-11-0x 10.9.6-1 "./libcusolver-11-0x_10.9.6-1_amd64.deb" "$(printf '%064d' 3)"
    } >> "$REPO/Packages"
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\ncuda_apt = file://%s\n' "${REPO// /%20}" >> "$CUDNNV_ROOT/config"
}
