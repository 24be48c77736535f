#!/usr/bin/env bats
# Selection with no activation at all: 'init --system' (the loader's search
# path, run in a private mount namespace over copies of /etc and /opt: the
# host's files are never touched) and 'init --login' (a session's
# environment.d and ~/.profile, in a home of the test's own).

load helpers

# The script runs in a mount namespace of its own, as root.
system_script() {
    cat <<SCRIPT
set -eu
top='$BATS_TEST_TMPDIR'
cp -a /etc "\$top/etc"
mount --bind "\$top/etc" /etc
mkdir -p "\$top/opt/cudnnv"
mount --bind "\$top/opt" /opt
CUDNNV_ROOT=/opt/cudnnv '$CUDNNV' install '$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz' >/dev/null 2>&1
CUDNNV_ROOT=/opt/cudnnv '$CUDNNV' rehash >/dev/null 2>&1
mkdir -p "\$top/project"
echo 9.1 > "\$top/project/.cudnn-version"
cd "\$top/project"
loaded() { env -i '$FIXTURES/bin/host_dlopen' libcudnn.so.9 2>&1 | head -1; }
echo "before: \$(loaded)"
env -i '$CUDNNV' init --system
echo "after: \$(loaded)"
echo "conf: \$(tail -1 /etc/ld.so.conf.d/00-cudnnv.conf)"
echo "cache: \$(/sbin/ldconfig -p | grep -m1 'libcudnn.so.9 ')"
env -i '$CUDNNV' init --system --undo
echo "undone: \$(loaded)"
[ ! -e /etc/ld.so.conf.d/00-cudnnv.conf ] && echo "conf removed"
SCRIPT
}

@test "init --system: a program with an empty environment in a pinned project gets its pin; --undo gives the loader's old answer back" {
    [ "$(id -u)" = 0 ] || skip "needs root for a mount namespace and the loader's configuration"
    system_script > "$BATS_TEST_TMPDIR/script.sh"
    run unshare -m --propagation private bash "$BATS_TEST_TMPDIR/script.sh"
    assert_status 0
    assert_output_has "after: 90100"
    assert_output_has "wrote /etc/ld.so.conf.d/00-cudnnv.conf: every program that asks the loader for libcudnn.so.N now gets the shims in /opt/cudnnv/shims/lib"
    assert_output_has "conf: /opt/cudnnv/shims/lib"
    assert_output_has "cache: 	libcudnn.so.9 (libc6,x86-64) => /opt/cudnnv/shims/lib/libcudnn.so.9"
    assert_output_has "conf removed"
    # the loader's answer before and after: the copy its cache lists (CUDA's, where there is one)
    before=$(grep '^before: ' <<< "$output")
    [ "$(grep '^undone: ' <<< "$output" | cut -d' ' -f2-)" = "${before#before: }" ]
    [ "${before#before: }" != 90100 ]
    # the host's own files were never touched
    [ ! -e /etc/ld.so.conf.d/00-cudnnv.conf ]
    refute_output_has /opt/cudnnv/ "$(/sbin/ldconfig -p)"
}

# namespace_script STORE...: the start of a script for a mount namespace of its own: a private copy of
# /etc, and a system store with the 9.1.0 fixture and its shims at each STORE; exits 99 when it cannot mount.
namespace_script() {
    printf 'set -u\ntop=%q\n' "$BATS_TEST_TMPDIR"
    printf 'cp -a /etc "$top/etc" && mount --bind "$top/etc" /etc || exit 99\n'
    for store in "$@"; do
        printf 'CUDNNV_ROOT=%q %q install %q >/dev/null 2>&1\n' "$store" "$CUDNNV" \
            "$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
        printf 'CUDNNV_ROOT=%q %q rehash >/dev/null 2>&1\n' "$store" "$CUDNNV"
    done
}

@test "init --system refuses shims others can write, and a store path ldconfig would cut ('#')" {
    [ "$(id -u)" = 0 ] || skip "needs root for a mount namespace and the loader's configuration"
    namespace_script "$BATS_TEST_TMPDIR/open" "$BATS_TEST_TMPDIR/pl#x/store" > "$BATS_TEST_TMPDIR/script.sh"
    cat >> "$BATS_TEST_TMPDIR/script.sh" <<SCRIPT
chmod 777 "\$top/open/shims/lib"
CUDNNV_SYSTEM_ROOT="\$top/open" '$CUDNNV' init --system; echo "open: \$?"
CUDNNV_SYSTEM_ROOT="\$top/pl#x/store" '$CUDNNV' init --system; echo "hash: \$?"
[ -e /etc/ld.so.conf.d/00-cudnnv.conf ] && echo "conf written" || echo "no conf"
/sbin/ldconfig -p | grep -c "\$top" || true
SCRIPT
    run unshare -m --propagation private bash "$BATS_TEST_TMPDIR/script.sh"
    [ "$status" -ne 99 ] || skip "no mount namespace here (unshare -m)"
    assert_output_has "refusing $BATS_TEST_TMPDIR/open/shims/lib for every program's loader: $BATS_TEST_TMPDIR/open/shims/lib can be written by another user"
    assert_output_has "open: 1"
    assert_output_has "the loader's configuration cannot name '$BATS_TEST_TMPDIR/pl#x/store/shims/lib' ('#'"
    assert_output_has "hash: 1"
    assert_output_has "no conf"
    [ "${lines[-1]}" = 0 ]
}

