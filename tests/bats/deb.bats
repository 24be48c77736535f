#!/usr/bin/env bats
# make deb: the Debian package of cudnnv, checked with lintian and unpacked
# where it can run (its files find each other by their relative places).

load helpers

REPO="$BATS_TEST_DIRNAME/../.."

@test "make deb: lintian finds no error; Depends from the libraries linked; the files, completions and docs in their places; no maintainer scripts" {
    local version artifact artifacts deb slurm_deb
    local names=("cudnnv_VERSION-1_$(dpkg --print-architecture).deb")
    # the Slurm plugin's package, where the plugin is built (make check installs libslurm-dev)
    [ ! -e /usr/include/slurm/spank.h ] || names+=("cudnnv-slurm_VERSION-1_$(dpkg --print-architecture).deb")
    make_artifact deb "${names[@]}"
    deb=$artifact
    slurm_deb=${artifacts[1]:-}
    run lintian "$deb"
    assert_status 0
    run grep -c '^E: ' <<< "$output"
    [ "$output" = 0 ]
    run dpkg-deb -f "$deb" Depends
    assert_output_has "libarchive13"
    assert_output_has "libcurl"
    assert_output_has "libc6"
    run dpkg-deb -c "$deb"
    for file in ./usr/bin/cudnnv ./usr/lib/cudnnv/cudnnv-install ./usr/lib/cudnnv/cudnnv-update \
                ./usr/lib/cudnnv/libcudnn.so.9 ./usr/share/cudnnv/catalog/8.1.0.77.ini ./usr/share/man/man1/cudnnv.1.gz \
                ./usr/share/doc/cudnnv/copyright ./usr/share/doc/cudnnv/changelog.Debian.gz \
                ./usr/share/bash-completion/completions/cudnnv ./usr/share/zsh/vendor-completions/_cudnnv \
                ./usr/share/fish/vendor_completions.d/cudnnv.fish; do
        assert_output_has " $file"
    done
    refute_output_has "cudnnv_spank.so"   # it needs the Slurm it was built against
    run dpkg-deb -I "$deb"
    assert_status 0
    refute_output_has "postinst"
    refute_output_has "preinst"
    # unpacked anywhere, it runs: its helpers and catalog found beside it
    dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/root"
    CUDNNV="$BATS_TEST_TMPDIR/root/usr/bin/cudnnv"
    run cudnnv --version
    [ "$output" = "cudnnv $version" ]
    run cudnnv install "$ARCHIVES/cudnn-11.2-linux-x64-v8.1.0.77-test.tgz"
    assert_status 0
    run cudnnv known 8.1.0
    assert_output_has "8.1.0.77"
    if [ -z "$slurm_deb" ]; then
        echo "# no Slurm headers here: cudnnv-slurm not built" >&3
        return 0
    fi
    # cudnnv-slurm: the plugin alone, tied to this Slurm release and to this cudnnv
    run lintian "$slurm_deb"
    assert_status 0
    run grep -c '^E: ' <<< "$output"
    [ "$output" = 0 ]
    local slurm next
    slurm=$(dpkg-query -W -f='${Version}' libslurm-dev | cut -d. -f1,2)
    next=$(echo "$slurm" | awk -F. '{ printf "%s.%02d", $1, $2 + 1 }')
    run dpkg-deb -f "$slurm_deb" Depends
    assert_output_has "cudnnv (= $version-1)"
    assert_output_has "slurm-wlm-basic-plugins (>= $slurm), slurm-wlm-basic-plugins (<< $next)"
    run dpkg-deb -c "$slurm_deb"
    assert_output_has " ./usr/lib/cudnnv/cudnnv_spank.so"
    assert_output_has " ./usr/share/doc/cudnnv-slurm/README.Debian"
    refute_output_has "/usr/bin/"
    dpkg-deb -x "$slurm_deb" "$BATS_TEST_TMPDIR/slurm-root"
    run nm -D "$BATS_TEST_TMPDIR/slurm-root/usr/lib/cudnnv/cudnnv_spank.so"
    assert_output_has " slurm_spank_init"
    assert_output_has " plugin_version"
    run dpkg-deb -I "$slurm_deb"
    assert_status 0
    refute_output_has "postinst"
}

@test "make deb-arm64: the same package from the cross build, every program and library for AArch64; it runs under qemu" {
    if ! command -v qemu-aarch64 >/dev/null || [ ! -e /lib/ld-linux-aarch64.so.1 ]; then
        skip "no qemu-aarch64 or AArch64 libc here (make check installs both)"
    fi
    local version artifact artifacts root="$BATS_TEST_TMPDIR/arm root"
    make_artifact deb-arm64 "cudnnv_VERSION-1_arm64.deb"
    run lintian "$artifact"
    assert_status 0
    # the shims' missing RELRO is on purpose, and said in the package's override with the reason
    refute_output_has "hardening-no-relro"
    run grep -c '^E: ' <<< "$output"
    [ "$output" = 0 ]
    [ "$(dpkg-deb -f "$artifact" Architecture)" = arm64 ]
    run dpkg-deb -f "$artifact" Depends
    assert_output_has "libarchive13"
    dpkg-deb -x "$artifact" "$root"
    run sh -c 'find "$1" -type f -exec file -b {} + | grep ELF' sh "$root"
    [ "${#lines[@]}" -eq 6 ]   # cudnnv, two helpers, three shims
    assert_all_lines_match "^ELF 64-bit LSB .*, ARM aarch64," "$output"
    # its helpers find their AArch64 libraries as Debian installs them (multiarch)
    CUDNNV="$root/usr/bin/cudnnv"
    run qemu-aarch64 "$CUDNNV" --version
    assert_output_has "cudnnv $version"
    # the helper started directly (no binfmt_misc: an emulated cudnnv cannot exec it), then the shim it placed
    local archive="$BATS_TEST_TMPDIR/cudnn-linux-sbsa-8.1.0.77_cuda11-archive.tar.xz"
    "$FIXTURES/bin/mkarchive" "$archive" "tree:cudnn-linux-sbsa-8.1.0.77_cuda11-archive=$FIXTURES/aarch64/sets/8.1.0"
    run qemu-aarch64 "$root/usr/lib/cudnnv/cudnnv-install" "$archive"
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    qemu-aarch64 "$CUDNNV" use 8.1 2>/dev/null
    cmp "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" "$root/usr/lib/cudnnv/libcudnn.so.8"
    run qemu-aarch64 -E LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" "$FIXTURES/aarch64/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8100 ]
}
