#!/usr/bin/env bats
# cudnnv completions (the words, read from each command's table), and the
# completion functions of 'cudnnv init' in real bash, zsh (with and without
# compinit, before or after the init line) and fish, typed under tmux.

load helpers

@test "completions lists the commands, not the plumbing" {
    run cudnnv completions
    assert_status 0
    assert_output_has "install"
    assert_output_has "version-name"
    refute_lines_match '^hook-env$'
}

@test "completions for a command: its options and, where it takes one, the installed sets" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv completions use
    assert_output_has "--unset"
    assert_output_has "8.1.0.77"
    run cudnnv completions versions
    assert_output_has "--bare"
    refute_output_has 8.1.0.77
}

@test "completions of option values, paths, programs, and after operands" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv completions env --format
    [ "$(echo "$output" | tr '\n' ' ')" = "bash zsh fish pwsh cmd sh dockerfile dotenv github json " ]
    run cudnnv completions known --platform
    echo "$output" | grep -qx linux-sbsa
    run cudnnv completions install --cuda
    echo "$output" | grep -qx 11.2
    echo "$output" | grep -qx 12
    # each CUDA version once
    [ -z "$(echo "$output" | sort | uniq -d)" ]
    run cudnnv completions use --for
    echo "$output" | grep -qx torch
    echo "$output" | grep -qx "tensorflow==2.5.0"
    run cudnnv completions exec --version
    [ "$output" = 8.1.0.77 ]
    # what an operand can be: a path (the shell completes it), a release, a program
    run cudnnv completions install
    echo "$output" | grep -qx -- "-@files"
    echo "$output" | grep -qx 9.19.0.56
    echo "$output" | grep -qx -- "--platform"
    # a release with Windows archives only (8.3.0.98) is not offered to a Linux install
    grep -q '^windows_archive = ' "$BATS_TEST_DIRNAME/../../versions/catalog/8.3.0.98.ini"
    run grep -c '^linux_archive = ' "$BATS_TEST_DIRNAME/../../versions/catalog/8.3.0.98.ini"
    [ "$output" = 0 ]
    run cudnnv completions install
    assert_status 0
    run grep -cx 8.3.0.98 <<< "$output"
    [ "$output" = 0 ]
    run cudnnv completions link mine
    echo "$output" | grep -qx -- "-@dirs"
    run cudnnv completions exec
    echo "$output" | grep -qx -- "-@programs"
    # after the program, its own arguments: paths, never cudnnv's options
    run cudnnv completions exec python3 -
    [ "$output" = "-@files" ]
    # an option with its value inline, and a full command: nothing more to add
    run cudnnv completions env --format=sh 8.1.0.77
    assert_status 0
    refute_output_has 8.1.0.77
    run cudnnv completions help
    echo "$output" | grep -qx modulefiles
    # after --, operands only, however many follow
    run cudnnv completions use -- 
    assert_status 0
    refute_output_has --force
    run cudnnv completions use -- 8.1.0.77
    assert_status 0
    refute_output_has --force
}

@test "bash completes commands and versions through the init function" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    eval "$("$CUDNNV" init bash)"
    COMP_WORDS=(cudnnv ver) COMP_CWORD=1
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "versions version version-name version-file verify" ]
    COMP_WORDS=(cudnnv use 8.1) COMP_CWORD=2
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "8.1.0.77" ]
    COMP_WORDS=(cudnnv env --format dot) COMP_CWORD=3
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "dotenv" ]
    # bash splits --format=dot at the '=' (COMP_WORDBREAKS): the value still completes
    COMP_WORDS=(cudnnv env --format = dot) COMP_CWORD=4
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "dotenv" ]
    COMP_WORDS=(cudnnv env --format =) COMP_CWORD=3
    _cudnnv_complete
    [ "${#COMPREPLY[@]}" = 10 ]
    # an option given as --opt=VALUE before the word: the word is an operand
    COMP_WORDS=(cudnnv env --format = sh 8.1) COMP_CWORD=5
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "8.1.0.77" ]
    # a shell whose COMP_WORDBREAKS has no '=': one word
    COMP_WORDS=(cudnnv env --format=dot) COMP_CWORD=2
    _cudnnv_complete
    [ "${COMPREPLY[*]}" = "--format=dotenv" ]
}

