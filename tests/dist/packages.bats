#!/usr/bin/env bats
# make check-dist: the Debian package, the tarball and the wheel on a
# Debian 12 that never built cudnnv (tests/dist/rootfs.sh: debootstrap
# minbase from this machine's mirror, cached in build/check-dist). Each test
# unpacks a fresh copy and works in it with chroot, in a mount namespace of
# its own (its /proc and /dev vanish with it); as a user made there.

load ../bats/helpers

REPO="$BATS_TEST_DIRNAME/../.."

setup_file() {
    ROOTFS_TAR=$("$BATS_TEST_DIRNAME/rootfs.sh" "$REPO/build/check-dist")
    export ROOTFS_TAR
}

# new_root: a fresh copy of the root file system in ROOT, with a user and the fixtures in /srv.
new_root() {
    ROOT="$BATS_TEST_TMPDIR/root"
    mkdir -p "$ROOT"
    tar -C "$ROOT" -xf "$ROOTFS_TAR"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    in_root useradd -m -s /bin/bash user
    mkdir -p "$ROOT/srv/fixtures/bin" "$ROOT/srv/fixtures/archives"
    cp "$FIXTURES/bin/host_dlopen" "$ROOT/srv/fixtures/bin/"
    cp "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz" "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz" \
        "$ROOT/srv/fixtures/archives/"
    chmod -R a+rX "$ROOT/srv"
}

in_root() {
    unshare -m --propagation private sh -c '
        root=$1
        shift
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" && exec chroot "$root" "$@"' sh "$ROOT" "$@"
}

# as_user SCRIPT: the user's login-free shell in the root, with a clean environment.
as_user() {
    in_root runuser -u user -- env -i HOME=/home/user PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 sh -c "$1"
}

# Files of ours anywhere in the root but the user's home, /srv and /tmp.
ours_in_root() {
    find "$ROOT" \( -path "$ROOT/home" -o -path "$ROOT/srv" -o -path "$ROOT/tmp" -o -path "$ROOT/proc" -o -path "$ROOT/dev" \) \
        -prune -o -name '*cudnnv*' -print
}

@test "apt-get install ./cudnnv_*.deb: its dependencies from Debian, the README tour as a user, completions from init alone; remove and purge leave nothing" {
    local version artifact artifacts deb
    make_artifact deb "cudnnv_VERSION-1_$(dpkg --print-architecture).deb"
    deb=$(basename "$artifact")
    new_root
    run in_root dpkg-query -W -f='${Status}' libarchive13
    [ "$status" -le 1 ]   # dpkg-query ran (1: no such package in this root)
    refute_output_has "install ok installed"
    cp "$artifact" "$ROOT/tmp/"
    run in_root sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$deb"
    assert_status 0
    run in_root dpkg-query -W -f='${Status}\n' cudnnv libarchive13 libcurl4 libgit2-1.5
    [ "$output" = "$(printf 'install ok installed\n%.0s' 1 2 3 4)" ]
    # the tour: two sets, a project pinned to 8.1, a program through the shims, doctor
    run as_user 'cudnnv --version &&
        cudnnv install /srv/fixtures/archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz &&
        cudnnv install /srv/fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz &&
        mkdir -p ~/project && cd ~/project && cudnnv use 8.1 && cudnnv versions &&
        cudnnv exec /srv/fixtures/bin/host_dlopen'
    assert_status 0
    assert_output_has "cudnnv $version"
    assert_output_has "installed 8.1.0.77"
    assert_output_has "$(printf '\n8100\n')"
    assert_output_has "map /home/user/.cudnnv/versions/8.1.0.77/lib/libcudnn.so.8.1.0"
    # doctor there: the selection found; the stand-in set's NVRTC, which nothing brought, is named
    run as_user 'cd ~/project && cudnnv doctor'
    assert_status 1
    assert_output_has "OK    selection: cuDNN 8: 8.1.0.77 (set by /home/user/project/.cudnn-version)"
    assert_output_has "FAIL  needs: 8.1.0.77 (CUDA 11.2) needs libnvrtc.so"
    # completion with nothing in .bashrc but init's line
    echo 'eval "$(cudnnv init bash)"' > "$ROOT/home/user/.bashrc"
    run as_user 'bash -ic "complete -p cudnnv" 2>/dev/null'
    assert_output_has "complete -F _cudnnv_complete cudnnv"
    # removed: no file of ours left; purged: nothing in /etc
    run in_root apt-get remove -y -qq cudnnv
    assert_status 0
    run in_root dpkg -L cudnnv
    assert_status 1
    run ours_in_root
    assert_status 0
    [ -z "$output" ] || { echo "left after remove: $output" >&2; false; }
    # installed again and purged: nothing in /etc either
    run in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$deb && apt-get purge -y -qq cudnnv"
    assert_status 0
    run in_root dpkg-query -W -f='${Status}' cudnnv
    [ "$status" -le 1 ]   # dpkg-query ran (1: purged, no such package any more)
    refute_output_has "install ok"
    run find "$ROOT/etc" -name '*cudnnv*'
    [ -z "$output" ]
    [ -d "$ROOT/home/user/.cudnnv/versions/8.1.0.77" ]   # the user's store is the user's
}

