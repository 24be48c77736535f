#!/usr/bin/env bats
# The shell integration in real interactive shells (bash, zsh, fish from
# Debian), driven under tmux: cd into project A (8.0.4), project B (8.1.0),
# and out again; after each cd, the variables, and what a host program
# started there gets; leaving restores the user's own LD_PRELOAD byte for
# byte; and 'cd A && program' on one line gets A's set.

load helpers

USER_LIBRARY_PATH="/opt/user lib:/opt/other"

shell_projects() {
    two_projects
    mkdir -p "$BATS_TEST_TMPDIR/A/deep/er"
    USER_PRELOAD=$(readlink -f /lib/x86_64-linux-gnu/libm.so.6)
    PROBE="$BATS_TEST_DIRNAME/../fixtures/probe-env.sh"
    OUT="$BATS_TEST_TMPDIR/out"
    mkdir -p "$OUT"
}

# drive SHELL_COMMAND INIT_LINE: types the init line and the cd/probe script
# into an interactive shell under tmux, and waits until it has run.
drive() {
    local shell_command=$1 init_line=$2 socket="cudnnv-test-$$-$RANDOM"
    local host="$FIXTURES/bin/host_dlopen"
    tmux -L "$socket" new-session -d -s test -x 250 -y 50 \
        env -i HOME="$HOME" PATH="$PATH" TERM=xterm CUDNNV_ROOT="$CUDNNV_ROOT" \
        ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} \
        LD_LIBRARY_PATH="$USER_LIBRARY_PATH" LD_PRELOAD="$USER_PRELOAD" $shell_command
    local lines=(
        "$init_line"
        "$PROBE $OUT/start.env"
        "cd $BATS_TEST_TMPDIR/A/deep/er"
        "$PROBE $OUT/A.env"
        "$host > $OUT/A.host"
        "cd $BATS_TEST_TMPDIR/B"
        "$PROBE $OUT/B.env"
        "$host > $OUT/B.host"
        "cudnnv shell 8.0"
        "$PROBE $OUT/shell.env"
        "cudnnv shell > $OUT/shell-current.txt"
        "cudnnv shell --help >/dev/null 2>&1 && touch $OUT/shell-help.ok"
        "cudnnv shell --unset"
        "$PROBE $OUT/unset.env"
        "cd $BATS_TEST_TMPDIR"
        "$PROBE $OUT/out.env"
        "cd $BATS_TEST_TMPDIR/A && $FIXTURES/bin/host_rpath > $OUT/oneliner.host; cd $BATS_TEST_TMPDIR"
        "touch $OUT/done"
    )
    type_lines "$socket" "$OUT/done" "$OUT/screen.txt" "${lines[@]}"
}

check_results() {
    local shims="$CUDNNV_ROOT/shims/lib" a="$CUDNNV_ROOT/versions/8.0.4.30" b="$CUDNNV_ROOT/versions/8.1.0.77"
    # sets are installed: outside the projects the shims serve every installed
    # major (its newest set), so they are on the library path everywhere
    expect_line "$OUT/start.env" "LD_LIBRARY_PATH=$shims:$USER_LIBRARY_PATH"
    expect_line "$OUT/A.env" "LD_LIBRARY_PATH=$shims:$USER_LIBRARY_PATH"
    expect_line "$OUT/A.env" "LD_PRELOAD=$shims/libcudnn.so.8:$USER_PRELOAD"
    expect_line "$OUT/A.env" "CUDNN_HOME=$a"
    expect_line "$OUT/A.env" "CUDNN_PATH=$a"
    expect_line "$OUT/A.env" "CUDNN_INCLUDE_DIR=$a/include"
    expect_line "$OUT/A.env" "CUDNN_LIB_DIR=$a/lib"
    [ "$(head -1 "$OUT/A.host")" = 8004 ]
    expect_line "$OUT/B.env" "CUDNN_HOME=$b"
    expect_line "$OUT/B.env" "LD_PRELOAD=$shims/libcudnn.so.8:$USER_PRELOAD"
    [ "$(head -1 "$OUT/B.host")" = 8100 ]
    # 'cudnnv shell' through the integration's function: this shell only, at once
    expect_line "$OUT/shell.env" "CUDNN_HOME=$a"
    [ "$(cat "$OUT/shell-current.txt")" = 8.0 ]
    [ -f "$OUT/shell-help.ok" ]
    expect_line "$OUT/unset.env" "CUDNN_HOME=$b"
    expect_line "$OUT/out.env" "LD_LIBRARY_PATH=$shims:$USER_LIBRARY_PATH"
    expect_line "$OUT/out.env" "LD_PRELOAD=$USER_PRELOAD"
    expect_line "$OUT/out.env" "CUDNN_HOME <unset>"
    expect_line "$OUT/out.env" "CUDNN_LIB_DIR <unset>"
    # a command on the same line as the cd gets the project's set, even one
    # whose RPATH leads to another cuDNN (it needs the preloaded shim)
    [ "$(head -1 "$OUT/oneliner.host")" = 8004 ]
}

