#!/bin/sh
# make dist: turns an installed tree (make install DESTDIR=... PREFIX=/NAME)
# into one that runs wherever it is unpacked on another glibc system: every
# library the helpers need that glibc does not provide is copied into
# lib/cudnnv/deps (under its soname), and the helpers and those libraries
# find them there by a $ORIGIN run path (patchelf). cudnnv itself and the
# shims need libc alone; the Slurm plugin, which needs the machine's own
# Slurm, is left out. LDD names the program that lists a binary's libraries
# (default ldd; for the AArch64 tree, Debian's arm64 loader under qemu),
# STRIP the strip for the tree's machine.
# Usage: dist-bundle.sh TREE
set -eu
tree=$1
helpers="$tree/lib/cudnnv/cudnnv-install $tree/lib/cudnnv/cudnnv-update"
deps="$tree/lib/cudnnv/deps"
mkdir -p "$deps"
rm -f "$tree/lib/cudnnv/cudnnv_spank.so"

# glibc's own libraries stay the system's (the one ABI the tree asks for).
is_glibc() {
    case $1 in
    linux-vdso.so.*|ld-linux*|libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libutil.so.*|libanl.so.*) return 0 ;;
    esac
    return 1
}

# Every library the helpers load (ldd follows them all), copied once.
for helper in $helpers; do
    ${LDD:-ldd} "$helper" | while read -r name arrow path _; do
        [ "$arrow" = "=>" ] && [ -f "$path" ] || continue
        is_glibc "$name" && continue
        [ -e "$deps/$name" ] || cp -L "$path" "$deps/$name"
    done
done
chmod 644 "$deps"/*
for library in "$deps"/*; do
    patchelf --set-rpath '$ORIGIN' "$library"
done
for helper in $helpers; do
    patchelf --set-rpath '$ORIGIN/deps' "$helper"
done
# the programs stripped as the .deb strips them: their DWARF would name the build folder
${STRIP:-strip} --strip-unneeded --remove-section=.comment "$tree/bin/cudnnv" $helpers
