#!/usr/bin/env bats
# A project that keeps its tools in asdf's .tool-versions or mise's
# mise.toml pins cuDNN there ("cudnn 8.0", [tools] cudnn = "8.1"): the same
# walk up as .cudnn-version, read by the one selection code (shim, exec, the
# hook, Slurm), with the same rules for what is read.

load helpers

host_here() { # the TF-style host through the shims, in the current directory
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" timeout 10 "$FIXTURES/bin/host_dlopen"
}

@test ".tool-versions and mise.toml pin cuDNN: version, the shim, exec; .cudnn-version wins in its folder; a file that names no cudnn lets the walk go on up" {
    setup_store
    printf 'python 3.11.7\ncudnn 8.0   # TF 2.4\nnodejs 20\n' > .tool-versions
    mkdir -p sub/deeper
    run cudnnv version
    assert_output_has "8.0.4.30 (set by $PWD/.tool-versions)"
    [ "$(cd sub/deeper && host_here | head -1)" = 8004 ]
    run cudnnv exec "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8004 ]
    # a .tool-versions below that pins no cudnn is passed over
    printf 'python 3.12\n' > sub/.tool-versions
    (cd sub/deeper && cudnnv version) | grep -qx "8.0.4.30 (set by $PWD/.tool-versions)"
    # mise.toml: a string, an array, a table's version; a cudnn key outside [tools] is not a pin
    printf '[env]\ncudnn = "9"\n[tools]\npython = "3.11"\ncudnn = "8.1"\n' > sub/mise.toml
    (cd sub/deeper && cudnnv version) | grep -qx "8.1.0.77 (set by $PWD/sub/mise.toml)"
    [ "$(cd sub/deeper && host_here | head -1)" = 8100 ]
    printf '[tools]\n"cudnn" = ["8.1.0", "9"]\n' > sub/mise.toml
    (cd sub && cudnnv version) | grep -qx "8.1.0.77 (set by $PWD/sub/mise.toml)"
    printf '[tools]\ncudnn = { version = "8.0" }\n' > sub/mise.toml
    (cd sub && cudnnv version) | grep -qx "8.0.4.30 (set by $PWD/sub/mise.toml)"
    printf '[env]\ncudnn = "8.1"\n' > sub/mise.toml
    (cd sub && cudnnv version) | grep -qx "8.0.4.30 (set by $PWD/.tool-versions)"
    # in one folder, .cudnn-version wins, and says so
    echo 8.1 > .cudnn-version
    run cudnnv version
    assert_output_has "8.1.0.77 (set by $PWD/.cudnn-version)"
}

@test "use --tool-versions writes the cudnn line and keeps every other; --unset takes that line alone away" {
    setup_store
    printf 'python 3.11.7\n# a comment\nnodejs 20\n' > .tool-versions
    run cudnnv use --tool-versions 8.0
    assert_status 0
    [ "$(cat .tool-versions)" = "$(printf 'python 3.11.7\n# a comment\nnodejs 20\ncudnn 8.0')" ]
    [ ! -e .cudnn-version ]
    run cudnnv use --tool-versions 8.1
    [ "$(grep -c '^cudnn ' .tool-versions)" -eq 1 ]
    grep -qx 'cudnn 8.1' .tool-versions
    run cudnnv use --tool-versions
    [ "$output" = 8.1 ]
    run cudnnv use --tool-versions --unset
    assert_status 0
    [ "$(cat .tool-versions)" = "$(printf 'python 3.11.7\n# a comment\nnodejs 20')" ]
    run cudnnv use --tool-versions --cuda-runtime 11.0 8.1
    assert_status 2
}

