#!/bin/sh
# make check-dist: a Debian 12 root file system that never saw cudnnv's
# build, made by debootstrap (minbase, with python3-venv for the wheel) from
# the Debian mirror this machine's apt uses, and kept as a tarball in
# CACHE_DIR between runs. Prints the tarball's path.
# Usage: rootfs.sh CACHE_DIR
set -eu
cache=$1
tarball="$cache/bookworm-minbase.tar"
if [ -s "$tarball" ]; then
    echo "$tarball"
    exit 0
fi
mirror=$( (cat /etc/apt/sources.list 2>/dev/null; cat /etc/apt/sources.list.d/*.list 2>/dev/null) |
    awk '$1 == "deb" && $0 ~ /bookworm/ { print $2; exit }')
[ -n "$mirror" ] || mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk '/^Types:.*\<deb\>/ { deb = 1 } /^Types:/ && !/\<deb\>/ { deb = 0 } deb && /^URIs:/ { print $2; exit }')
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$cache"
work=$(mktemp -d "$cache/rootfs.XXXXXX")
trap 'rm -rf "$work"' EXIT
if ! debootstrap --variant=minbase --include=python3-venv bookworm "$work/root" "$mirror" >"$work/log" 2>&1; then
    echo "debootstrap from $mirror failed; its last lines:" >&2
    tail -5 "$work/log" >&2
    exit 1
fi
rm -rf "$work/root/var/cache/apt/archives"/*.deb
tar -C "$work/root" -cf "$tarball.part" .
mv "$tarball.part" "$tarball"
echo "$tarball"
