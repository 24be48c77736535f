#!/bin/sh
# Turns an installed tree of this machine (make install DESTDIR=... PREFIX=P)
# into the AArch64 one, for the arm64 package and tarball: cudnnv, its
# helpers and the shims from the cross build (make aarch64) in place of this
# machine's; the cuDNN 8 NVRTC forwarders and the Slurm plugin, built for
# this machine only, are left out.
# Usage: stage-aarch64.sh TREE ARM_BUILD   (TREE holds bin/ and lib/cudnnv/)
set -eu
tree=$1
arm=$2
cp "$arm/bin/cudnnv" "$tree/bin/cudnnv"
cp "$arm/lib/cudnnv/cudnnv-install" "$arm/lib/cudnnv/cudnnv-update" "$arm"/lib/cudnnv/libcudnn.so.* "$tree/lib/cudnnv/"
rm -rf "$tree/lib/cudnnv/forward" "$tree/lib/cudnnv/cudnnv_spank.so"