@test "hostile tool files: a FIFO, 10 MB, a line of 10 000 tools, another user's file, control bytes: bounded, never hanging, never obeyed when not ours" {
    setup_store
    echo 8.1 > "$CUDNNV_ROOT/version"
    mkdir -p fifo big wide theirs odd
    mkfifo fifo/.tool-versions
    run timeout 10 "$CUDNNV" version
    assert_status 0
    # a FIFO is no pin: the walk went on (to the global file)
    (cd fifo && timeout 10 "$CUDNNV" version) | grep -q "8.1.0.77 (set by $CUDNNV_ROOT/version)"
    [ "$(cd fifo && host_here | head -1)" = 8100 ]
    # 10 MB, the cudnn line at its top or past 64 KiB: refused whole, with its name (a pin past a cut is never
    # silently lost), the read bounded
    { echo 'cudnn 8.0'; head -c 10000000 /dev/zero | tr '\0' '\n' | sed 's/^$/# padding/'; } > big/.tool-versions
    run sh -c "cd big && timeout 10 '$CUDNNV' version"
    assert_status 1
    assert_output_has "$PWD/big/.tool-versions holds more than 16 names or 65536 bytes, so what it pins past that is not read"
    { yes 'python 3.11' | head -n 20000; echo 'cudnn 8.0'; } > big/.tool-versions
    run sh -c "cd big && timeout 10 '$CUDNNV' version"
    assert_status 1
    assert_output_has "$PWD/big/.tool-versions holds more than"
    # one line of 10 000 tools' words, then the cudnn line: the same
    { for i in $(seq 10000); do printf 'tool%d ' "$i"; done; printf '\ncudnn 8.0\n'; } > wide/.tool-versions
    run sh -c "cd wide && timeout 10 '$CUDNNV' version"
    assert_status 1
    # up to 64 KiB is read whole: the cudnn line at its end counts
    { yes 'python 3.11' | head -n 5000; echo 'cudnn 8.0'; } > wide/.tool-versions
    (cd wide && timeout 10 "$CUDNNV" version) | grep -q "8.0.4.30 (set by $PWD/wide/.tool-versions)"
    # another user's .tool-versions that names cudnn is not obeyed, and said
    printf 'cudnn 8.0\n' > theirs/.tool-versions
    chown 65534 theirs/.tool-versions
    cd theirs
    CUDNNV_DEBUG=1 run --separate-stderr host_here
    [ "${lines[0]}" = 8100 ]
    output=$stderr assert_output_has "cudnnv: ignored $PWD/.tool-versions: it belongs to another user (not root), so it is not obeyed"
    run cudnnv doctor
    assert_output_has "$PWD/.tool-versions is not obeyed"
    cd ..
    # a name with control bytes is refused, escaped, never echoed raw
    printf 'cudnn 8.0\033[31m\n' > odd/.tool-versions
    run sh -c "cd odd && '$CUDNNV' version"
    [ "$status" -ne 0 ]
    [[ "$output" != *$'\033'* ]]
}

@test "the hook in bash, zsh and fish switches on cd into a project that pins cuDNN in .tool-versions" {
    setup_store
    mkdir -p tf24
    printf 'python 3.8\ncudnn 8.0\n' > tf24/.tool-versions
    local out="$BATS_TEST_TMPDIR/out" shell
    mkdir -p "$out"
    for shell in bash zsh fish; do
        local socket="cudnnv-tv-$$-$RANDOM" init
        case $shell in
            bash) init="eval \"\$($CUDNNV init bash)\"" ;;
            zsh) init="eval \"\$($CUDNNV init zsh)\"" ;;
            fish) init="$CUDNNV init fish | source" ;;
        esac
        local command="bash --norc --noprofile -i"
        [ "$shell" = zsh ] && command="zsh -f -i"
        [ "$shell" = fish ] && command="fish --no-config -i"
        tmux -L "$socket" new-session -d -s test -x 250 -y 50 env -i HOME="$HOME" PATH="$PATH" TERM=xterm \
            CUDNNV_ROOT="$CUDNNV_ROOT" $command
        type_lines "$socket" "$out/$shell-done" "$out/$shell-screen" "$init" "cd '$PWD/tf24'" \
            "echo \"\$CUDNN_HOME\" > '$out/$shell-in'" "cd '$PWD'" "echo \"\$CUDNN_HOME\" > '$out/$shell-out'" \
            "touch '$out/$shell-done'"
        [ "$(cat "$out/$shell-in")" = "$CUDNNV_ROOT/versions/8.0.4.30" ] || { cat "$out/$shell-screen" >&2; false; }
        [ "$(cat "$out/$shell-out")" != "$CUDNNV_ROOT/versions/8.0.4.30" ]
    done
}

@test "use --tool-versions treats the team's file as the user's: its mode kept, no write through a link, no NUL cut, --unset creates nothing" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    printf 'python 3.11\n' > .tool-versions
    chmod 0600 .tool-versions
    cudnnv use --tool-versions 8.0 2>/dev/null
    [ "$(stat -c %a .tool-versions)" = 600 ]
    [ "$(cat .tool-versions)" = "$(printf 'python 3.11\ncudnn 8.0')" ]
    # a link to a private file elsewhere: neither written through nor its content copied into a new file
    rm .tool-versions
    printf 'secret-tool 1.0\n' > "$BATS_TEST_TMPDIR/private"
    chmod 0600 "$BATS_TEST_TMPDIR/private"
    ln -s "$BATS_TEST_TMPDIR/private" .tool-versions
    run cudnnv use --tool-versions 8.0
    assert_status 1
    assert_output_has ".tool-versions is a link: cudnnv writes no version file through a link"
    [ -L .tool-versions ]
    [ "$(cat "$BATS_TEST_TMPDIR/private")" = "secret-tool 1.0" ]
    # a NUL byte: refused, nothing after it lost
    rm .tool-versions
    printf 'python 3.11\0\nnodejs 20\n' > .tool-versions
    cp .tool-versions "$BATS_TEST_TMPDIR/before"
    run cudnnv use --tool-versions 8.0
    assert_status 1
    assert_output_has "holds a NUL byte"
    cmp .tool-versions "$BATS_TEST_TMPDIR/before"
    # --unset where there is no file creates none; where no line pins cudnn, the file is left as it was
    rm .tool-versions
    run cudnnv use --tool-versions --unset
    assert_status 0
    [ ! -e .tool-versions ]
    printf 'python 3.11\n' > .tool-versions
    touch -d '2020-01-01' .tool-versions
    cudnnv use --tool-versions --unset 2>/dev/null
    [ "$(stat -c %Y .tool-versions)" = "$(date -d 2020-01-01 +%s)" ]
}