@test "bash: cd into A, B and out; variables, hosts, and the user's own values restored" {
    shell_projects
    drive "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\""
    check_results
}

@test "zsh: cd into A, B and out; variables, hosts, and the user's own values restored" {
    shell_projects
    drive "zsh -f -i" "eval \"\$($CUDNNV init zsh)\""
    check_results
}

@test "fish: cd into A, B and out; variables, hosts, and the user's own values restored" {
    shell_projects
    drive "fish --no-config -i" "$CUDNNV init fish | source"
    check_results
}

# date_watched_files_back: every file the hook watches (the pins, the
# store's version, versions/ and config) dated a minute back. fish's 'path
# mtime' has whole seconds, so a watched file written in the stamp's own
# second is (rightly) re-checked at every prompt until that second has
# passed; the pins here are written a moment before the shell starts, and
# without this the idle prompts raced the clock (2 runs in 3 failed in fish).
date_watched_files_back() {
    local past=$(( $(date +%s) - 60 )) file
    for file in "$CUDNNV_ROOT/version" "$CUDNNV_ROOT/versions" "$CUDNNV_ROOT/config" \
                "$BATS_TEST_TMPDIR/A/.cudnn-version" "$BATS_TEST_TMPDIR/A/deep/.cudnn-version"; do
        if [ -e "$file" ]; then touch -h -d "@$past" "$file"; fi
    done
}

# prompts SHELL_COMMAND INIT_LINE: a prompt where nothing changed runs no
# hook-env (each run touches the shell's stamp in $CUDNNV_ROOT/shells), a
# changed pin or a cd does.
prompts() {
    local socket="cudnnv-test-$$-$RANDOM" project="$BATS_TEST_TMPDIR/A/deep"
    date_watched_files_back
    tmux -L "$socket" new-session -d -s test -x 250 -y 50 \
        env -i HOME="$HOME" PATH="$PATH" TERM=xterm CUDNNV_ROOT="$CUDNNV_ROOT" \
        ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} $1
    type_line() {
        tmux -L "$socket" send-keys -t test -l "$1"
        tmux -L "$socket" send-keys -t test Enter
    }
    wait_for() { for _ in $(seq 200); do [ -e "$1" ] && return 0; sleep 0.05; done; return 1; }
    # settled NAME: runs 'touch $OUT/NAME' and waits for the file; the lines
    # typed before, and the prompts (with their hooks) after them, are done
    settled() {
        type_line "touch $OUT/$1"
        wait_for "$OUT/$1"
    }
    type_line "$2"
    type_line "cd $project"
    settled ready
    local stamp
    stamp=$(ls "$CUDNNV_ROOT/shells/"* | head -1)
    local before
    before=$(stat -c %.9Y "$stamp")
    for i in 1 2 3 4 5; do type_line ""; done
    settled idle
    local idle
    idle=$(stat -c %.9Y "$stamp")
    type_line "echo 8.1.0 > .cudnn-version"
    settled changed
    local changed
    changed=$(stat -c %.9Y "$stamp")
    type_line "env > $OUT/after.env"
    type_line "touch $OUT/done"
    tmux_finish "$socket" "$OUT/done" "$OUT/screen.txt"
    echo "stamp: before $before, after 6 idle prompts $idle, after a pin changed $changed" >&2
    [ "$idle" = "$before" ]
    [ "$changed" != "$idle" ]
    grep -qx "CUDNN_HOME=$CUDNNV_ROOT/versions/8.1.0.77" "$OUT/after.env"
}

