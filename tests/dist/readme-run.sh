#!/bin/sh
# The README's first steps on a Debian 12 that has seen nothing (a
# debootstrap minbase root, tests/dist/rootfs.sh): as root, apt-get install
# make and a compiler's first needs, then 'make demo' and 'make install
# PREFIX=/usr/local' in a clone of this repository; then, as a new user, the
# README's bash line in a new interactive shell, 'cudnnv --version', 'man
# cudnnv', the TF 2.4 project offline and 'cudnnv doctor'. Not part of any
# make target: run it by hand (as root, a few minutes) when the README's
# set-up changes, and read what it printed.
#   tests/dist/readme-run.sh [LOG]      (default: build/readme-run.log)
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
log=${1:-$repo/build/readme-run.log}
tarball=$("$repo/tests/dist/rootfs.sh" "$repo/build/check-dist")
root=$(mktemp -d /tmp/cudnnv-readme.XXXXXX)
trap 'rm -rf "$root"' EXIT
tar -C "$root" -xf "$tarball"
cp /etc/resolv.conf "$root/etc/resolv.conf"
git clone -q "$repo" "$root/root/cudnnv"

in_root() {
    unshare -m --propagation private sh -c '
        root=$1
        shift
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" && exec chroot "$root" "$@"' sh "$root" "$@"
}

step() { printf '\n$ %s\n' "$*"; }

{
    step "apt-get install -y make (as root)"
    in_root sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make >/dev/null && echo ok'
    step "make demo (as root)"
    in_root sh -c 'cd /root/cudnnv && make demo' 2>&1
    step "make install PREFIX=/usr/local (as root)"
    in_root sh -c 'cd /root/cudnnv && make install PREFIX=/usr/local >/dev/null && echo ok'
    in_root useradd -m -s /bin/bash user
    cp -r "$root/root/cudnnv/build/demo-fixtures" "$root/srv/fixtures" && chmod -R a+rX "$root/srv/fixtures"
    echo 'command -v cudnnv >/dev/null && eval "$(cudnnv init bash)"' >> "$root/home/user/.bashrc"
    step "a new interactive bash as the user: cudnnv --version; man -w cudnnv; the TF 2.4 project offline; cudnnv doctor"
    in_root runuser -u user -- env -i HOME=/home/user PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb LANG=C.UTF-8 \
        bash -i -c 'cudnnv --version; man -w cudnnv; mkdir -p ~/projects/tf24 && cd ~/projects/tf24 &&
            cudnnv use --for tensorflow==2.4; cudnnv install; cudnnv install /srv/fixtures/archives/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz;
            cudnnv install --cuda-libs-from /srv/fixtures/cuda-runtime/11.0/lib64; cudnnv version; cudnnv doctor; echo "doctor: $?"' \
        < /dev/null 2>&1
} > "$log" 2>&1
echo "$log"