# mise_says TEXT: mise.toml of the project holds TEXT; prints what version-name answers there (status kept).
mise_says() {
    printf '%s\n' "$1" > "$BATS_TEST_TMPDIR/project/inner/mise.toml"
    (cd "$BATS_TEST_TMPDIR/project/inner" && cudnnv version-name 2>&1)
}

@test "mise.toml is read as TOML: every string kind, arrays and inline tables; text in strings and comments is never a key" {
    install_fixture cudnn-11.0-linux-x64-v8.0.4.30-test.tgz cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    mkdir -p "$BATS_TEST_TMPDIR/project/inner"
    echo 8.1 > "$BATS_TEST_TMPDIR/project/.cudnn-version"   # what the folder above pins
    local form
    for form in "[tools]"$'\n'"cudnn = '8.0'" "[tools]"$'\n'"cudnn = ['8.0', \"9\"]" \
                "[tools]"$'\n'"cudnn = { version = '8.0' }" "[tools]"$'\n'"\"cudnn\" = \"8.0\"  # ours" \
                "tools.cudnn = \"8.0\"" "[tools]"$'\n'"cudnn = ["$'\n'"  '8.0',  # the one for TF 2.4"$'\n'"]"; do
        run mise_says "$form"
        assert_status 0
        [ "$output" = 8.0.4.30 ] || { echo "for: $form, got: $output" >&2; return 1; }
    done
    # a cudnn key that is text inside a string or a comment, or outside [tools], is no pin: the folder above answers
    for form in "[env]"$'\n'"NOTE = \"\"\""$'\n'"[tools]"$'\n'"cudnn = \"8.0\""$'\n'"\"\"\"" \
                "[env]"$'\n'"NOTE = '''"$'\n'"[tools]"$'\n'"cudnn = '8.0'"$'\n'"'''" \
                "[tools]"$'\n'"# cudnn = \"8.0\"" "x = \"[tools]\""$'\n'"cudnn = \"8.0\"" \
                "[tools]"$'\n'"python = \"3.11\""$'\n'"[tasks.build]"$'\n'"cudnn = \"8.0\""; do
        run mise_says "$form"
        assert_status 0
        [ "$output" = 8.1.0.77 ] || { echo "for: $form, got: $output" >&2; return 1; }
    done
    # every form mise takes for a tool's version: a [tools.cudnn] table, dotted keys, [tools] inline
    for form in "[tools.cudnn]"$'\n'"version = \"8.0\""$'\n'"os = [\"linux\"]" "tools = { cudnn = \"8.0\" }" \
                "tools = { python = \"3.11\", cudnn = { version = '8.0' } }" "[tools]"$'\n'"cudnn.version = \"8.0\"" \
                "tools.cudnn.version = \"8.0\"" "tools = { cudnn.version = \"8.0\" }" \
                "[tools]"$'\n'"python = \"3.11\""$'\n'"[tools.cudnn]"$'\n'"version = \"8.0\""; do
        run mise_says "$form"
        assert_status 0
        [ "$output" = 8.0.4.30 ] || { echo "for: $form, got: $output" >&2; return 1; }
    done
    # cudnn's version given twice is a TOML error: refused, never the first taken
    for form in "[tools]"$'\n'"cudnn = \"8.0\""$'\n'"cudnn = \"8.1\"" \
                "[tools.cudnn]"$'\n'"version = \"8.0\""$'\n'"version = \"8.1\"" \
                "[tools]"$'\n'"cudnn = \"8.0\""$'\n'"[tools]"$'\n'"python = \"3\"" \
                "tools.cudnn = \"8.0\""$'\n'"[tools]"$'\n'"cudnn = \"8.1\"" \
                "[tools]"$'\n'"cudnn = \"8.0\""$'\n'"cudnn.version = \"8.1\""; do
        run mise_says "$form"
        assert_status 1
        assert_output_has "$BATS_TEST_TMPDIR/project/inner/mise.toml gives cudnn's version twice, which TOML forbids"
    done
    # what the reader does not understand is refused, naming the file, never guessed
    for form in "[tools]"$'\n'"cudnn = 8.0" "[tools]"$'\n'"cudnn = \"\"\"8.0\"\"\"" "[tools]"$'\n'"cudnn = \"8.0\" python = \"3\"" \
                "[tools]"$'\n'"cudnn = \"8\\u002e0\""; do
        run mise_says "$form"
        assert_status 1
        assert_output_has "$BATS_TEST_TMPDIR/project/inner/mise.toml holds TOML that cudnnv's reader does not understand"
    done
}
