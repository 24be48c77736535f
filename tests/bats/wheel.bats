#!/usr/bin/env bats
# make wheel: the tarball's tree as a wheel for pip. pip puts bin/cudnnv in
# the environment's bin and the helpers, shims and catalog under its prefix;
# the store stays the user's (~/.cudnnv), and pip uninstall takes every file
# back. The tag's glibc floor is checked against the symbol versions the
# binaries ask for.

load helpers

# The newest GLIBC_X.Y any ELF file below DIR needs, as X_Y (read with readelf, not as the build reads it).
glibc_floor() {
    find "$1" -type f -exec sh -c 'head -c4 "$1" | grep -q ELF && readelf -W --dyn-syms "$1"' sh {} \; |
        grep -o 'GLIBC_[0-9]*\.[0-9]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n | tail -1 | tr . _
}

@test "the wheel holds the tarball's tree with a RECORD that matches, and a tag whose glibc floor the binaries need" {
    local version artifact floor
    make_artifact dist "cudnnv-VERSION-linux-$(uname -m).tar.gz"
    mkdir "$BATS_TEST_TMPDIR/tree"
    tar -C "$BATS_TEST_TMPDIR/tree" -xzf "$artifact"
    floor=$(glibc_floor "$BATS_TEST_TMPDIR/tree")
    [ -n "$floor" ]
    make_artifact wheel "cudnnv-VERSION-py3-none-manylinux_${floor}_$(uname -m).whl"
    run python3 - "$artifact" "$version" <<'PY'
import base64, hashlib, sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
info = "cudnnv-%s.dist-info/" % sys.argv[2]
lines = wheel.read(info + "RECORD").decode().splitlines()
listed = {}
for line in lines:
    name, digest, size = line.rsplit(",", 2)
    listed[name] = (digest, size)
for name in wheel.namelist():
    if name == info + "RECORD":
        assert listed[name] == ("", ""), "RECORD lists itself without a hash"
        continue
    data = wheel.read(name)
    want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert listed.pop(name) == (want, str(len(data))), name
assert list(listed) == [info + "RECORD"], "RECORD lists files the wheel lacks: %s" % list(listed)
print(wheel.read(info + "WHEEL").decode())
print("modes", oct(wheel.getinfo("cudnnv-%s.data/scripts/cudnnv" % sys.argv[2]).external_attr >> 16))
PY
    assert_status 0
    assert_output_has "Tag: py3-none-manylinux_${floor}_$(uname -m)"
    assert_output_has "Root-Is-Purelib: false"
    assert_output_has "modes 0o100755"
}

@test "pip install in a venv (a folder with a space): cudnnv on its PATH, the store in the home, pip uninstall takes it all back" {
    local version artifact venv="$BATS_TEST_TMPDIR/a venv"
    python3 -m venv "$venv" 2>/dev/null || skip "python3 cannot make a venv here (make check installs python3-venv)"
    make_artifact wheel "cudnnv-VERSION-py3-none-manylinux_*_$(uname -m).whl"
    run "$venv/bin/pip" install --no-index --disable-pip-version-check "$artifact"
    assert_status 0
    run env PATH="$venv/bin:/usr/bin:/bin" cudnnv --version
    assert_status 0
    assert_output_has "cudnnv $version"
    [ "$(env PATH="$venv/bin:/usr/bin:/bin" sh -c 'command -v cudnnv')" = "$venv/bin/cudnnv" ]
    # the store is the user's, not the venv's: a cuDNN wheel installed, served through the venv's shims
    unset CUDNNV_ROOT
    make_wheel "$BATS_TEST_TMPDIR/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux_2_17_x86_64.whl"
    run "$venv/bin/cudnnv" install "$BATS_TEST_TMPDIR/nvidia_cudnn_cu12-9.1.0.70-py3-none-manylinux_2_17_x86_64.whl"
    assert_status 0
    assert_output_has "installed 9.1.0.70"
    [ -d "$HOME/.cudnnv/versions/9.1.0.70" ]
    [ -f "$HOME/.cudnnv/shims/lib/libcudnn.so.9" ]
    [ -z "$(find "$venv" -path '*versions/9.1.0.70*')" ]
    run "$venv/bin/cudnnv" exec --version 9.1 -- "$FIXTURES/bin/host_dlopen" libcudnn.so.9
    assert_status 0
    [ "${lines[0]}" = 90100 ]
    # a new shell where the venv is not active, with the README's init line: man finds the page
    run env -i HOME="$HOME" PATH=/usr/bin:/bin bash -c 'eval "$("$1/bin/cudnnv" init bash)" && man -w cudnnv' sh "$venv"
    assert_status 0
    [ "$output" = "$venv/share/man/man1/cudnnv.1" ]
    # with the venv active man finds it by PATH: MANPATH is left as it was
    run env -i HOME="$HOME" PATH="$venv/bin:/usr/bin:/bin" bash -c 'eval "$(cudnnv init bash)" && echo "[${MANPATH-unset}]"'
    assert_status 0
    [ "$output" = "[unset]" ]
    run "$venv/bin/pip" uninstall -y --disable-pip-version-check cudnnv
    assert_status 0
    [ ! -e "$venv/bin/cudnnv" ]
    run find "$venv" -type f -path '*cudnnv*'
    [ -z "$output" ] || { echo "left in the venv: $output" >&2; false; }
    [ -d "$HOME/.cudnnv/versions/9.1.0.70" ]   # the store is not pip's to remove
}
