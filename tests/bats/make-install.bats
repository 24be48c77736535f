#!/usr/bin/env bats
# make install: an installed cudnnv finds its helpers, shims and catalog
# under its own prefix (bin/, lib/cudnnv/, share/cudnnv/).

load helpers

@test "an installed cudnnv installs, knows the catalog, and serves programs through its shims" {
    repo="$BATS_TEST_DIRNAME/../.."
    make -C "$repo" --no-print-directory -s install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/opt/cudnnv >/dev/null
    installed="$BATS_TEST_TMPDIR/root/opt/cudnnv"
    [ -x "$installed/bin/cudnnv" ]
    [ -x "$installed/lib/cudnnv/cudnnv-install" ]
    [ -f "$installed/share/man/man1/cudnnv.1" ]
    CUDNNV="$installed/bin/cudnnv"
    run cudnnv known 8.1
    assert_status 0
    assert_output_has "8.1.0.77"
    run cudnnv install "$ARCHIVES/cudnn-11.0-linux-x64-v8.0.4.30-test.tgz"
    assert_status 0
    cudnnv use 8.0
    run cudnnv exec "$FIXTURES/bin/host_dlopen"
    assert_status 0
    [ "${lines[0]}" = 8004 ]
    cmp "$CUDNNV_ROOT/shims/lib/libcudnn.so.8" "$installed/lib/cudnnv/libcudnn.so.8"
}

@test "make uninstall removes exactly what make install wrote" {
    repo="$BATS_TEST_DIRNAME/../.."
    root="$BATS_TEST_TMPDIR/root"
    # a prefix that holds other programs and pages already
    mkdir -p "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/lib"
    echo other > "$root/usr/bin/other"
    echo page > "$root/usr/share/man/man1/other.1"
    (cd "$root" && find . | sort) > "$BATS_TEST_TMPDIR/before"
    make -C "$repo" --no-print-directory -s install DESTDIR="$root" PREFIX=/usr >/dev/null
    [ -x "$root/usr/bin/cudnnv" ]
    [ -f "$root/usr/share/cudnnv/catalog/8.1.0.77.ini" ]
    make -C "$repo" --no-print-directory -s uninstall DESTDIR="$root" PREFIX=/usr >/dev/null
    (cd "$root" && find . | sort) > "$BATS_TEST_TMPDIR/after"
    diff "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/after"
}

# readme_lines FILE: the README's start-up lines for that file (the fenced
# block that opens with '# FILE'), as written there.
readme_lines() {
    awk -v head="# $1" '$0 == head { take = 1; next } take && /^```/ { exit } take { print }' \
        "$BATS_TEST_DIRNAME/../../README.md"
}

@test "the README's lines: after make install PREFIX=~/.local, login shells (bash, zsh, fish) find cudnnv and the hook" {
    repo="$BATS_TEST_DIRNAME/../.."
    home="$BATS_TEST_TMPDIR/user home"
    mkdir -p "$home/.config/fish"
    cp /etc/skel/.profile /etc/skel/.bashrc "$home/"   # what a new Debian user has
    make -C "$repo" --no-print-directory -s install PREFIX="$home/.local" >/dev/null
    [ -n "$(readme_lines '~/.bashrc')" ]
    readme_lines '~/.bashrc' >> "$home/.bashrc"
    readme_lines '~/.zshrc' > "$home/.zshrc"
    readme_lines '~/.config/fish/config.fish' > "$home/.config/fish/config.fish"
    login() { env -i HOME="$home" PATH=/usr/bin:/bin TERM=dumb CUDNNV_ROOT="$CUDNNV_ROOT" "$@" 2>/dev/null < /dev/null; }
    run login bash -l -i -c 'command -v cudnnv; type -t _cudnnv_hook; type -P cudnnv'
    [ "${lines[0]}" = cudnnv ]         # the function the integration defines
    [ "${lines[1]}" = function ]
    [ "${lines[2]}" = "$home/.local/bin/cudnnv" ]
    run login zsh -l -i -c 'whence -w cudnnv _cudnnv_hook; whence -p cudnnv'
    [ "${lines[0]}" = "cudnnv: function" ]
    [ "${lines[1]}" = "_cudnnv_hook: function" ]
    [ "${lines[2]}" = "$home/.local/bin/cudnnv" ]
    run login fish -l -i -c 'functions -q cudnnv _cudnnv_hook; and echo hooked; command -s cudnnv'
    [ "${lines[0]}" = hooked ]
    [ "${lines[1]}" = "$home/.local/bin/cudnnv" ]
    # the installed cudnnv works from there
    run login bash -l -i -c 'cudnnv --version'
    assert_status 0
}