# typed SHELL_COMMAND INIT_LINES... : in a real interactive shell under tmux,
# types each line of $LINES up to a Tab, then turns what the shell completed
# into 'echo LINE >> completed' and runs it; $OUT/completed holds the lines.
typed() {
    local shell_command=$1 socket="cudnnv-test-$$-$RANDOM"
    shift
    tmux -L "$socket" new-session -d -s test -x 250 -y 50 \
        env -i HOME="$HOME" PATH="$PATH" TERM=xterm CUDNNV_ROOT="$CUDNNV_ROOT" \
        ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} \
        $shell_command
    local line
    for line in "$@"; do
        tmux -L "$socket" send-keys -t test -l "$line"
        tmux -L "$socket" send-keys -t test Enter
    done
    for line in "${LINES_TO_COMPLETE[@]}"; do
        tmux -L "$socket" send-keys -t test -l "$line"
        tmux -L "$socket" send-keys -t test Tab
        sleep 0.3
        tmux -L "$socket" send-keys -t test C-a
        tmux -L "$socket" send-keys -t test -l "echo '"
        tmux -L "$socket" send-keys -t test C-e
        tmux -L "$socket" send-keys -t test -l "' >> $OUT/completed"
        tmux -L "$socket" send-keys -t test Enter
    done
    tmux -L "$socket" send-keys -t test -l "touch $OUT/done"
    tmux -L "$socket" send-keys -t test Enter
    tmux_finish "$socket" "$OUT/done" "$OUT/screen.txt"
}

setup_typing() {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    OUT="$BATS_TEST_TMPDIR/out"
    mkdir -p "$OUT" "$BATS_TEST_TMPDIR/files/toolkit dir"
    touch "$BATS_TEST_TMPDIR/files/archive-test.tgz"
    cd "$BATS_TEST_TMPDIR/files"
    LINES_TO_COMPLETE=(
        "cudnnv uninst"
        "cudnnv use 8.1.0"
        "cudnnv env --format dock"
        "cudnnv known --platform linux-s"
        "cudnnv install arch"
        "cudnnv adopt --dry-run tool"
        "cudnnv exec --version 8.0"
        "cudnnv env --format=dock"
    )
    EXPECTED=(
        "cudnnv uninstall "
        "cudnnv use 8.1.0.77 "
        "cudnnv env --format dockerfile "
        "cudnnv known --platform linux-sbsa "
        "cudnnv install archive-test.tgz "
        "cudnnv adopt --dry-run toolkit\\ dir/"
        "cudnnv exec --version 8.0.4.30 "
        "cudnnv env --format=dockerfile "
    )
}

check_typed() {
    local i
    for i in "${!EXPECTED[@]}"; do
        [ "$(sed -n "$((i + 1))p" "$OUT/completed")" = "${EXPECTED[$i]}" ] || {
            echo "line $((i + 1)): expected '${EXPECTED[$i]}'; the shell completed:" >&2
            cat "$OUT/completed" >&2
            return 1
        }
    done
}

@test "bash: commands, versions, option values and paths complete under tmux" {
    setup_typing
    typed "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\""
    check_typed
}

# zsh removes the space or '/' it added after a word when the next key is
# not typed text (here the C-a that turns the line into an echo)
zsh_expected() {
    EXPECTED=("${EXPECTED[@]% }")
    EXPECTED=("${EXPECTED[@]%/}")
}

@test "zsh without compinit: the same completions (through compctl)" {
    setup_typing
    zsh_expected
    typed "zsh -f -i" "eval \"\$($CUDNNV init zsh)\"" "echo \"\${_comps[cudnnv]-none}\" > $OUT/function"
    check_typed
    [ "$(cat "$OUT/function")" = none ]
}

@test "zsh with compinit before the init line, and with compinit after it" {
    setup_typing
    zsh_expected
    typed "zsh -f -i" "autoload -Uz compinit && compinit -u -D" "eval \"\$($CUDNNV init zsh)\"" \
        "echo \"\${_comps[cudnnv]-none}\" > $OUT/function"
    check_typed
    [ "$(cat "$OUT/function")" = _cudnnv_complete ]
    rm -f "$OUT/completed" "$OUT/done"
    # compinit after the init line: the first prompt after it registers the function
    typed "zsh -f -i" "eval \"\$($CUDNNV init zsh)\"" "autoload -Uz compinit && compinit -u -D" \
        "echo \"\${_comps[cudnnv]-none}\" > $OUT/function"
    check_typed
    [ "$(cat "$OUT/function")" = _cudnnv_complete ]
}

@test "fish: the same completions, with paths where a path fits" {
    setup_typing
    typed "fish --no-config -i" "$CUDNNV init fish | source"
    check_typed
}

@test "every command's completion offers exactly the options its help lists (bash, zsh and fish all ask 'cudnnv completions')" {
    for command in $(cudnnv help | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
        offered=$(cudnnv completions "$command" | grep -- '^--' | sort)
        listed=$(cudnnv "$command" --help 2>&1 | sed -n '/^Options:/,$p' | grep -oE '^  (-[a-z], )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+' | sort)
        if [ "$offered" != "$listed" ]; then
            echo "$command: offered [$offered] but its help lists [$listed]" >&2
            return 1
        fi
    done
    # and each shell's completion code asks that command, not a list of its own
    for file in complete.bash complete.zsh complete.fish; do
        grep -q '@CUDNNV@ completions' "$BATS_TEST_DIRNAME/../../hooks/$file"
        run grep -c -- '--runtime\|--persist' "$BATS_TEST_DIRNAME/../../hooks/$file"
        [ "$output" = 0 ]
    done
}