@test "bash, zsh, fish: a prompt where nothing changed starts no process; a changed pin is seen" {
    shell_projects
    for shell in bash zsh fish; do
        rm -rf "$OUT" "$CUDNNV_ROOT/shells" && mkdir -p "$OUT"
        case $shell in
        bash) prompts "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\"" ;;
        zsh) prompts "zsh -f -i" "eval \"\$($CUDNNV init zsh)\"" ;;
        fish) prompts "fish --no-config -i" "$CUDNNV init fish | source" ;;
        esac
        rm -f "$BATS_TEST_TMPDIR/A/deep/.cudnn-version"
    done
}

# strict_prompts SHELL_COMMAND INIT_LINE LINES...: types the lines into the
# shell (its own default options, the prompt '$ '), then 'echo alive'. The
# screen must then hold only prompts with the typed lines and the program
# output named by the lines: a hook that writes to stderr, or a shell that
# ends, shows there.
strict_prompts() {
    local socket="cudnnv-test-$$-$RANDOM" shell_command=$1
    shift
    tmux -L "$socket" new-session -d -s test -x 250 -y 50 \
        env -i HOME="$HOME" PATH="$PATH" TERM=xterm CUDNNV_ROOT="$CUDNNV_ROOT" PS1='$ ' PROMPT='$ ' \
        ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} sh -c "exec $shell_command"
    # at_prompt: the screen's last line is a bare prompt (so nothing typed
    # ahead is echoed by the terminal before the shell reads it)
    at_prompt() { [ "$(tmux -L "$socket" capture-pane -p -t test 2>/dev/null | grep -v '^$' | tail -n 1)" = '$' ]; }
    local line
    for line in "$@" "echo alive > $OUT/alive"; do
        for _ in $(seq 300); do at_prompt && break; sleep 0.1; done
        tmux -L "$socket" send-keys -t test -l "$line"
        tmux -L "$socket" send-keys -t test Enter
        sleep 0.1
    done
    # the last prompt drawn too, once the shell wrote the file
    for _ in $(seq 300); do
        [ -s "$OUT/alive" ] && at_prompt && break
        sleep 0.1
    done
    tmux_finish "$socket" "$OUT/alive" "$OUT/screen.txt"
    assert_all_lines_match '^\$( |$)' "$(cat "$OUT/screen.txt")"
}

@test "bash, zsh: with the shell's default options and set -e -u, the prompt shows nothing of ours and the shell lives" {
    shell_projects
    local steps=("set -e" "set -u" "cd $BATS_TEST_TMPDIR/A" "false && true" "cd $BATS_TEST_TMPDIR/B" "false && true"
                 "cd $BATS_TEST_TMPDIR" "echo \${CUDNNV_VERSION-} > $OUT/version")
    strict_prompts "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\"" "${steps[@]}"
    rm -f "$OUT/alive"
    # zsh without -f: /etc/zsh's files as a user has them, options at their defaults (EQUALS on)
    strict_prompts "zsh -i" "eval \"\$($CUDNNV init zsh)\"" "${steps[@]}"
}

