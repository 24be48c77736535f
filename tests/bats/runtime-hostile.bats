#!/usr/bin/env bats
# A project's CUDA runtime as hostile ground: a folder that holds the
# system's own libraries beside CUDA's, links that lead out of it, other
# users' files, a runtime someone else planted in the store, releases that
# are not releases, NUL bytes, a lock for another machine. Each input is
# built here; each rule is docs/reliability.md's.

load helpers

RUNTIMES="$FIXTURES/cuda-runtime"

# project_pinning RELEASE: a project with the 8.0 fixture set pinned and "cuda RELEASE"; P names it.
project_pinning() {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    P="$BATS_TEST_TMPDIR/my project"
    mkdir -p "$P"
    printf '8.0\ncuda %s\n' "$1" > "$P/.cudnn-version"
    cd "$P"
}

# mixed_folder DIR: CUDA 11.0's stand-ins beside real copies of this system's libc, libstdc++, libz and libssl.
mixed_folder() {
    local dir=$1 lib
    mkdir -p "$dir"
    cp -a "$RUNTIMES/11.0/lib64/." "$dir/"
    for lib in libc.so.6 libstdc++.so.6 libz.so.1 libssl.so.3; do
        cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')" "$dir/$lib"
    done
}

@test "a folder gives up only CUDA's libraries: the system's libc, libstdc++, libz and libssl stay where they are" {
    project_pinning 11.0
    local dir="$BATS_TEST_TMPDIR/usr lib"
    mixed_folder "$dir"
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 0
    assert_output_has "5 libraries in $dir are not CUDA's: left where they are"
    local lib="$CUDNNV_ROOT/cuda/runtime/11.0/lib" name
    for name in libc.so.6 libstdc++.so.6 libz.so.1 libssl.so.3 libcudnn.so.8; do
        [ ! -e "$lib/$name" ]
    done
    [ -f "$lib/libcusolver.so.10.6.0.245" ]
    [ "$(readlink "$lib/libcudart.so.11.0")" = libcudart.so.11.0.221 ]
    # a program started in the project maps the system's libc, not a copy in the store
    run cudnnv exec sh -c 'grep -m1 "libc.so.6" /proc/self/maps'
    assert_status 0
    refute_output_has "$CUDNNV_ROOT"
    assert_output_has "/libc.so.6"
    run cudnnv verify
    assert_output_has "cuda 11.0: ok"
}

@test "a folder's lookalikes of CUDA's libraries are no libraries: .bak, .orig, .rpmsave, ~, a trailing blank, a word after the version, a DLL on Linux" {
    project_pinning 11.0
    local dir="$BATS_TEST_TMPDIR/lookalikes" name
    mkdir -p "$dir"
    cp -a "$RUNTIMES/11.0/lib64/." "$dir/"
    for name in libcudart.so.11.0.evil libcudart.so.11.0.bak libcufft.so.10.orig libcurand.so.10.rpmsave \
                "libcusolver.so.10~" "libcusparse.so.11 " cufft64_11.dll; do
        echo "not CUDA's: $name" > "$dir/$name"
    done
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 0
    local lib="$CUDNNV_ROOT/cuda/runtime/11.0/lib"
    run ls -A "$lib"
    assert_status 0
    refute_output_has "evil"
    refute_output_has ".bak"
    refute_output_has ".orig"
    refute_output_has "rpmsave"
    refute_output_has "~"
    refute_output_has "dll"
    [ ! -e "$lib/libcusparse.so.11 " ]
    run grep -rl "not CUDA's" "$lib"
    [ "$status" -eq 1 ]
}

@test "a runtime in the store that holds libraries not CUDA's is named by verify and doctor, with the fix" {
    project_pinning 11.0
    cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64" 2>/dev/null
    local lib="$CUDNNV_ROOT/cuda/runtime/11.0/lib"
    cp -L "$(ldconfig -p | awk '$1 == "libz.so.1" && /x86-64/ {print $NF; exit}')" "$lib/libz.so.1"
    run cudnnv verify
    assert_status 1
    assert_output_has "cuda 11.0: REFUSED (holds 1 file that is not CUDA's (libz.so.1): programs in its projects would load them)"
    assert_output_has "'cudnnv uninstall --cuda-runtime --force 11.0'"
    run cudnnv doctor
    assert_output_has "the project's CUDA 11.0 runtime ($lib, set by $P/.cudnn-version) holds 1 file that is not CUDA's (libz.so.1)"
}

