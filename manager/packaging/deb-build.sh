#!/bin/sh
# make deb: the Debian package of an installed tree (make install
# DESTDIR=STAGE PREFIX=/usr). Depends comes from dpkg-shlibdeps (what the
# binaries link); the copyright and changelog go to /usr/share/doc/cudnnv;
# no maintainer scripts (init --system stays the administrator's decision).
# The Slurm plugin needs the Slurm it was built against: it is left out here.
# DEB_ARCH and STRIP name another architecture and its strip (the arm64
# package, from the cross build).
# Usage: deb-build.sh STAGE VERSION OUT.deb
set -eu
stage=$1
version=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
arch=${DEB_ARCH:-$(dpkg --print-architecture)}
strip=${STRIP:-strip}
rm -f "$stage/usr/lib/cudnnv/cudnnv_spank.so"
# the Windows DLLs are for Wine or a Windows machine, not this package
rm -rf "$stage/usr/lib/cudnnv/windows"
# programs stripped (Debian's rule), libraries not executable
"$strip" --strip-unneeded --remove-section=.comment "$stage/usr/bin/cudnnv" "$stage/usr/lib/cudnnv/cudnnv-install" \
    "$stage/usr/lib/cudnnv/cudnnv-update"
find "$stage/usr/lib/cudnnv" -name '*.so*' -type f -exec chmod 644 {} +
doc="$stage/usr/share/doc/cudnnv"
mkdir -p "$doc" "$stage/DEBIAN"
cp "$here/deb-copyright" "$doc/copyright"
printf 'cudnnv (%s-1) unstable; urgency=medium\n\n  * Built from %s.\n\n -- cudnnv developers <cudnnv@example.org>  %s\n' \
    "$version" "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(date +%s)}")" | gzip -9n > "$doc/changelog.Debian.gz"
gzip -9n "$stage/usr/share/man/man1/cudnnv.1"
if [ "$arch" = arm64 ]; then
    # the AArch64 shims go without RELRO on purpose (the Makefile's ARM_SHIM_FLAGS says why)
    mkdir -p "$stage/usr/share/lintian/overrides"
    printf '%s\n' \
        '# RELRO would pad each shim with up to 64 KiB of zeros (64 KiB pages), and the table every cuDNN call' \
        '# jumps through is written at first calls and stays writable, so a read-only GOT would guard nothing.' \
        'cudnnv: hardening-no-relro [usr/lib/cudnnv/libcudnn.so.*]' > "$stage/usr/share/lintian/overrides/cudnnv"
fi
# dpkg-shlibdeps reads debian/control of a source package: a minimal one, in a folder of its own
work=$(mktemp -d)
mkdir -p "$work/debian"
printf 'Source: cudnnv\n\nPackage: cudnnv\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && DEB_HOST_ARCH=$arch dpkg-shlibdeps -O "$stage/usr/bin/cudnnv" "$stage/usr/lib/cudnnv/cudnnv-install" \
    "$stage/usr/lib/cudnnv/cudnnv-update" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$work"
size=$(du -sk "$stage/usr" | cut -f1)
sed -e "s/@VERSION@/$version-1/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
    "$here/deb-control" > "$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out" >/dev/null