@test "bash: the status of the user's last command still reaches the prompt and PROMPT_COMMAND after ours" {
    shell_projects
    strict_prompts "bash --norc --noprofile -i" "PROMPT_COMMAND='echo \$? >> $OUT/statuses'" \
        "eval \"\$($CUDNNV init bash)\"" "(exit 3)" "cd $BATS_TEST_TMPDIR/A" "(exit 7)"
    # the prompts after: PROMPT_COMMAND itself, the init line, (exit 3), cd, (exit 7), echo
    [ "$(tr '\n' ' ' < "$OUT/statuses")" = "0 0 3 0 7 0 " ]
}

@test "fish: with its default options the prompt shows nothing of ours" {
    shell_projects
    strict_prompts "fish --no-config -i -C 'function fish_prompt; echo -n \"\\\$ \"; end'" "$CUDNNV init fish | source" \
        "cd $BATS_TEST_TMPDIR/A" "false" "cd $BATS_TEST_TMPDIR/B" "cd $BATS_TEST_TMPDIR"
}

@test "bash, zsh, fish: 'cudnnv shell 8.0' and the README's eval \"\$(cudnnv shell 8.0)\" both change the shell with the hook; eval without it" {
    shell_projects
    local v="$OUT/v"
    strict_prompts "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\"" \
        "eval \"\$(cudnnv shell 8.0)\"" "echo \$CUDNNV_VERSION > $v.bash1" \
        "cudnnv shell 8.1" "echo \$CUDNNV_VERSION > $v.bash2" "echo \$(cudnnv shell) > $v.bash3"
    rm -f "$OUT/alive"
    strict_prompts "zsh -i" "eval \"\$($CUDNNV init zsh)\"" \
        "eval \"\$(cudnnv shell 8.0)\"" "echo \$CUDNNV_VERSION > $v.zsh1" \
        "cudnnv shell 8.1" "echo \$CUDNNV_VERSION > $v.zsh2"
    rm -f "$OUT/alive"
    strict_prompts "fish --no-config -i -C 'function fish_prompt; echo -n \"\\\$ \"; end'" "$CUDNNV init fish | source" \
        "eval (cudnnv shell 8.0)" "echo \$CUDNNV_VERSION > $v.fish1" \
        "cudnnv shell 8.1" "echo \$CUDNNV_VERSION > $v.fish2"
    rm -f "$OUT/alive"
    strict_prompts "bash --norc --noprofile -i" "alias cudnnv=$CUDNNV" \
        "eval \"\$(cudnnv shell 8.0)\"" "echo \$CUDNNV_VERSION > $v.plain-bash"
    rm -f "$OUT/alive"
    strict_prompts "fish --no-config -i -C 'function fish_prompt; echo -n \"\\\$ \"; end'" \
        "eval ($CUDNNV shell 8.0)" "echo \$CUDNNV_VERSION > $v.plain-fish"
    for shell in bash zsh fish; do
        [ "$(cat "$v.${shell}1")" = 8.0 ]
        [ "$(cat "$v.${shell}2")" = 8.1 ]
    done
    [ "$(cat "$v.bash3")" = 8.1 ]
    [ "$(cat "$v.plain-bash")" = 8.0 ]
    [ "$(cat "$v.plain-fish")" = 8.0 ]
}