@test "make install puts each shell's completion where that shell looks for it; fish never builds its own from the man page" {
    repo="$BATS_TEST_DIRNAME/../.."
    home="$BATS_TEST_TMPDIR/home"
    mkdir -p "$home"
    make -C "$repo" --no-print-directory -s install PREFIX="$home/.local" >/dev/null
    share="$home/.local/share"
    run grep -c '@CUDNNV@' "$share/bash-completion/completions/cudnnv" "$share/zsh/vendor-completions/_cudnnv" \
        "$share/fish/vendor_completions.d/cudnnv.fish"
    refute_output_has ":1"
    with() { env -i HOME="$home" PATH="$home/.local/bin:/usr/bin:/bin" CUDNNV_ROOT="$CUDNNV_ROOT" "$@" 2>/dev/null < /dev/null; }
    # fish: its own user data folder's vendor completions, so `cudnnv inst<Tab>` offers install and nothing of the man page's guesses
    run with fish -c 'complete -C "cudnnv inst"'
    assert_output_has "install"
    run with fish -c 'complete -C "cudnnv install --"'
    assert_output_has "--runtime"
    refute_output_has "--persist"
    refute_output_has "--tcl"
    # a path from the home folder, as typed with '~/' (fish's own path completion takes no '~')
    mkdir -p "$home/Downloads/cudnn"
    run with fish -c 'complete -C "cudnnv install ~/Down"'
    assert_output_has "~/Downloads/"
    # bash: the file bash-completion loads for cudnnv registers the function
    run with bash --norc -c "source '$share/bash-completion/completions/cudnnv'; complete -p cudnnv"
    assert_output_has "complete -F _cudnnv_complete cudnnv"
    # zsh: compinit finds _cudnnv for cudnnv in the vendor folder
    run with zsh -f -c "fpath=('$share/zsh/vendor-completions' \$fpath); autoload -U compinit; compinit -u -d '$home/.zcompdump'; print -r -- \${_comps[cudnnv]}"
    [ "$output" = _cudnnv ]
    make -C "$repo" --no-print-directory -s uninstall PREFIX="$home/.local" >/dev/null
    [ ! -e "$share/fish/vendor_completions.d/cudnnv.fish" ]
}

@test "the Makefile asks pkg-config nothing while it is parsed, so 'make deps-demo all' on a bare machine links what deps-demo installed" {
    repo="$BATS_TEST_DIRNAME/../.."
    mkdir -p "$BATS_TEST_TMPDIR/fake"
    printf '#!/bin/sh\necho "$*" >> "%s"\nexit 1\n' "$BATS_TEST_TMPDIR/calls" > "$BATS_TEST_TMPDIR/fake/pkg-config"
    chmod +x "$BATS_TEST_TMPDIR/fake/pkg-config"
    PATH="$BATS_TEST_TMPDIR/fake:$PATH" run make -C "$repo" --no-print-directory -n deps-demo
    assert_status 0
    [ ! -e "$BATS_TEST_TMPDIR/calls" ] || { echo "asked while parsing: $(cat "$BATS_TEST_TMPDIR/calls")" >&2; return 1; }
    # the link line still gets the libraries, asked when it runs
    run make -C "$repo" --no-print-directory -n -B V=1 build/bin/cudnnv
    assert_status 0
    assert_output_has "-Wl,-Bstatic -linih -lxxhash -ljansson"
}

@test "docs/ci.md's workflow is valid YAML as copied, with the keys GitHub requires" {
    run python3 - "$BATS_TEST_DIRNAME/../../docs/ci.md" <<'PY'
import re, sys, yaml
text = open(sys.argv[1]).read()
block = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
workflow = yaml.safe_load(block)
# PyYAML reads the key 'on' as True (YAML 1.1); GitHub reads it as 'on'
assert "jobs" in workflow and (True in workflow or "on" in workflow), sorted(map(str, workflow))
for job in workflow["jobs"].values():
    assert "runs-on" in job and "steps" in job, job
print("ok")
PY
    assert_status 0
    [ "$output" = ok ]
}