@test "links out of the folder are refused, whether absolute or relative; nothing is kept" {
    project_pinning 11.0
    local dir="$BATS_TEST_TMPDIR/links/lib64" outside="$BATS_TEST_TMPDIR/links/outside"
    mkdir -p "$dir" "$outside"
    cp -a "$RUNTIMES/11.0/lib64/." "$dir/"
    cp "$RUNTIMES/11.0/lib64/libcufft.so.10.2.1.245" "$outside/secret.so"
    rm "$dir/libcufft.so.10"
    ln -s "$outside/secret.so" "$dir/libcufft.so.10"
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 1
    assert_output_has "refusing $dir/libcufft.so.10: it leads out of $dir"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.0" ]
    rm "$dir/libcufft.so.10" "$dir/libcurand.so.10"
    ln -s libcufft.so.10.2.1.245 "$dir/libcufft.so.10"
    ln -s ../outside/secret.so "$dir/libcurand.so.10"
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 1
    assert_output_has "refusing $dir/libcurand.so.10: it leads out of $dir"
    assert_no_runtime 11.0
    # a link to a file elsewhere in the folder is brought as a copy of that file
    rm "$dir/libcurand.so.10"
    mkdir -p "$dir/real"
    mv "$dir/libcurand.so.10.11.0" "$dir/real/"
    ln -s real/libcurand.so.10.11.0 "$dir/libcurand.so.10"
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 0
    [ -f "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcurand.so.10" ]
    [ ! -L "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcurand.so.10" ]
    run find "$CUDNNV_ROOT/cuda/runtime/11.0/lib" -type l -lname '*/*'
    [ -z "$output" ]
}

@test "a folder's file swapped for a link to someone else's file between the check and the copy is never read" {
    project_pinning 11.0
    local dir="$BATS_TEST_TMPDIR/swapped" secret="$BATS_TEST_TMPDIR/secret"
    cp -a "$RUNTIMES/11.0/lib64" "$dir"
    printf 'a secret of another user\n' > "$secret"
    chmod 0600 "$secret"
    ln -s "$secret" "$dir/.swap"
    cc -shared -fPIC -o "$BATS_TEST_TMPDIR/swap.so" "$BATS_TEST_DIRNAME/../fixtures/swap_on_lstat.c" -ldl
    # the lstat of libcufft.so.10.2.1.245 sees a regular file; right after, it is a link to the secret
    SWAP_NAME=/libcufft.so.10.2.1.245 SWAP_WITH="$dir/.swap" LD_PRELOAD="$BATS_TEST_TMPDIR/swap.so" \
        run cudnnv install --cuda-libs-from "$dir"
    [ -L "$dir/libcufft.so.10.2.1.245" ]
    assert_status 1
    assert_output_has "refusing $dir/libcufft.so.10.2.1.245: it leads out of $dir"
    assert_no_runtime 11.0
    run grep -rl "a secret of another user" "$CUDNNV_ROOT"
    [ "$status" -eq 1 ]
}

@test "another user's files are copied, never hard-linked; a setuid bit is never kept" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give files to another user"; fi
    project_pinning 11.0
    local dir="$BATS_TEST_TMPDIR/theirs"
    cp -a "$RUNTIMES/11.0/lib64" "$dir"
    chown -R nobody "$dir"
    chmod 0666 "$dir/libcufft.so.10.2.1.245"
    chmod 4755 "$dir/libcurand.so.10.11.0"
    run cudnnv install --cuda-libs-from "$dir"
    assert_status 0
    local lib="$CUDNNV_ROOT/cuda/runtime/11.0/lib" file
    for file in libcufft.so.10.2.1.245 libcurand.so.10.11.0 libcudart.so.11.0.221; do
        [ "$(stat -c '%u %h' "$lib/$file")" = "0 1" ]
        [ ! -u "$lib/$file" ]
        [ "$(stat -c %i "$lib/$file")" != "$(stat -c %i "$dir/$file")" ]
    done
    # rewriting their file changes nothing in the store
    echo rewritten > "$dir/libcufft.so.10.2.1.245"
    run cudnnv verify
    assert_output_has "cuda 11.0: ok"
}

