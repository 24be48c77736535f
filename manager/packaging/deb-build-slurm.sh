#!/bin/sh
# make deb, second package: cudnnv-slurm, the SPANK plugin alone, taken out of
# the staged tree of cudnnv. A SPANK plugin runs only in the Slurm release it
# was built against, so the package depends on that release's
# slurm-wlm-basic-plugins (what slurmd and slurm-client both depend on), and
# on the same cudnnv. plugstack.conf stays the administrator's to change.
# Usage: deb-build-slurm.sh STAGE VERSION OUT.deb
set -eu
stage=$1
version=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
arch=$(dpkg --print-architecture)
slurm_stage="$stage-slurm"
plugin=usr/lib/cudnnv/cudnnv_spank.so
rm -rf "$slurm_stage"
mkdir -p "$slurm_stage/usr/lib/cudnnv" "$slurm_stage/DEBIAN"
mv "$stage/$plugin" "$slurm_stage/$plugin"
strip --strip-unneeded --remove-section=.comment "$slurm_stage/$plugin"
chmod 644 "$slurm_stage/$plugin"
doc="$slurm_stage/usr/share/doc/cudnnv-slurm"
mkdir -p "$doc"
cp "$here/deb-copyright" "$doc/copyright"
printf 'cudnnv (%s-1) unstable; urgency=medium\n\n  * Built from %s.\n\n -- cudnnv developers <cudnnv@example.org>  %s\n' \
    "$version" "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(date +%s)}")" | gzip -9n > "$doc/changelog.Debian.gz"
cat > "$doc/README.Debian" <<TEXT
cudnnv-slurm
------------

Slurm loads the plugin once plugstack.conf names it. On every node and on
the machines users submit from, add (system_root: the system store):

  optional /usr/lib/cudnnv/cudnnv_spank.so system_root=/opt/cudnnv

Then 'srun --cudnn=8.1 program' runs program with cuDNN 8.1 of that store,
and jobs started in a project follow its .cudnn-version.
TEXT
# the Slurm release it was built against: its major.minor, as a range
slurm=$(dpkg-query -W -f='${Version}' libslurm-dev | sed 's/^\([0-9]*\)\.\([0-9]*\)\..*/\1.\2/')
next=$(echo "$slurm" | awk -F. '{ printf "%s.%02d", $1, $2 + 1 }')
work=$(mktemp -d)
mkdir -p "$work/debian"
printf 'Source: cudnnv\n\nPackage: cudnnv-slurm\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "$slurm_stage/$plugin" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$work"
depends="$shlibs, cudnnv (= $version-1), slurm-wlm-basic-plugins (>= $slurm), slurm-wlm-basic-plugins (<< $next)"
size=$(du -sk "$slurm_stage/usr" | cut -f1)
sed -e "s/@VERSION@/$version-1/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
    "$here/deb-control-slurm" > "$slurm_stage/DEBIAN/control"
find "$slurm_stage" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$slurm_stage" "$out" >/dev/null
rm -rf "$slurm_stage"