@test "the tarball from a folder with a space, with none of its helpers' libraries installed: a file, an index and NVIDIA's redist from folders, the real cuDNN 9.19" {
    local version artifact artifacts top
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    new_root
    run in_root sh -c 'ls /usr/lib/*-linux-gnu | grep -E "^lib(archive|curl|git2|jansson|elf)\." || true'
    assert_status 0
    [ -z "$output" ] || { echo "the root has: $output" >&2; false; }
    mkdir -p "$ROOT/opt/with space"
    tar -C "$ROOT/opt/with space" -xzf "$artifact"
    top="/opt/with space/cudnnv-$version-linux-$(uname -m)"
    # a folder of wheels (an index by file://) and a folder laid out as NVIDIA's redist
    make_wheel "$ROOT/srv/wheel house/nvidia-cudnn-cu12/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl"
    local redist="$ROOT/srv/redist" archive="$ARCHIVES/cudnn-linux-x86_64-8.9.7.29_cuda12-archive-test.tar.xz"
    mkdir -p "$redist/cudnn/linux-x86_64"
    cp "$archive" "$redist/cudnn/linux-x86_64/cudnn-linux-x86_64-8.99.0.1_cuda12-archive.tar.xz"
    printf '{"cudnn": {"version": "8.99.0.1", "linux-x86_64": {"cuda12": {"relative_path": "%s", "sha256": "%s", "size": "%s"}}}}\n' \
        cudnn/linux-x86_64/cudnn-linux-x86_64-8.99.0.1_cuda12-archive.tar.xz "$(sha256sum "$archive" | cut -c1-64)" \
        "$(stat -c %s "$archive")" > "$redist/redistrib_8.99.0.json"
    chmod -R a+rX "$ROOT/srv"
    run as_user "C='$top/bin/cudnnv'"'
        "$C" --version &&
        "$C" install /srv/fixtures/archives/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz &&
        "$C" install --cuda 12 --index-url "file:///srv/wheel%20house" --no-verify 9.1 &&
        printf "[catalog]\nredist = file:///srv/redist/\n" > ~/.cudnnv/config &&
        "$C" update && "$C" install 8.99.0.1 && "$C" versions --bare'
    assert_status 0
    assert_output_has "cudnnv $version"
    assert_output_has "installed 8.1.0.77"
    assert_output_has "installed 9.1.0.70"
    assert_output_has "1 new release from file:///srv/redist/"
    assert_output_has "$(printf '8.1.0.77\n8.9.7\n9.1.0.70')"
    # the machine's real cuDNN 9.19, packed as NVIDIA packs it (.tar.xz): installed and verified there
    require_real_cudnn
    local real=cudnn-linux-x86_64-9.19.0.56_cuda13-archive work="$BATS_TEST_TMPDIR/real"
    mkdir -p "$work/$real/include" "$work/$real/lib"
    cp -L "$REAL_CUDA"/include/cudnn*.h "$work/$real/include/"
    local from="$REAL_CUDA/lib"
    [ -e "$from/libcudnn.so.9" ] || from="$REAL_CUDA/lib64"
    cp -a "$from"/libcudnn.so* "$from"/libcudnn_graph.so* "$work/$real/lib/"
    echo "NVIDIA's licence" > "$work/$real/LICENSE"
    # (another file name than NVIDIA's: the catalog holds NVIDIA's sum for that one, of the whole set)
    XZ_OPT="-0 -T2" tar -C "$work" -cJf "$ROOT/srv/$real-repacked.tar.xz" "$real"
    chmod a+r "$ROOT/srv/$real-repacked.tar.xz"
    run as_user "C='$top/bin/cudnnv'"'
        "$C" install /srv/'"$real"'-repacked.tar.xz && "$C" verify 9.19.0.56 && "$C" versions --bare'
    assert_status 0
    assert_output_has "installed 9.19.0.56 (cuDNN 9.19.0.56"
    assert_output_has "9.19.0.56: ok"
}