@test "a runtime someone else planted or can write is never served: exec, env, cdi, verify and doctor refuse it" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give files to another user"; fi
    project_pinning 11.0
    mkdir -p "$CUDNNV_ROOT/cuda/runtime"
    chmod 1777 "$CUDNNV_ROOT/cuda/runtime"
    mkdir -p "$CUDNNV_ROOT/cuda/runtime/11.0"
    cp -a "$RUNTIMES/11.0/lib64" "$CUDNNV_ROOT/cuda/runtime/11.0/lib"
    chown -R nobody "$CUDNNV_ROOT/cuda/runtime/11.0"
    run cudnnv exec sh -c 'echo "LD=$LD_LIBRARY_PATH"'
    assert_status 1
    assert_output_has "refusing the CUDA 11.0 runtime pinned in $P/.cudnn-version"
    assert_output_has "belongs to user"
    refute_output_has "LD="
    run --separate-stderr cudnnv env
    assert_status 1
    refute_output_has "cuda/runtime/11.0"
    run cudnnv verify
    assert_output_has "cuda 11.0: REFUSED (refused by the trust rule"
    run cudnnv doctor
    assert_output_has "the project's CUDA 11.0 runtime"
    assert_output_has "refused by the trust rule"
    mkdir -p "$BATS_TEST_TMPDIR/cdi" "$BATS_TEST_TMPDIR/cdi2"
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi"
    assert_status 0
    [ -n "$(ls "$BATS_TEST_TMPDIR/cdi")" ]
    run grep -rc '"cuda:11.0"' "$BATS_TEST_TMPDIR/cdi"
    [ "${output##*:}" = 0 ]
    # root's own runtime with one library others may write is refused the same way
    chown -R root "$CUDNNV_ROOT/cuda/runtime/11.0"
    chmod 0755 "$CUDNNV_ROOT/cuda/runtime"
    chmod 0666 "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcufft.so.10.2.1.245"
    run cudnnv exec true
    assert_status 1
    assert_output_has "libcufft.so.10.2.1.245 can be written by another user"
    chmod 0755 "$CUDNNV_ROOT/cuda/runtime/11.0/lib/libcufft.so.10.2.1.245"
    # and a lib/ that is a link (to /etc) is not what the store makes
    mv "$CUDNNV_ROOT/cuda/runtime/11.0/lib" "$BATS_TEST_TMPDIR/moved"
    ln -s /etc "$CUDNNV_ROOT/cuda/runtime/11.0/lib"
    run cudnnv exec true
    assert_status 1
    assert_output_has "is a link, not a folder the store made"
    run cudnnv cdi --output "$BATS_TEST_TMPDIR/cdi2"
    assert_status 0
    run grep -rc '"/etc"' "$BATS_TEST_TMPDIR/cdi2"
    [ "${output##*:}" = 0 ]
}

@test "a CUDA release is digits, a dot, digits: every other --cuda-runtime and 'cuda' line is refused before anything is fetched" {
    project_pinning 11.0
    local bad
    for bad in $'11.0\n9' $'11.0\n../x' ' 9.1' $'11.0\r' '#9' '11' '11.0.1' '123456.0' '11.0;x' '4294967307.0'; do
        run cudnnv use --cuda-runtime "$bad"
        assert_status 2
        [ "$(cat .cudnn-version)" = "$(printf '8.0\ncuda 11.0')" ]
    done
    printf '8.0\ncuda 4294967307.0\n' > .cudnn-version
    printf '[catalog]\ncuda_apt = http://127.0.0.1:9/never\n' >> "$CUDNNV_ROOT/config"
    run cudnnv install
    assert_status 1
    assert_output_has "'cuda 4294967307.0' in $P/.cudnn-version is not a CUDA release"
    refute_output_has "127.0.0.1:9"
    run cudnnv exec true
    assert_status 1
    assert_output_has "is not a CUDA release"
}

@test "a frameworks.ini copy whose cuda is not a CUDA release pins no runtime, and says so" {
    mkdir -p "$CUDNNV_ROOT/catalog"
    cp "$(dirname "$CUDNNV")/../share/cudnnv/framework-cuda-libs.ini" "$CUDNNV_ROOT/catalog/"
    local bad
    for bad in ../../x '11.0;x' '11.0 9'; do
        printf '[tensorflow 2.4 linux]\nframework = tensorflow\nversion = 2.4\nplatform = linux\ncuda = %s\ncudnn = 8.0\n' \
            "$bad" > "$CUDNNV_ROOT/catalog/frameworks.ini"
        rm -f .cudnn-version
        run cudnnv use --for tensorflow==2.4
        assert_status 0
        assert_output_has "which is not a CUDA release (such as 11.0): no CUDA runtime is pinned"
        [ "$(cat .cudnn-version)" = 8.0 ]
    done
}

