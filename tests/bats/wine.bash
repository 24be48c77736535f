# Shared by the Wine test files: one Wine prefix in the build folder, created
# once with a time limit, and one Wine session kept for a file's tests (each
# program then starts in a tenth of a second). Programs run through wine-run.
#
# Wine's background processes (services.exe, winedevice.exe, plugplay.exe …)
# start with the first program of a session and inherit its output. Started
# here with every output on /dev/null, they hold no pipe a test reads from
# (a test's `$(…)` would otherwise wait for them to end, which they do only
# when the session does).

WINE="$BATS_TEST_DIRNAME/wine-run"

# setup_file of a Wine test file: the prefix, then the session. Test files
# run two at a time (bats --jobs), and a file's teardown ends every Wine
# program of its prefix, so each Wine file has a prefix of its own
# (wineprefix-FILE: both run side by side); the turn, a lock held from here
# to wine_end, only keeps two runs of one file apart.
wine_start() {
    export WINEPREFIX="$FIXTURES/../wineprefix-$(basename "$BATS_TEST_FILENAME" .bats)" WINEDEBUG=-all
    # Wine maps Unix file names to Windows ones through the locale's
    # character set: UTF-8, whatever the caller's locale.
    export LC_ALL=C.UTF-8
    exec {WINE_TURN}>"$WINEPREFIX.turn"
    if ! flock -w 900 "$WINE_TURN"; then
        echo "another Wine test file held $WINEPREFIX for 15 minutes" >&2
        return 1
    fi
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        if ! WINE_TIMEOUT=300 "$WINE" wineboot --init >"$BATS_FILE_TMPDIR/wineboot.log" 2>&1; then
            echo "cannot create the Wine prefix $WINEPREFIX:" >&2
            cat "$BATS_FILE_TMPDIR/wineboot.log" >&2
            return 1
        fi
        wine_stop
    fi
    wine_session
}

wine_session() {
    "$WINE" --server -p >/dev/null 2>&1 || true   # (one may run already)
    "$WINE" cmd /c exit >/dev/null 2>&1
}

# teardown_file: the session, every Wine process in it, and the turn.
wine_end() {
    wine_stop
    exec {WINE_TURN}>&-
}

# The session and every Wine process in it.
wine_stop() {
    "$WINE" --server -k 2>/dev/null || true   # (none may run)
    WINE_TIMEOUT=60 "$WINE" --server -w || true
}

# A new Wine session (it reads the user's settings from the registry again).
wine_restart() {
    wine_stop
    wine_session
}

# two_projects_at_once RUNNER: runs 'RUNNER DIR OUT' for project folders A and
# B at the same time (OUT: a.out, b.out in the test's folder), and checks that
# A's program got cuDNN 8.0 (8004) and B's 8.1 (8100).
two_projects_at_once() {
    local pids=()
    "$1" "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/a.out" &
    pids+=($!)
    "$1" "$BATS_TEST_TMPDIR/B" "$BATS_TEST_TMPDIR/b.out" &
    pids+=($!)
    wait "${pids[@]}"   # only these: bats has a job of its own (the test timeout)
    [ "$(head -1 "$BATS_TEST_TMPDIR/a.out" | tr -d '\r')" = 8004 ]
    [ "$(head -1 "$BATS_TEST_TMPDIR/b.out" | tr -d '\r')" = 8100 ]
}