@test "bash, zsh, fish: a pin of nothing installed writes nothing at the prompt (CUDNNV_PROBLEM says it); 'cudnnv install' there brings it and the next prompt selects it" {
    local archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    write_test_release linux "$archive" "file://$ARCHIVES/$archive" "$(sha256sum "$ARCHIVES/$archive" | cut -c1-64)" 460.27.03
    mkdir -p "$BATS_TEST_TMPDIR/C" "$BATS_TEST_TMPDIR/out"
    echo 8.1.0.77 > "$BATS_TEST_TMPDIR/C/.cudnn-version"
    OUT="$BATS_TEST_TMPDIR/out"
    local steps=("cd $BATS_TEST_TMPDIR/C" "echo \"\$CUDNNV_PROBLEM\" > $OUT/problem"
                 "cudnnv install > $OUT/install.txt 2>&1" "cd ." "echo \"\$CUDNN_HOME\" > $OUT/home")
    for shell in bash zsh fish; do
        # an empty store that is not new: init links no system set (its one line would be no prompt)
        rm -rf "$CUDNNV_ROOT/versions" "$CUDNNV_ROOT/shells" "$OUT"/* && mkdir -p "$OUT" "$CUDNNV_ROOT/versions"
        case $shell in
        bash) strict_prompts "bash --norc --noprofile -i" "eval \"\$($CUDNNV init bash)\"" "${steps[@]}" ;;
        zsh) strict_prompts "zsh -f -i" "eval \"\$($CUDNNV init zsh)\"" "${steps[@]}" ;;
        fish) strict_prompts "fish --no-config -i -C 'function fish_prompt; echo -n \"\\\$ \"; end'" \
                  "$CUDNNV init fish | source" "${steps[@]}" ;;
        esac
        grep -q "^version '8.1.0.77' is not installed (set by $BATS_TEST_TMPDIR/C/.cudnn-version)" "$OUT/problem"
        grep -q "8.1.0.77 (pinned in $BATS_TEST_TMPDIR/C/.cudnn-version): installing" "$OUT/install.txt"
        [ "$(cat "$OUT/home")" = "$CUDNNV_ROOT/versions/8.1.0.77" ]
    done
}

@test "as a non-root user: bash, zsh with compinit and fish; a broken pin is silent at the prompt and 'cudnnv install' brings it" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to run the shells as another user"; fi
    local top archive=cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    top=$(mktemp -d /tmp/cudnnv-shells.XXXXXX)
    share_programs "$top"
    local home="$top/home"
    export CUDNNV_ROOT="$home/.cudnnv"
    write_test_release linux "$archive" "file://$ARCHIVES/$archive" "$(sha256sum "$ARCHIVES/$archive" | cut -c1-64)" 460.27.03
    mkdir -p "$home/C" "$CUDNNV_ROOT/versions" "$top/out"
    echo 8.1.0.77 > "$home/C/.cudnn-version"
    chown -R 65534:65534 "$home" "$top/out"
    OUT="$top/out"
    local user="setpriv --reuid=65534 --regid=65534 --clear-groups env -i HOME=$home PATH=$top/programs/bin:/usr/bin:/bin TERM=xterm PS1=\\\$\\  PROMPT=\\\$\\  CUDNNV_ROOT=$CUDNNV_ROOT"
    local steps=("cd $home/C" "echo \"\$CUDNNV_PROBLEM\" > $OUT/problem"
                 "cudnnv install > $OUT/install.txt 2>&1" "cd ." "echo \"\$CUDNN_HOME \$(id -u)\" > $OUT/home")
    for shell in bash zsh fish; do
        rm -rf "$CUDNNV_ROOT/versions"/* "$CUDNNV_ROOT/shells" "$OUT"/*
        case $shell in
        bash) strict_prompts "$user bash --norc --noprofile -i" "eval \"\$(cudnnv init bash)\"" "${steps[@]}" ;;
        zsh) strict_prompts "$user zsh -f -i" \
                 "autoload -Uz compinit && compinit -u -d $home/.zcompdump && eval \"\$(cudnnv init zsh)\"" "${steps[@]}" ;;
        fish) strict_prompts "$user fish --no-config -i -C 'function fish_prompt; echo -n \"\\\$ \"; end'" \
                  "cudnnv init fish | source" "${steps[@]}" ;;
        esac
        grep -q "^version '8.1.0.77' is not installed" "$OUT/problem"
        grep -q "installed 8.1.0.77" "$OUT/install.txt"
        [ "$(cat "$OUT/home")" = "$CUDNNV_ROOT/versions/8.1.0.77 65534" ]
    done
    rm -rf "$top"
}