@test "a NUL byte in a version file is said, never read as the end: .cudnn-version and .tool-versions" {
    project_pinning 11.0
    cudnnv rehash 2>/dev/null
    printf '8.0\0cuda 11.0\n' > .cudnn-version
    run cudnnv exec true
    assert_status 1
    assert_output_has ".cudnn-version holds a NUL byte"
    run cudnnv version-name
    assert_status 1
    assert_output_has "holds a NUL byte"
    # a .tool-versions with a NUL before its cudnn line is this folder's answer, not passed over for the one above
    rm .cudnn-version
    printf '8.0\n' > "$BATS_TEST_TMPDIR/.cudnn-version"
    printf 'python 3.11\0\ncudnn 8.0\n' > .tool-versions
    run cudnnv version-name
    assert_status 1
    assert_output_has "$P/.tool-versions holds a NUL byte"
}

@test "a lock's runtime section is brought whole or refused: a seventeenth package, another machine's platform" {
    project_pinning 11.0
    local archive=cudnn-11.0-linux-x64-v8.0.4.30-test.tgz i
    local head="[lock]\npins = 8.0\n\n[pin 8.0]\nrelease = 8.0.4.30\ncuda = 11.0\nlinux-x86_64.archive = $archive\nlinux-x86_64.url = file://$ARCHIVES/$archive\nlinux-x86_64.sha256 = $(sha256sum "$ARCHIVES/$archive" | cut -c1-64)\n\n[runtime 11.0]\nplatform = %s\n"
    {
        printf "$head" linux-x86_64
        for i in $(seq 17); do
            printf '%d.archive = p%d.deb\n%d.url = http://127.0.0.1:9/p%d.deb\n%d.sha256 = %064d\n' "$i" "$i" "$i" "$i" "$i" 0
        done
    } > cudnn.lock
    run cudnnv install --locked
    assert_status 1
    assert_output_has "'17.archive': a runtime holds packages 1 to 16"
    {
        printf "$head" linux-sbsa
        printf '1.archive = p1.deb\n1.url = http://127.0.0.1:9/p1.deb\n1.sha256 = %064d\n' 0
    } > cudnn.lock
    run cudnnv install --locked
    assert_status 1
    assert_output_has "the lock's CUDA 11.0 runtime is for linux-sbsa, not for this machine (linux-x86_64)"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.0" ]
    # a runtime already in the store, brought from a folder: not the lock's packages, refused, never "installed"
    cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64" 2>/dev/null
    {
        printf "$head" linux-x86_64
        printf '1.archive = p1.deb\n1.url = http://127.0.0.1:9/p1.deb\n1.sha256 = %064d\n' 0
    } > cudnn.lock
    run cudnnv install --locked
    assert_status 1
    assert_output_has "the CUDA 11.0 runtime in $CUDNNV_ROOT/cuda/runtime/11.0/lib is not the one $P/cudnn.lock names"
    refute_output_has "(locked): installed"
}

@test "uninstall --cuda-runtime with a prefix that means two runtimes removes neither" {
    project_pinning 11.0
    cudnnv install --cuda-libs-from "$RUNTIMES/11.0/lib64" 2>/dev/null
    cudnnv use --cuda-runtime 11.2 2>/dev/null
    cudnnv install --cuda-libs-from "$RUNTIMES/11.2/lib64" 2>/dev/null
    cudnnv use --cuda-runtime none 2>/dev/null
    run cudnnv uninstall --cuda-runtime 11
    assert_status 1
    assert_output_has "'11' means 2 installed CUDA runtimes (11.0, ...): name the one to remove"
    [ -d "$CUDNNV_ROOT/cuda/runtime/11.0/lib" ]
    [ -d "$CUDNNV_ROOT/cuda/runtime/11.2/lib" ]
    run cudnnv uninstall --cuda-runtime 11.2
    assert_status 0
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.2" ]
    [ -d "$CUDNNV_ROOT/cuda/runtime/11.0/lib" ]
}

# no_controls TEXT: TEXT holds no ESC, BEL, C1 (UTF-8 C2 80..9F) or byte that is not UTF-8.
no_controls() {
    if printf '%s' "$1" | LC_ALL=C grep -q -P '[\x1b\x07]|\xc2[\x80-\x9f]'; then
        echo "control bytes reached the output: $(printf '%s' "$1" | cat -v)" >&2
        return 1
    fi
    printf '%s' "$1" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1 || { echo "bytes that are not UTF-8: $(printf '%s' "$1" | cat -v)" >&2; return 1; }
}