@test "init --system --undo removes only the lines it wrote" {
    [ "$(id -u)" = 0 ] || skip "needs root for a mount namespace and the loader's configuration"
    mkdir -p "$BATS_TEST_TMPDIR/other/lib"
    namespace_script "$BATS_TEST_TMPDIR/system" > "$BATS_TEST_TMPDIR/script.sh"
    cat >> "$BATS_TEST_TMPDIR/script.sh" <<SCRIPT
export CUDNNV_SYSTEM_ROOT='$BATS_TEST_TMPDIR/system'
env -i CUDNNV_SYSTEM_ROOT="\$CUDNNV_SYSTEM_ROOT" '$CUDNNV' init --system 2>/dev/null
echo "\$top/other/lib" >> /etc/ld.so.conf.d/00-cudnnv.conf
env -i CUDNNV_SYSTEM_ROOT="\$CUDNNV_SYSTEM_ROOT" '$CUDNNV' init --system --undo
echo "left:"; cat /etc/ld.so.conf.d/00-cudnnv.conf
SCRIPT
    run unshare -m --propagation private bash "$BATS_TEST_TMPDIR/script.sh"
    [ "$status" -ne 99 ] || skip "no mount namespace here (unshare -m)"
    assert_output_has "holds lines cudnnv did not write: they stay, only cudnnv's were removed"
    [ "${lines[-1]}" = "$BATS_TEST_TMPDIR/other/lib" ]
    [ "${lines[-2]}" = "left:" ]
}

@test "init --system is root's, Linux's, and needs a system store with shims" {
    share_programs "$(mktemp -d /tmp/cudnnv-init.XXXXXX)"
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i "$CUDNNV" init --system
    assert_status 1
    assert_output_has "run it as root"
    CUDNNV_SYSTEM_ROOT="$BATS_TEST_TMPDIR/empty" run "$CUDNNV" init --system
    assert_status 1
    assert_output_has "the system store $BATS_TEST_TMPDIR/empty has no shims"
    [ ! -e /etc/ld.so.conf.d/00-cudnnv.conf ]
    run "$CUDNNV" init --undo
    assert_status 2
    assert_output_has "'--undo' goes with '--system' or '--login'"
    rm -rf "$(dirname "$(dirname "$(dirname "$CUDNNV")")")"
}

@test "init --login: the session's environment.d and a login shell get the shims; --undo removes exactly that" {
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    printf 'umask 022\n# mine\n' > "$HOME/.profile"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv init --login
    assert_status 0
    [ "$(cat "$HOME/.config/environment.d/60-cudnnv.conf")" = "LD_LIBRARY_PATH=$CUDNNV_ROOT/shims/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" ]
    # systemd's own reader of environment.d, as a session starts
    generator=/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator
    if [ -x "$generator" ]; then
        run env -i HOME="$HOME" LD_LIBRARY_PATH=/elsewhere "$generator"
        assert_output_has "LD_LIBRARY_PATH=$CUDNNV_ROOT/shims/lib:/elsewhere"
    fi
    # a login shell
    run env -i HOME="$HOME" bash -l -c 'echo "$LD_LIBRARY_PATH"'
    [ "$output" = "$CUDNNV_ROOT/shims/lib" ]
    # twice is once
    cudnnv init --login 2>/dev/null
    [ "$(grep -c 'cudnnv init --login' "$HOME/.profile")" -eq 1 ]
    run cudnnv init --login --undo
    assert_status 0
    [ ! -e "$HOME/.config/environment.d/60-cudnnv.conf" ]
    [ "$(cat "$HOME/.profile")" = "$(printf 'umask 022\n# mine')" ]
    # a ~/.profile that is a link (a dotfiles manager's) is not replaced by a file: the line to add is given
    mv "$HOME/.profile" "$HOME/dotfiles-profile"
    ln -s dotfiles-profile "$HOME/.profile"
    run cudnnv init --login
    assert_status 1
    assert_output_has "$HOME/.profile is not a plain file (a link a dotfiles manager keeps?): nothing was changed; add this line to it yourself: export LD_LIBRARY_PATH='$CUDNNV_ROOT/shims/lib'"
    [ -L "$HOME/.profile" ]
    [ ! -e "$HOME/.config/environment.d/60-cudnnv.conf" ]
}

@test "init --login keeps ~/.profile's mode, never cuts a large one, and refuses a store path environment.d would expand" {
    printf 'echo private\n' > "$HOME/.profile"
    chmod 600 "$HOME/.profile"
    run cudnnv init --login
    assert_status 0
    [ "$(stat -c %a "$HOME/.profile")" = 600 ]
    grep -q '^echo private$' "$HOME/.profile"
    # a profile over 1 MiB: left whole, and the line to add is said
    cudnnv init --login --undo 2>/dev/null
    { head -c 1100000 /dev/zero | tr '\0' '#'; printf '\necho tail\n'; } > "$HOME/.profile"
    local before
    before=$(sha256sum "$HOME/.profile")
    run -1 cudnnv init --login
    assert_output_has "is larger than 1 MiB: it is not rewritten (nothing was changed)"
    [ "$(sha256sum "$HOME/.profile")" = "$before" ]
    # a store path with '$' (systemd expands it in environment.d): refused
    rm "$HOME/.profile"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/a\$HOME/store"
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run -1 cudnnv init --login
    assert_output_has "holds a character environment.d or a profile would read as syntax"
    [ ! -e "$HOME/.config/environment.d/60-cudnnv.conf" ]
}