@test "the wheel in a venv there: pip install --no-index, cudnnv on the venv's PATH, a cuDNN wheel installed; pip uninstall takes it back" {
    local version artifact artifacts wheel
    make_artifact wheel "cudnnv-VERSION-py3-none-manylinux_*_$(uname -m).whl"
    wheel=$(basename "$artifact")
    new_root
    cp "$artifact" "$ROOT/tmp/"
    make_wheel "$ROOT/srv/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl"
    chmod -R a+rX "$ROOT/srv" "$ROOT/tmp/$wheel"
    run as_user "python3 -m venv ~/venv && ~/venv/bin/pip install -q --no-index --disable-pip-version-check /tmp/$wheel &&
        PATH=\$HOME/venv/bin:\$PATH && command -v cudnnv && cudnnv --version &&
        cudnnv install /srv/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux2014_x86_64.whl &&
        echo '[ -x \$HOME/venv/bin/cudnnv ] && eval \"\$(\$HOME/venv/bin/cudnnv init bash)\"' >> ~/.bashrc &&
        env -i HOME=/home/user PATH=/usr/bin:/bin TERM=dumb bash -i -c 'type -t cudnnv; cudnnv versions' < /dev/null 2>&1 &&
        ~/venv/bin/pip uninstall -y -q --disable-pip-version-check cudnnv && ls ~/venv/bin &&
        env -i HOME=/home/user PATH=/usr/bin:/bin TERM=dumb bash -i -c 'echo a shell after the uninstall' < /dev/null 2>&1"
    assert_status 0
    assert_output_has "/home/user/venv/bin/cudnnv"
    assert_output_has "cudnnv $version"
    assert_output_has "installed 9.1.0.70"
    # README's line for a venv, in a new interactive bash where the venv is not active: the hook is there
    refute_output_has "command not found"
    assert_output_has "function"
    assert_output_has "9.1.0.70"
    [ -d "$ROOT/home/user/.cudnnv/versions/9.1.0.70" ]
    [ ! -e "$ROOT/home/user/venv/bin/cudnnv" ]
    # after 'pip uninstall cudnnv' the README's line keeps a new shell quiet
    assert_output_has "a shell after the uninstall"
    refute_output_has "No such file or directory"
    run find "$ROOT/home/user/venv" -type f -path '*cudnnv*'
    [ -z "$output" ]
}

@test "a fresh clone builds by itself on a bare Debian 12: a plain 'make' in one run (and 'make deps-demo all', as the CI action runs it), then 'make deb', then 'make wheel' with the documented tag" {
    new_root
    mkdir -p "$ROOT/src"
    git -C "$REPO" archive HEAD | tar -C "$ROOT/src" -x
    run in_root sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make >/dev/null"
    assert_status 0
    # no -dev package, no compiler, no pkg-config before this one command
    run in_root sh -c "command -v cc pkg-config || echo none"
    assert_output_has "none"
    run in_root sh -c "cd /src && make -j2 > /tmp/build.log 2>&1; s=\$?; tail -5 /tmp/build.log; exit \$s"
    assert_status 0
    run in_root grep "installing Debian packages" /tmp/build.log
    assert_output_has "installing Debian packages: build-essential pkg-config"
    [ -x "$ROOT/src/build/bin/cudnnv" ]
    run in_root sh -c "cd /src && make deps-demo all > /tmp/build.log 2>&1; s=\$?; tail -5 /tmp/build.log; exit \$s"
    assert_status 0
    run in_root /src/build/bin/cudnnv --version
    assert_status 0
    run in_root sh -c "cd /src && make deb > /tmp/deb.log 2>&1; s=\$?; tail -3 /tmp/deb.log; exit \$s"
    assert_status 0
    assert_output_has "DEB build/dist/cudnnv_"
    # the wheel too, by itself, and its tag is the one docs/packages.md names (as on a machine that ran make check)
    run in_root sh -c "cd /src && make wheel > /tmp/wheel.log 2>&1; s=\$?; tail -3 /tmp/wheel.log; exit \$s"
    assert_status 0
    assert_output_has "WHEEL build/dist/cudnnv-"
    assert_output_has "-py3-none-manylinux_2_34_$(uname -m).whl"
    grep -q "manylinux_2_34_$(uname -m).whl" "$REPO/docs/packages.md"
}