@test "control bytes in a project folder's name or a runtime's entry never reach the terminal raw; FIFOs never hang" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    local dir="$BATS_TEST_TMPDIR/p$(printf '\033]0;x\007\302\233q')"
    mkdir -p "$dir" && cd "$dir"
    printf '8.0\ncuda 11.0\n' > .cudnn-version
    local cmd
    for cmd in "exec true" version "version --json" "install --dry-run" "env" "hook-env bash" doctor; do
        run timeout 20 "$CUDNNV" $cmd
        [ "$status" -ne 124 ]
        no_controls "$output"
    done
    # runtime entries named with CSI, C1 and a byte that is not UTF-8, and one whose record and MANIFEST are FIFOs
    local name
    for name in "$(printf '11.0\033[31m')" "$(printf '11.1\302\233')" "$(printf '11.\377')"; do
        mkdir -p "$CUDNNV_ROOT/cuda/runtime/$name/lib"
    done
    mkdir -p "$CUDNNV_ROOT/cuda/runtime/11.3/lib"
    mkfifo "$CUDNNV_ROOT/cuda/runtime/11.3/cudnnv.ini" "$CUDNNV_ROOT/cuda/runtime/11.3/MANIFEST"
    mkdir -p "$BATS_TEST_TMPDIR/cdi"
    for cmd in versions "versions --json" verify "cdi --output $BATS_TEST_TMPDIR/cdi"; do
        run timeout 20 "$CUDNNV" $cmd
        [ "$status" -ne 124 ]
        no_controls "$output"
    done
    run grep -c '11.0\|11.1' "$BATS_TEST_TMPDIR/cdi/cudnnv.json"
    [ "$output" = 0 ]
}

# reindex: $REPO/Packages written again from the .debs there, each with its sum and size.
reindex() {
    local file
    : > "$REPO/Packages"
    for file in "$REPO"/*.deb; do
        stanza "$(dpkg-deb -f "$file" Package)" "$(dpkg-deb -f "$file" Version)" "./${file##*/}" "$(sum "$file")" \
            "$(stat -c %s "$file")" >> "$REPO/Packages"
    done
}

@test "an apt package that brings none of CUDA's libraries refuses the runtime; a password in cuda_apt is recorded as ****" {
    apt_repo
    project_pinning 11.0
    # libcufft's .deb holds only a document where its library should be
    local doc="$BATS_TEST_TMPDIR/doc"
    mkdir -p "$doc"
    echo "not a library" > "$doc/README"
    deb_of "$REPO/libcufft-11-0_1-1_amd64.deb" libcufft-11-0 10.2.1-1 "$doc" README
    reindex
    run cudnnv install
    assert_status 1
    assert_output_has "refusing the CUDA 11.0 runtime: libcufft-11-0_1-1_amd64.deb holds none of CUDA's libraries; nothing was brought"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.0" ]
    # the real one, over http with a token in the address: never shown, never recorded
    deb_of "$REPO/libcufft-11-0_1-1_amd64.deb" libcufft-11-0 10.2.1-1 "$RUNTIMES/11.0/lib64" 'libcufft.so.*'
    reindex
    rm -rf "$CUDNNV_ROOT/cache"
    serve_folder "$REPO"
    sed -i '/^cuda_apt/d' "$CUDNNV_ROOT/config"
    printf 'cuda_apt = http://__token__:s3cret@127.0.0.1:%s/\n' "$PORT" >> "$CUDNNV_ROOT/config"
    run cudnnv install
    assert_status 0
    refute_output_has "s3cret"
    assert_output_has "http://****@127.0.0.1:$PORT/"
    run grep -c s3cret "$CUDNNV_ROOT/cuda/runtime/11.0/cudnnv.ini"
    [ "$output" = 0 ]
    grep -q "^from = http://\*\*\*\*@127.0.0.1:$PORT/" "$CUDNNV_ROOT/cuda/runtime/11.0/cudnnv.ini"
    run cudnnv lock
    run grep -c s3cret cudnn.lock
    [ "$output" = 0 ]
}

@test "an apt package larger than its index announces is cut off near the announced size, not downloaded whole" {
    apt_repo
    project_pinning 11.0
    # 64 MiB served where the index says 2,000 bytes
    local big="$REPO/libcufft-11-0_1-1_amd64.deb"
    head -c $((64 << 20)) /dev/zero > "$big"
    sed -i "/^Filename: .\/libcufft-11-0_1-1_amd64.deb/,/^SHA256/ s/^Size: .*/Size: 2000/" "$REPO/Packages"
    serve_folder "$REPO"
    sed -i '/^cuda_apt/d' "$CUDNNV_ROOT/config"
    printf 'cuda_apt = http://127.0.0.1:%s/\n' "$PORT" >> "$CUDNNV_ROOT/config"
    run cudnnv install
    assert_status 1
    assert_output_has "2000"
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.0" ]
    run find "$CUDNNV_ROOT" -name 'libcufft-11-0*' -size +1M
    [ -z "$output" ]
}
