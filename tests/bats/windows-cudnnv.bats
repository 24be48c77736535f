#!/usr/bin/env bats
# cudnnv.exe (the manager cross-built with mingw-w64) under Wine: the store,
# installs of NVIDIA's Windows folder layout, pins, exec, env for PowerShell
# and cmd, verify, check, doctor's Windows checks, adopt, and what this build
# cannot do. A Windows host program that loads cudnn64_8.dll reports the
# version it got.

load helpers
load wine

EXE="$(dirname "$CUDNNV")/../windows/cudnnv.exe"
LAYOUTS="$FIXTURES/layouts"
HOST="$FIXTURES/bin/host_loadlibrary.exe"
SYSTEM32="$FIXTURES/../wineprefix-windows-cudnnv/drive_c/windows/system32"

setup_file() {
    wine_start
}

teardown_file() {
    wine_end
}

setup_wine() {
    [ -f "$EXE" ] || { echo "cudnnv.exe is not built: run 'make windows' (make check does)" >&2; return 1; }
    unset WINEPATH
}

winpath() { # winpath UNIX_PATH: the path as cudnnv.exe shows it under Wine (drive Z:, backslashes)
    local path="Z:$1"
    printf '%s' "${path//\//\\}"
}

exe() { # runs cudnnv.exe; stdout and stderr as Windows wrote them, without the CRs
    local out status
    out=$("$WINE" "$EXE" "$@" 2>&1 | tr -d '\r'; exit "${PIPESTATUS[0]}") && status=0 || status=$?
    # cudnnv.exe says why whenever it fails, and every program this file
    # execs prints what it loaded or why not; a failure without a word is
    # Wine not starting one (seen in CI under load, for exec too): once more,
    # with Wine's own error messages shown should it happen again
    if [ "$status" -ne 0 ] && [ -z "$out" ]; then
        echo "# Wine ran cudnnv.exe $* with status $status and printed nothing; running it again" >&2
        out=$(WINEDEBUG=err+all "$WINE" "$EXE" "$@" 2>&1 | tr -d '\r'; exit "${PIPESTATUS[0]}") && status=0 || status=$?
    fi
    [ -z "$out" ] || printf '%s\n' "$out"
    return "$status"
}

# exec_in DIR OUT: the host through 'cudnnv exec' in DIR, loading cudnn64_8.dll and a sublibrary.
exec_in() {
    (cd "$1" && exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll > "$2")
}

# Both Windows sets installed; folder A pinned to 8.0, B to 8.1.
pin_two_projects() {
    setup_wine
    install_windows_sets
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    (cd "$BATS_TEST_TMPDIR/A" && exe use 8.0)
    (cd "$BATS_TEST_TMPDIR/B" && exe use 8.1)
}

install_windows_sets() {
    exe install "$LAYOUTS/windows-8.1.0/cuda" >/dev/null
    exe install "$LAYOUTS/windows-8.0.4/cuda" >/dev/null
}

@test "cudnnv.exe: install NVIDIA's Windows folders, versions, verify, which" {
    setup_wine
    run exe install "$LAYOUTS/windows-8.1.0/cuda"
    assert_status 0
    assert_output_has "installed 8.1.0 (cuDNN 8.1.0)"
    run exe install "$LAYOUTS/windows-8.0.4/cuda"
    assert_status 0
    # the files arrive byte for byte (no text-mode translation)
    cmp "$CUDNNV_ROOT/versions/8.1.0/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
    cmp "$CUDNNV_ROOT/versions/8.1.0/lib/x64/cudnn.lib" "$LAYOUTS/windows-8.1.0/cuda/lib/x64/cudnn.lib"
    grep -qx "platform = windows-x86_64" "$CUDNNV_ROOT/versions/8.1.0/cudnnv.ini"
    run exe versions --bare
    [ "$output" = "$(printf '8.0.4\n8.1.0')" ]
    run exe verify
    assert_status 0
    assert_output_has "8.1.0: ok (6 files"
    run exe rehash
    assert_output_has "shims in $(winpath "$CUDNNV_ROOT/shims/bin")"
    # the shim DLL is in shims/bin, and no Linux shim came with it
    cmp "$CUDNNV_ROOT/shims/bin/cudnn64_8.dll" "$(dirname "$CUDNNV")/../lib/cudnnv/windows/cudnn64_8.dll"
    [ ! -e "$CUDNNV_ROOT/shims/lib" ]
    run exe which cudnn64_8.dll
    assert_status 0
    # a path as Windows writes it: no forward slash
    [ "$output" = "$(winpath "$CUDNNV_ROOT/versions/8.1.0/bin/cudnn64_8.dll")" ]
    echo tampered >> "$CUDNNV_ROOT/versions/8.0.4/bin/cudnn64_8.dll"
    run exe verify 8.0.4
    assert_status 1
    assert_output_has "changed  bin/cudnn64_8.dll"
}

@test "cudnnv.exe says what the shim would refuse: a set others may write is REFUSED by verify, marked by versions, and which names the fix" {
    pin_two_projects
    chmod o+w "$CUDNNV_ROOT/versions/8.1.0/bin"
    run exe verify 8.1.0
    assert_status 1
    assert_output_has '8.1.0: REFUSED ('
    assert_output_has 'bin can be written by Everyone (S-1-1-0)'
    run exe which cudnn64_8.dll
    assert_status 1
    assert_output_has "refusing set '8.1.0'"
    assert_output_has "icacls"
    run exe versions
    assert_output_has "8.1.0"
    assert_output_has "refused"
    # the other set is untouched, and the refused one comes back once fixed
    run exe verify 8.0.4
    assert_status 0
    chmod o-w "$CUDNNV_ROOT/versions/8.1.0/bin"
    run exe verify 8.1.0
    assert_status 0
}

@test "cudnnv.exe: two projects pinned 8.0 and 8.1 run a host at the same time: 8004 and 8100" {
    pin_two_projects
    [ "$(cat "$BATS_TEST_TMPDIR/A/.cudnn-version")" = 8.0 ]
    run bash -c "cd '$BATS_TEST_TMPDIR/B' && '$WINE' '$EXE' version"
    assert_output_has "8.1.0 (set by"
    two_projects_at_once exec_in
    grep -q 'versions\\8.0.4\\bin\\cudnn_ops_infer64_8.dll' "$BATS_TEST_TMPDIR/a.out"
    grep -q 'versions\\8.1.0\\bin\\cudnn_ops_infer64_8.dll' "$BATS_TEST_TMPDIR/b.out"
    # global, and exec --version for one command
    exe global 8.0
    run exe exec --version 8.1 "$HOST" cudnn64_8.dll
    assert_status 0
    [ "$(echo "$output" | head -1)" = 8100 ] || { echo "output: $output" >&2; false; }
    run exe exec "$HOST" cudnn64_8.dll
    assert_status 0
    [ "$(echo "$output" | head -1)" = 8004 ] || { echo "output: $output" >&2; false; }
    # check loads the set through its shim, as a program does
    run exe check 8.1.0
    assert_status 0
    assert_output_has "cudnnGetVersion() = 8100"
}

@test "cudnnv.exe in a Windows-style store: %USERPROFILE%\\.cudnnv when CUDNNV_ROOT is unset" {
    setup_wine
    unset CUDNNV_ROOT
    profile=$("$WINE" cmd /c echo %USERPROFILE% 2>/dev/null | tr -d '\r')
    [[ "$profile" == C:\\users\\* ]]
    store="$WINEPREFIX/drive_c/users/${profile##*\\}/.cudnnv"
    rm -rf "$store"
    run exe root
    [ "$output" = "$profile\\.cudnnv" ]
    exe install "$LAYOUTS/windows-8.1.0/cuda" >/dev/null
    [ -f "$store/versions/8.1.0/bin/cudnn64_8.dll" ]
    run exe exec --version 8.1 "$HOST" cudnn64_8.dll
    [ "$(echo "$output" | head -1)" = 8100 ]
    rm -rf "$store"
}

@test "cudnnv.exe env: PowerShell and a cmd batch file put the shims first on PATH" {
    setup_wine
    install_windows_sets
    run exe env --format pwsh 8.1
    assert_status 0
    assert_output_has "\$Env:CUDNNV_VERSION = '8.1'"
    [[ "$output" == *"\$Env:PATH = '"*"/shims/bin;"* ]]
    [[ "$output" != *LD_PRELOAD* ]]
    # a batch file for cmd, called before the program: it gets 8.1
    exe env --format cmd 8.1 > "$BATS_TEST_TMPDIR/cudnn.cmd"
    grep -q '^@set "PATH=.*/shims/bin;' "$BATS_TEST_TMPDIR/cudnn.cmd"
    cp "$HOST" "$BATS_TEST_TMPDIR/host.exe"
    run bash -c "cd '$BATS_TEST_TMPDIR' && '$WINE' cmd /c 'call cudnn.cmd & host.exe cudnn64_8.dll' 2>/dev/null | tr -d '\r'"
    [ "$(echo "$output" | head -1)" = 8100 ]
    run exe init pwsh
    assert_status 0
    assert_output_has "function global:cudnnv"
}

@test "cudnnv.exe init cmd: one cmd session, cd into A and B, each program gets its folder's pin" {
    pin_two_projects
    exe init cmd > "$BATS_TEST_TMPDIR/init.cmd"
    grep -q '^@set "PATH=.*/shims/bin;%PATH%"$' "$BATS_TEST_TMPDIR/init.cmd"
    cp "$HOST" "$BATS_TEST_TMPDIR/host.exe"
    run bash -c "cd '$BATS_TEST_TMPDIR' && '$WINE' cmd /c 'call init.cmd & cd A & ..\host.exe cudnn64_8.dll & cd ..\B & ..\host.exe cudnn64_8.dll' 2>/dev/null | tr -d '\r'"
    [ "$(echo "$output" | grep -x '[0-9]*' | tr '\n' ' ')" = "8004 8100 " ]
}

@test "cudnnv.exe doctor: the shims not on PATH, a cudnn64_8.dll copied into a CUDA folder ahead of them" {
    setup_wine
    install_windows_sets
    cd "$BATS_TEST_TMPDIR" && exe use 8.1
    run exe doctor
    assert_status 1
    assert_output_has "cudnn64_8.dll is not found on PATH"
    # a Windows user reads Windows's words: no Linux file is named
    assert_output_has "no NVIDIA driver found (no NVML, no nvcuda.dll)"
    refute_output_has "/proc/"
    # the seed's method: cuDNN copied into CUDA's bin, which is on PATH first
    cuda="$BATS_TEST_TMPDIR/NVIDIA GPU Computing Toolkit/CUDA/v11.2"
    mkdir -p "$cuda/bin"
    cp "$LAYOUTS/windows-8.0.4/cuda/bin/cudnn64_8.dll" "$cuda/bin/"
    shims=$(exe root)/shims/bin
    WINEPATH="$cuda/bin;$shims" CUDA_PATH="$cuda" run exe doctor
    assert_status 1
    assert_output_has "FAIL  library path: $cuda/bin on PATH holds cudnn64_8.dll and comes before the shims"
    assert_output_has "fix: move that copy into the store with 'cudnnv adopt'"
    assert_output_has "WARN  CUDA dirs: $cuda/bin (CUDA_PATH) holds cudnn64_8.dll"
    # with the shims first, PATH is right
    WINEPATH="$shims;$cuda/bin" run exe doctor
    assert_output_has "OK    library path: cudnn64_8.dll is found first in the shims' folder"
}

@test "cudnnv.exe doctor: a set importing zlibwapi.dll, the CUDA runtime and the Visual C++ runtime names each DLL Windows lacks" {
    setup_wine
    exe install "$LAYOUTS/windows-8.9.7/cuda" >/dev/null
    cd "$BATS_TEST_TMPDIR" && exe use 8.9.7
    shims=$(exe root)/shims/bin
    WINEPATH="$shims" run exe doctor
    assert_output_has "FAIL  dependencies: cudnn_ops_infer64_8.dll (set 8.9.7) needs zlibwapi.dll, which Windows does not find"
    assert_output_has "fix: cuDNN 8.3 to 8.9 on Windows need zlib's zlibwapi.dll"
    assert_output_has "needs cudart64_110.dll"
    # the host cannot load that sublibrary either: the doctor told the truth
    WINEPATH="$shims" run -127 exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll
    assert_output_has "cannot load cudnn_ops_infer64_8.dll"
    # with both on PATH, nothing is missing, and the host loads it
    WINEPATH="$shims;$LAYOUTS/windows-deps" run exe doctor
    assert_output_has "OK    dependencies: every DLL the selected sets import is found"
    WINEPATH="$shims;$LAYOUTS/windows-deps" run exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll
    [ "$(echo "$output" | head -1)" = 8907 ]
    # cudnn_cnn_infer64_8.dll imports the Visual C++ runtime: found in System32
    # here; on a machine without the Redistributable, the doctor names it
    [ -f "$SYSTEM32/vcruntime140.dll" ]
    mv "$SYSTEM32/vcruntime140.dll" "$SYSTEM32/vcruntime140.dll.hidden"
    WINEPATH="$shims;$LAYOUTS/windows-deps" run exe doctor
    mv "$SYSTEM32/vcruntime140.dll.hidden" "$SYSTEM32/vcruntime140.dll"
    assert_output_has "FAIL  dependencies: cudnn_cnn_infer64_8.dll (set 8.9.7) needs vcruntime140.dll, which Windows does not find"
    assert_output_has "fix: install the Microsoft Visual C++ Redistributable"
    refute_output_has "needs zlibwapi.dll"
    # a file that is not a PE among the set's DLLs is passed over, not a crash
    head -c 300 /dev/urandom > "$CUDNNV_ROOT/versions/8.9.7/bin/broken64_8.dll"
    printf 'MZ' > "$CUDNNV_ROOT/versions/8.9.7/bin/short64_8.dll"
    WINEPATH="$shims;$LAYOUTS/windows-deps" run exe doctor
    assert_output_has "OK    dependencies"
}

@test "cudnnv.exe adopt: cuDNN copied into a CUDA toolkit folder becomes a set; the rest stays" {
    setup_wine
    cuda="$BATS_TEST_TMPDIR/CUDA/v11.2"
    mkdir -p "$cuda/bin" "$cuda/include" "$cuda/lib/x64"
    cp -r "$LAYOUTS/windows-8.1.0/cuda/." "$cuda/"
    echo runtime > "$cuda/bin/cudart64_110.dll"
    echo header > "$cuda/include/cuda_runtime.h"
    echo library > "$cuda/lib/x64/cudart.lib"
    run exe adopt --dry-run "$cuda"
    assert_status 0
    assert_output_has "bin/cudnn64_8.dll"
    [ -f "$cuda/bin/cudnn64_8.dll" ]
    run exe adopt "$cuda"
    assert_status 0
    assert_output_has "adopted"
    [ ! -e "$cuda/bin/cudnn64_8.dll" ]
    [ ! -e "$cuda/bin/cudnn_ops_infer64_8.dll" ]
    [ ! -e "$cuda/include/cudnn.h" ]
    [ ! -e "$cuda/lib/x64/cudnn.lib" ]
    [ "$(cat "$cuda/bin/cudart64_110.dll")" = runtime ]
    [ "$(cat "$cuda/include/cuda_runtime.h")" = header ]
    [ "$(cat "$cuda/lib/x64/cudart.lib")" = library ]
    cmp "$CUDNNV_ROOT/versions/8.1.0/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
    ls "$CUDNNV_ROOT"/backups/adopted-*/bin/cudnn64_8.dll
    run exe verify 8.1.0
    assert_status 0
}

@test "cudnnv.exe says in one line what this build cannot do, and the way that works" {
    setup_wine
    run exe link mine "$LAYOUTS/windows-8.1.0/cuda"
    assert_status 1
    assert_output_has "cannot register a set in place"
    assert_output_has "to copy it instead"
    # a git catalog needs libgit2, which this build lacks; NVIDIA's manifests work
    run exe update --remote "file:///nowhere.git"
    assert_status 1
    assert_output_has "this build of cudnnv has no git support, so it cannot fetch file:///nowhere.git"
    # the archive's SHA-256 is checked (BCrypt) before anything is unpacked
    run exe install --sha256 0000000000000000000000000000000000000000000000000000000000000000 \
        "$ARCHIVES/cudnn-11.2-windows-x64-v8.1.0.77-test.zip"
    assert_status 1
    assert_output_has "$(sha256sum "$ARCHIVES/cudnn-11.2-windows-x64-v8.1.0.77-test.zip" | cut -c1-64)"
    [ -z "$(ls "$CUDNNV_ROOT/versions" 2>/dev/null)" ]
    # the grammar is the same: bad usage exits 2
    run exe versions --bogus
    assert_status 2
    assert_output_has "unknown option '--bogus'"
}

@test "cudnnv.exe init pwsh --persist: a program started later without cudnnv gets the pinned set; --unpersist undoes it" {
    setup_wine
    install_windows_sets
    mkdir -p "$BATS_TEST_TMPDIR/B" && cd "$BATS_TEST_TMPDIR/B" && exe use 8.1
    run exe init pwsh --persist
    assert_status 0
    assert_output_has "undo with 'cudnnv init pwsh --unpersist'"
    # the change and its undo, said; the script is 'init pwsh' alone's
    refute_output_has "function global:cudnnv"
    # once, however often it runs
    exe init pwsh --persist >/dev/null
    path=$("$WINE" reg query 'HKCU\Environment' /v Path 2>/dev/null | tr -d '\r' | sed -n 's/.*REG_EXPAND_SZ *//p')
    [ "$(echo "$path" | tr ';' '\n' | grep -c 'shims\\bin$')" = 1 ]
    # a new Wine session reads the user's PATH: the host finds the shim and gets 8.1
    wine_restart
    run bash -c "'$WINE' '$HOST' cudnn64_8.dll 2>/dev/null | tr -d '\r'"
    [ "$(echo "$output" | head -1)" = 8100 ]
    run exe init pwsh --unpersist
    assert_status 0
    refute_output_has "function global:cudnnv"
    # the user's Path as it was: where the shims' folder was its only entry, no empty Path left behind
    local others values
    others=$(echo "$path" | tr ';' '\n' | grep -v 'shims\\bin$' || true)
    values=$("$WINE" reg query 'HKCU\Environment' /v Path 2>/dev/null | tr -d '\r' | grep -c 'REG_' || true)
    if [ -z "$others" ]; then [ "$values" = 0 ]; else [ "$values" = 1 ]; fi
    wine_restart
    run bash -c "'$WINE' '$HOST' cudnn64_8.dll 2>&1 | tr -d '\r'"
    assert_output_has "cannot load cudnn64_8.dll"
    # on Linux there is no user PATH to persist: it says where the line goes
    run cudnnv init bash --persist
    assert_status 1
    assert_output_has "on Linux, put the init line in your shell's start-up file"
}

@test "cudnnv.exe doctor: a driver too old for the set's CUDA, by the catalog's Windows minimum" {
    setup_wine
    exe install "$LAYOUTS/windows-8.1.0/cuda" >/dev/null
    cd "$BATS_TEST_TMPDIR" && exe use 8.1
    # 8.1.0's least demanding Windows build is CUDA 10.2: driver 441.22 (Linux: 440.33)
    echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  440.50  Thu Jan  1" > "$BATS_TEST_TMPDIR/driver"
    CUDNNV_NVIDIA_VERSION_FILE="$BATS_TEST_TMPDIR/driver" run exe doctor
    assert_status 1
    assert_output_has "FAIL  driver: driver 440.50"
    assert_output_has "which needs driver 441.22 or newer"
    echo "NVRM version: NVIDIA UNIX x86_64 Kernel Module  466.11  Thu Jan  1" > "$BATS_TEST_TMPDIR/driver"
    CUDNNV_NVIDIA_VERSION_FILE="$BATS_TEST_TMPDIR/driver" run exe doctor
    assert_output_has "OK    driver: driver 466.11"
}

@test "cudnnv.exe hook-env pwsh: PATH with the shims first, the set's variables, and the watch list the prompt checks" {
    setup_wine
    install_windows_sets
    mkdir -p "$BATS_TEST_TMPDIR/B/deep" && cd "$BATS_TEST_TMPDIR/B" && exe use 8.1
    cd deep
    run exe hook-env pwsh 4242
    assert_status 0
    [[ "$output" == *"\$Env:PATH = '"*"/shims/bin;"* ]]
    assert_output_has "\$Env:CUDNN_HOME = '"
    assert_output_has "/versions/8.1.0'"
    # the watch list: the stamp, this folder's missing pin, the parent's pin
    assert_output_has "\$global:__CUDNNV_WATCH_FILES = '=Z:$CUDNNV_ROOT/shells/4242"
    assert_output_has "-Z:$BATS_TEST_TMPDIR/B/deep/.cudnn-version"
    assert_output_has "+Z:$BATS_TEST_TMPDIR/B/.cudnn-version"
    [[ "$output" != *LD_PRELOAD* ]]
    # no system store on Windows unless CUDNNV_SYSTEM_ROOT names one (as for the DLL shims)
    unset CUDNNV_SYSTEM_ROOT
    run exe hook-env pwsh 4242
    assert_status 0
    [[ "$output" != *opt/cudnnv* ]]
}

@test "the Windows folder (make windows-dist) is self-contained and works where it is unpacked; its catalog, read with the profile API, is Linux's" {
    setup_wine
    dist="$(dirname "$CUDNNV")/../cudnnv-windows"
    [ -f "$dist/bin/cudnnv.exe" ] || { echo "no Windows folder: run 'make windows-dist' (make check does)" >&2; return 1; }
    cp -r "$dist" "$BATS_TEST_TMPDIR/cudnnv here"
    EXE="$BATS_TEST_TMPDIR/cudnnv here/bin/cudnnv.exe"
    # it imports only DLLs every Windows has: libarchive, zlib and jansson are inside
    x86_64-w64-mingw32-objdump -p "$EXE" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr 'A-Z' 'a-z' > "$BATS_TEST_TMPDIR/imports"
    grep -qx kernel32.dll "$BATS_TEST_TMPDIR/imports"
    assert_all_lines_match '^(kernel32|advapi32|user32|msvcrt|bcrypt|winhttp)[.]dll$' "$(cat "$BATS_TEST_TMPDIR/imports")"
    # nothing on PATH but Windows' own folders: it unpacks NVIDIA's zip from there
    unset WINEPATH
    run exe install "$ARCHIVES/cudnn-11.2-windows-x64-v8.1.0.77-test.zip"
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    cmp "$CUDNNV_ROOT/shims/bin/cudnn64_8.dll" "$dist/lib/cudnnv/windows/cudnn64_8.dll"
    run exe exec --version 8.1 "$HOST" cudnn64_8.dll
    [ "$(echo "$output" | head -1)" = 8100 ]
    # every release, CUDA build and installed set: the same as Linux's cudnnv says for windows-x86_64
    exe known --json > "$BATS_TEST_TMPDIR/windows.json"
    cudnnv known --platform windows-x86_64 --json > "$BATS_TEST_TMPDIR/linux.json"
    cmp "$BATS_TEST_TMPDIR/windows.json" "$BATS_TEST_TMPDIR/linux.json"
    [ "$(grep -c '"version"' "$BATS_TEST_TMPDIR/windows.json")" -gt 50 ]
}

@test "cudnnv.exe exec passes every argument through Windows's one command line, and the program's exit status back" {
    setup_wine
    install_windows_sets
    run exe exec --version 8.1 "$FIXTURES/bin/print_args.exe" plain 'a b' 'quo"te' 'back\slash\' '' 'tail\\' 'x\"y'
    [ "$status" -eq 7 ]
    [ "$output" = "$(printf '%s\n' '[plain]' '[a b]' '[quo"te]' '[back\slash\]' '[]' '[tail\\]' '[x\"y]')" ]
}

# A catalog release 8.1.0.77 whose Windows archive is the test zip at URL, with its SHA-256 (or another).
write_windows_catalog() { # write_windows_catalog URL SHA256
    write_test_release windows "$ZIP" "$1" "$2" 460.82
}

teardown() {
    stop_server
    # a test that hid a DLL of Wine's System32 gives it back, whatever happened
    if [ -f "$SYSTEM32/vcruntime140.dll.hidden" ]; then
        mv "$SYSTEM32/vcruntime140.dll.hidden" "$SYSTEM32/vcruntime140.dll"
    fi
}

@test "cudnnv.exe install RELEASE downloads with WinHTTP (resumed after a cut), checks the SHA-256, unpacks the zip" {
    setup_wine
    ZIP=cudnn-11.2-windows-x64-v8.1.0.77-test.zip
    sum=$(sha256sum "$ARCHIVES/$ZIP" | cut -c1-64)
    serve_archive "$ZIP" --cut-after 3000
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$sum"
    # the first attempt is cut: the part stays for the next run
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "run the same command again to resume"
    [ "$(stat -c %s "$CUDNNV_ROOT/cache/$ZIP.part")" -eq 3000 ]
    run exe install 8.1.0.77
    assert_output_has "resuming http://127.0.0.1:$PORT/$ZIP from 3000 bytes"
    grep -q "GET /$ZIP range=3000 206" "$BATS_TEST_TMPDIR/requests"
    cmp "$CUDNNV_ROOT/cache/$ZIP" "$ARCHIVES/$ZIP"
    # checked, unpacked, installed: the set's files are the zip's, byte for byte
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
    exe uninstall --force 8.1.0.77 >/dev/null
    # a sum that does not match: the download is deleted
    rm -f "$CUDNNV_ROOT/cache/$ZIP"
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$(printf '%064d' 7)"
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "SHA-256 of $ZIP is $sum, but the catalog says"
    [ ! -e "$CUDNNV_ROOT/cache/$ZIP" ]
    # a redirect is followed only to https: a hop to plain http elsewhere is refused before any request reaches it
    echo "http://127.0.0.1:$PORT/other/$ZIP" > "$SERVED/$ZIP.redirect"
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$sum"
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "redirect 1, to http://127.0.0.1:$PORT/other/$ZIP, was refused: only redirects to https are followed"
    refute_output_has "GET /other" "$(cat "$BATS_TEST_TMPDIR/requests")"
    rm "$SERVED/$ZIP.redirect"
    # an address that answers 404
    write_windows_catalog "http://127.0.0.1:$PORT/missing.zip" "$sum"
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "HTTP 404"
    # a source that names no size: the download stops at [download] max_size, its part deleted
    printf '[download]\nmax_size = 1000\n' > "$CUDNNV_ROOT/config"
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$sum"
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "the server sent more than the 1000 bytes [download] max_size in config allows; the part was deleted"
    [ ! -e "$CUDNNV_ROOT/cache/$ZIP.part" ]
    [ ! -e "$CUDNNV_ROOT/cache/$ZIP" ]
    rm "$CUDNNV_ROOT/config"
    # nothing listens there: the cause in words (Windows' own texts are
    # terse, Wine has none)
    stop_server
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$sum"
    run exe install 8.1.0.77
    assert_status 1
    assert_output_has "could not connect to the server (is the address right, and the network up?) (WinHTTP error 12029)"
    assert_output_has "download it elsewhere and install it by hand"
    refute_output_has "resume"
    # a server that accepts and never answers: the wait ends by itself
    printf '[download]\nlow_speed_time = 3\n' > "$CUDNNV_ROOT/config"
    serve_archive "$ZIP" --silent
    write_windows_catalog "http://127.0.0.1:$PORT/$ZIP" "$sum"
    SECONDS=0
    run exe install 8.1.0.77
    assert_status 1
    [ "$SECONDS" -lt 60 ]
    assert_output_has "the server did not answer in time ([download] connect_timeout, low_speed_time)"
    stop_server
    # a file:// address, as Linux's curl takes it (WinHTTP has none: read by its path)
    write_windows_catalog "file://$ARCHIVES/$ZIP" "$sum"
    run exe install 8.1.0.77
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    cmp "$CUDNNV_ROOT/cache/$ZIP" "$ARCHIVES/$ZIP"
    rm "$CUDNNV_ROOT/cache/$ZIP"
    write_windows_catalog "file://$BATS_TEST_TMPDIR/nowhere/$ZIP" "$sum"
    run exe install --force 8.1.0.77
    assert_status 1
    assert_output_has "cannot copy file://$BATS_TEST_TMPDIR/nowhere/$ZIP: No such file or directory"
}

@test "the seed's story in cudnnv.exe: NVIDIA's zips of 8.1 and 8.0 downloaded, checked, unpacked; two projects run at once; no copy in CUDA's folder; a lock" {
    setup_wine
    ZIP=cudnn-11.2-windows-x64-v8.1.0.77-test.zip
    OLD=cudnn-11.0-windows-x64-v8.0.4.30-test.zip
    serve_archive "$ZIP"
    cp "$ARCHIVES/$OLD" "$SERVED/"
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    for release in "8.1.0.77 11.2 $ZIP" "8.0.4.30 11.0 $OLD"; do
        set -- $release
        printf '[release]\nversion = %s\n\n[build cuda%s]\ncuda = %s\nmin_driver_windows = 452.39\nwindows_archive = %s\nwindows_url = %s\nwindows_sha256 = %s\n' \
            "$1" "$2" "$2" "$3" "http://127.0.0.1:$PORT/$3" "$(sha256sum "$ARCHIVES/$3" | cut -c1-64)" \
            > "$CUDNNV_ROOT/catalog/catalog/$1.ini"
    done
    run exe install 8.1.0.77
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11.2)"
    run exe install 8.0.4.30
    assert_status 0
    assert_output_has "installed 8.0.4.30 (cuDNN 8.0.4.30, CUDA 11.0)"
    # nothing but the sets' files was kept: no staging left, the zips in the cache
    [ -z "$(ls "$CUDNNV_ROOT/staging" 2>/dev/null)" ]
    run exe verify
    assert_status 0
    assert_output_has "8.0.4.30: ok (6 files"
    assert_output_has "8.1.0.77: ok (6 files"
    # a TF 2.4 project (A) and a TF 2.5 project (B)
    mkdir -p "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/B"
    (cd "$BATS_TEST_TMPDIR/A" && exe use 8.0 >/dev/null)
    (cd "$BATS_TEST_TMPDIR/B" && exe use 8.1 >/dev/null)
    two_projects_at_once exec_in
    # CUDA's folder holds no cuDNN: nobody copied a DLL there
    cuda="$BATS_TEST_TMPDIR/NVIDIA GPU Computing Toolkit/CUDA/v11.2"
    mkdir -p "$cuda/bin"
    cd "$BATS_TEST_TMPDIR/B"
    WINEPATH="$(exe root)/shims/bin;$cuda/bin" CUDA_PATH="$cuda" run exe doctor
    assert_output_has "OK    CUDA dirs: no cuDNN inside the CUDA toolkits named by CUDA_PATH*"
    assert_output_has "OK    library path: cudnn64_8.dll is found first in the shims' folder"
    # the project's lock, and the same set on another machine's empty store from it
    run exe lock
    assert_status 0
    grep -qx "windows-x86_64.sha256 = $(sha256sum "$ARCHIVES/$ZIP" | cut -c1-64)" cudnn.lock
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/other machine" run exe install --locked
    assert_status 0
    assert_output_has "8.1: cuDNN 8.1.0.77 for CUDA 11.2: $ZIP (locked)"
    cmp "$BATS_TEST_TMPDIR/other machine/versions/8.1.0.77/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
}

@test "cudnnv.exe refuses hostile zips by the member's name ('..', '\\', a drive, a stream, a device, a control character), a link, a bomb; nothing is written outside the store" {
    setup_wine
    good="tree:cuda=$LAYOUTS/windows-8.1.0/cuda"
    echo planted > "$BATS_TEST_TMPDIR/payload.dll"
    cd "$BATS_TEST_TMPDIR"   # (mkarchive reads file: items from here)
    mkdir -p "$BATS_TEST_TMPDIR/zips"
    check() { # check ITEM REASON: a zip of a good set plus ITEM is refused for REASON
        local zip="$BATS_TEST_TMPDIR/zips/evil.zip"
        rm -f "$zip"
        "$FIXTURES/bin/mkarchive" "$zip" "$good" "$1"
        run exe install "$zip"
        assert_status 1
        assert_output_has "$2"
        assert_output_has "nothing was installed"
    }
    check 'file:..\..\outside\cudnn64_8.dll=payload.dll' "member '../../outside/cudnn64_8.dll' has a '..' component"
    check 'file:../outside/cudnn64_8.dll=payload.dll' "has a '..' component"
    check 'file:C:/outside/cudnn64_8.dll=payload.dll' "member 'C:/outside/cudnn64_8.dll' has a ':' (a drive or a stream on Windows)"
    check 'file:C:cudnn64_8.dll=payload.dll' "member 'C:cudnn64_8.dll' has a ':'"
    check 'file:cuda/bin/cudnn64_8.dll:hidden=payload.dll' "has a ':' (a drive or a stream on Windows)"
    check 'file:/outside/cudnn64_8.dll=payload.dll' "member '/outside/cudnn64_8.dll' has an absolute path"
    check 'file:\\server\share\cudnn64_8.dll=payload.dll' "has an absolute path"
    check 'file:cuda/CON/cudnn64_8.dll=payload.dll' "member 'cuda/CON/cudnn64_8.dll' has a Windows device name"
    check 'file:cuda/bin/nul.dll=payload.dll' "has a Windows device name"
    check 'file:cuda./bin/cudnn64_8.dll=payload.dll' "has a component ending in a dot or a space"
    # a control character: refused, and none reaches the terminal
    check $'file:cuda/bin/\e]0;owned\acudnn64_8.dll=payload.dll' "has a control character"
    refute_output_has $'\e'
    refute_output_has $'\a'
    check 'symlink:cuda/bin/cudnn_x64_8.dll=../../outside' "member 'cuda/bin/cudnn_x64_8.dll' is a link; cudnnv.exe writes no links"
    # 1 GiB of zeros streamed under one name: refused as it expands past 20 times the zip
    check 'stream:cuda/bin/cudnn_bomb64_8.dll=1G' "member 'cuda/bin/cudnn_bomb64_8.dll' expands the archive past 20 times its size"
    # and over [install] max_member_size, as it streams
    printf '[install]\nmax_member_size = 1M\n' > "$CUDNNV_ROOT/config"
    check 'stream:cuda/bin/cudnn_big64_8.dll=2M' "member 'cuda/bin/cudnn_big64_8.dll' is larger than 1 MiB"
    # nothing landed outside the store, and nothing stayed in it
    [ -z "$(find "$BATS_TEST_TMPDIR" -name outside -o -name 'cudnn64_8.dll:hidden' -o -name 'server')" ]
    [ ! -e "/outside" ]
    [ ! -e "$WINEPREFIX/drive_c/outside" ]
    [ -z "$(ls "$CUDNNV_ROOT/versions" 2>/dev/null)" ]
    [ -z "$(ls "$CUDNNV_ROOT/staging" 2>/dev/null)" ]
}

@test "cudnnv.exe installs NVIDIA's newer zip layout (cudnn-windows-x86_64-…_cuda12-archive.zip: bin, include, lib/x64) by hard links" {
    setup_wine
    name=cudnn-windows-x86_64-8.9.7.29_cuda12-archive
    "$FIXTURES/bin/mkarchive" "$BATS_TEST_TMPDIR/$name.zip" "tree:$name=$LAYOUTS/windows-8.9.7/cuda"
    # the catalog knows NVIDIA's file by that name: the test's zip is not it (named as Windows writes paths, too)
    run exe install "$BATS_TEST_TMPDIR/$name.zip"
    assert_status 1
    assert_output_has "but the catalog says"
    windows_path="Z:${BATS_TEST_TMPDIR//\//\\}\\$name.zip"
    run exe install "$windows_path"
    assert_status 1
    assert_output_has "SHA-256 of $windows_path is"
    assert_output_has "but the catalog says"
    # the unpacked files join the set by hard links, not second copies: Wine's
    # server makes them (CreateHardLink), so it is the one traced
    server=$(pgrep -n wineserver)
    strace -qq -f -e trace=link,linkat -o "$BATS_TEST_TMPDIR/trace" -p "$server" &
    tracer=$!
    for _ in $(seq 100); do [ "$(awk '/^TracerPid:/ {print $2}' "/proc/$server/status")" != 0 ] && break; sleep 0.05; done
    run exe install --no-catalog-check "$BATS_TEST_TMPDIR/$name.zip"
    kill "$tracer"
    wait "$tracer" || true
    assert_status 0
    assert_output_has "installed 8.9.7.29 (cuDNN 8.9.7.29, CUDA 12)"
    grep -q "raw/$name/bin/cudnn_cnn_infer64_8.dll\", \".*/set/bin/cudnn_cnn_infer64_8.dll\") = 0" "$BATS_TEST_TMPDIR/trace"
    grep -q "raw/$name/lib/x64/cudnn.lib\", \".*/set/lib/x64/cudnn.lib\") = 0" "$BATS_TEST_TMPDIR/trace"
    cmp "$CUDNNV_ROOT/versions/8.9.7.29/bin/cudnn_cnn_infer64_8.dll" "$LAYOUTS/windows-8.9.7/cuda/bin/cudnn_cnn_infer64_8.dll"
    cmp "$CUDNNV_ROOT/versions/8.9.7.29/lib/x64/cudnn.lib" "$LAYOUTS/windows-8.9.7/cuda/lib/x64/cudnn.lib"
    grep -qx "platform = windows-x86_64" "$CUDNNV_ROOT/versions/8.9.7.29/cudnnv.ini"
}

@test "cudnnv.exe update reads NVIDIA's redist index and manifests over WinHTTP, with Linux's checks; install then takes the new release" {
    setup_wine
    name=cudnn-windows-x86_64-8.9.7.29_cuda12-archive
    REDIST="$BATS_TEST_TMPDIR/served/redist"
    mkdir -p "$REDIST/cudnn/windows-x86_64"
    "$FIXTURES/bin/mkarchive" "$REDIST/cudnn/windows-x86_64/cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip" \
        "tree:$name=$LAYOUTS/windows-8.9.7/cuda"
    sum=$(sha256sum "$REDIST/cudnn/windows-x86_64/cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip" | cut -c1-64)
    cat > "$REDIST/redistrib_9.90.0.json" <<JSON
{"cudnn": {"version": "9.90.0.70", "cuda_variant": ["12"],
  "windows-x86_64": {"cuda12": {"relative_path": "cudnn/windows-x86_64/cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip",
                                "sha256": "$sum", "size": "$(stat -c %s "$REDIST/cudnn/windows-x86_64/cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip")"}}}}
JSON
    cat > "$REDIST/redistrib_9.91.0.json" <<JSON
{"cudnn": {"version": "9.91.0.1", "windows-x86_64": {"cuda12": {"relative_path": "..\\\\..\\\\Windows\\\\evil.zip", "sha256": "$sum", "size": "9"}}}}
JSON
    printf '{"cudnn": {"version": "9.92.0.1", "windows-x86_64": ' > "$REDIST/redistrib_9.92.0.json"
    { printf '{"x": "%4194304s", ' ''; tail -c +2 "$REDIST/redistrib_9.90.0.json"; } |   # over 4 MiB
        sed 's/9\.90\.0\.70/9.93.0.1/' > "$REDIST/redistrib_9.93.0.json"
    printf '<a href="redistrib_9.%s.0.json">x</a> ' 90 91 92 93 > "$REDIST/index.html"
    serve_folder "$BATS_TEST_TMPDIR/served"
    BASE="http://127.0.0.1:$PORT/redist/"
    run exe known 9.90
    assert_status 1
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\nredist = %s\n' "$BASE" > "$CUDNNV_ROOT/config"
    run exe update
    assert_status 0
    assert_output_has "1 new release from $BASE (4 manifests read, 3 skipped, 0 already known)"
    assert_output_has "skipping ${BASE}redistrib_9.91.0.json: an archive path that is not a plain relative path"
    assert_output_has "skipping ${BASE}redistrib_9.92.0.json: not JSON"
    assert_output_has "skipping ${BASE}redistrib_9.93.0.json: larger than 4096 KiB"
    [ "$(ls "$CUDNNV_ROOT/catalog-redist")" = 9.90.0.ini ]
    run exe known 9.90
    assert_output_has "9.90.0.70    CUDA 12"
    # the release learned is installed from the manifest's address, its SHA-256 checked
    run exe install 9.90.0.70
    assert_status 0
    assert_output_has "cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip"
    assert_output_has "installed 8.9.7 (cuDNN 8.9.7, CUDA 12)"   # the fixture's headers say 8.9.7
    grep -q "GET /redist/cudnn/windows-x86_64/cudnn-windows-x86_64-9.90.0.70_cuda12-archive.zip" "$BATS_TEST_TMPDIR/requests"
    # a second update reads nothing it has seen
    run exe update
    assert_output_has "0 new releases from $BASE (3 manifests read, 3 skipped, 1 already known)"
    # the same folder copied, without its index page, by a file:// address (read by its path, listed)
    cp -a "$REDIST" "$BATS_TEST_TMPDIR/redist copy"
    rm "$BATS_TEST_TMPDIR/redist copy/index.html"
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/second store"
    mkdir -p "$CUDNNV_ROOT"
    folder="file://${BATS_TEST_TMPDIR// /%20}/redist%20copy/"
    printf '[catalog]\nredist = %s\n' "$folder" > "$CUDNNV_ROOT/config"
    run exe update
    assert_status 0
    assert_output_has "1 new release from $folder (4 manifests read, 3 skipped, 0 already known)"
    run exe install 9.90.0.70
    assert_status 0
    assert_output_has "installed 8.9.7 (cuDNN 8.9.7, CUDA 12)"
}

# A conda package of the 8.1.0 Windows fixture as conda-forge lays it out (Library\bin, include, lib).
windows_conda_package() { # windows_conda_package OUT.conda|OUT.tar.bz2
    local cuda="$LAYOUTS/windows-8.1.0/cuda"
    conda_package_of "$1" cudnn 8.1.0.77 "tree:Library/bin=$cuda/bin" "tree:Library/include=$cuda/include" \
        "tree:Library/lib=$cuda/lib/x64"
}

@test "cudnnv.exe installs from a conda channel (win-64: .conda with zstd, .tar.bz2) and a Python index (win_amd64 wheel, RECORD checked)" {
    setup_wine
    served="$BATS_TEST_TMPDIR/served"
    mkdir -p "$served/channel/win-64" "$served/simple/nvidia-cudnn-cu11" "$served/files"
    windows_conda_package "$served/channel/win-64/cudnn-8.1.0.77-h1_0.conda"
    windows_conda_package "$served/channel/win-64/cudnn-8.1.0.77-h2_0.tar.bz2"
    conda=$(sha256sum "$served/channel/win-64/cudnn-8.1.0.77-h1_0.conda" | cut -c1-64)
    bz2=$(sha256sum "$served/channel/win-64/cudnn-8.1.0.77-h2_0.tar.bz2" | cut -c1-64)
    cat > "$served/channel/win-64/repodata.json" <<JSON
{"info": {"subdir": "win-64"},
 "packages": {"cudnn-8.1.0.77-h2_0.tar.bz2": {"name": "cudnn", "version": "8.1.0.77", "build": "h2_0", "depends": ["cudatoolkit 10.2|10.2.*"], "sha256": "$bz2"}},
 "packages.conda": {"cudnn-8.1.0.77-h1_0.conda": {"name": "cudnn", "version": "8.1.0.77", "build": "h1_0", "depends": ["cuda-version >=11,<12"], "sha256": "$conda"}}}
JSON
    # a Windows wheel: nvidia/cudnn/{bin,include,lib/x64} and a RECORD of every file
    wheel=nvidia_cudnn_cu11-8.1.0.77-py3-none-win_amd64.whl info=nvidia_cudnn_cu11-8.1.0.77.dist-info
    tree="$BATS_TEST_TMPDIR/wheel-tree"
    mkdir -p "$tree/nvidia/cudnn/lib" "$tree/$info"
    cp -r "$LAYOUTS/windows-8.1.0/cuda/bin" "$LAYOUTS/windows-8.1.0/cuda/include" "$tree/nvidia/cudnn/"
    cp -r "$LAYOUTS/windows-8.1.0/cuda/lib/x64" "$tree/nvidia/cudnn/lib/"
    printf 'Metadata-Version: 2.1\nName: nvidia-cudnn-cu11\nVersion: 8.1.0.77\n' > "$tree/$info/METADATA"
    (cd "$tree" && find . -type f | sed 's|^\./||' | while read -r file; do
        printf '%s,sha256=%s,%s\n' "$file" "$(openssl dgst -sha256 -binary "$file" | base64 | tr '+/' '-_' | tr -d '=')" \
            "$(stat -c %s "$file")"
    done > "$BATS_TEST_TMPDIR/RECORD" && mv "$BATS_TEST_TMPDIR/RECORD" "$info/RECORD")
    "$FIXTURES/bin/mkarchive" "$served/files/$wheel" "tree:nvidia=$tree/nvidia" "tree:$info=$tree/$info"
    printf '<a href="/files/%s#sha256=%s">%s</a>\n' "$wheel" "$(sha256sum "$served/files/$wheel" | cut -c1-64)" "$wheel" \
        > "$served/simple/nvidia-cudnn-cu11/index.html"
    serve_folder "$served"
    # the .conda package (its zstd payload), for CUDA 11
    run exe install --cuda 11 --channel "http://127.0.0.1:$PORT/channel" 8.1
    assert_status 0
    assert_output_has "cuDNN 8.1.0.77 for CUDA 11 from http://127.0.0.1:$PORT/channel: cudnn-8.1.0.77-h1_0.conda"
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    grep -q "GET /channel/win-64/repodata.json " "$BATS_TEST_TMPDIR/requests"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
    # conda keeps import libraries in Library\lib: the set has them in lib\x64, as NVIDIA's zips do
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/lib/x64/cudnn.lib" "$LAYOUTS/windows-8.1.0/cuda/lib/x64/cudnn.lib"
    run exe exec --version 8.1 "$HOST" cudnn64_8.dll
    [ "$(echo "$output" | head -1)" = 8100 ]
    # the .tar.bz2 form, for CUDA 10.2 (an old build's cudatoolkit)
    run exe install --cuda 10 --channel "http://127.0.0.1:$PORT/channel" 8.1
    assert_status 0
    assert_output_has "cudnn-8.1.0.77-h2_0.tar.bz2"
    assert_output_has "installed 8.1.0.77-cuda10 (cuDNN 8.1.0.77, CUDA 10)"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77-cuda10/lib/x64/cudnn.lib" "$LAYOUTS/windows-8.1.0/cuda/lib/x64/cudnn.lib"
    # the same channel as a folder, by a file:// address (repodata and package read by path)
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/file-store" run exe install --cuda 11 --channel "file://$served/channel" 8.1
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    # the wheel, from the index
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/wheel-store"
    run exe install --cuda 11 --index-url "http://127.0.0.1:$PORT/simple" 8.1
    assert_status 0
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/lib/x64/cudnn.lib" "$LAYOUTS/windows-8.1.0/cuda/lib/x64/cudnn.lib"
    # a wheel whose file differs from its RECORD is refused
    echo tampered >> "$tree/nvidia/cudnn/bin/cudnn64_8.dll"
    "$FIXTURES/bin/mkarchive" "$BATS_TEST_TMPDIR/$wheel" "tree:nvidia=$tree/nvidia" "tree:$info=$tree/$info"
    run exe install "$BATS_TEST_TMPDIR/$wheel"
    assert_status 1
    assert_output_has "nvidia/cudnn/bin/cudnn64_8.dll does not match the wheel's RECORD"
}

@test "cudnnv.exe from NVIDIA's channel (win-64): libcudnn (the DLLs) and libcudnn-dev (headers, import library) make one set" {
    setup_wine
    channel="$BATS_TEST_TMPDIR/nvidia channel" cuda="$LAYOUTS/windows-8.1.0/cuda"
    mkdir -p "$channel/win-64"
    nvidia_package "$channel/win-64/libcudnn-8.1.0.77-h1_0.conda" "tree:Library/bin=$cuda/bin"
    nvidia_package "$channel/win-64/libcudnn-dev-8.1.0.77-h1_0.conda" "tree:Library/include=$cuda/include" \
        "tree:Library/lib=$cuda/lib/x64"
    libs=$(sha256sum "$channel/win-64/libcudnn-8.1.0.77-h1_0.conda" | cut -c1-64)
    dev=$(sha256sum "$channel/win-64/libcudnn-dev-8.1.0.77-h1_0.conda" | cut -c1-64)
    cat > "$channel/win-64/repodata.json" <<JSON
{"packages.conda": {
  "libcudnn-8.1.0.77-h1_0.conda": {"name": "libcudnn", "version": "8.1.0.77", "depends": ["cuda-version >=11,<12"], "sha256": "$libs"},
  "libcudnn-dev-8.1.0.77-h1_0.conda": {"name": "libcudnn-dev", "version": "8.1.0.77", "depends": ["cuda-version >=11,<12"], "sha256": "$dev"}}}
JSON
    run exe install --cuda 11 --channel "file://${channel// /%20}" 8.1
    assert_status 0
    assert_output_has "and its headers: libcudnn-dev-8.1.0.77-h1_0.conda"
    assert_output_has "installed 8.1.0.77 (cuDNN 8.1.0.77, CUDA 11)"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/bin/cudnn64_8.dll" "$cuda/bin/cudnn64_8.dll"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/include/cudnn_version.h" "$cuda/include/cudnn_version.h"
    cmp "$CUDNNV_ROOT/versions/8.1.0.77/lib/x64/cudnn.lib" "$cuda/lib/x64/cudnn.lib"
}

@test "a store and a project in folders named in another script: cudnnv.exe (UTF-8 code page) and the shim (wide functions)" {
    setup_wine
    export CUDNNV_ROOT="$BATS_TEST_TMPDIR/数据 store"
    run exe install "$LAYOUTS/windows-8.1.0/cuda"
    assert_status 0
    cmp "$CUDNNV_ROOT/versions/8.1.0/bin/cudnn64_8.dll" "$LAYOUTS/windows-8.1.0/cuda/bin/cudnn64_8.dll"
    run exe verify
    assert_status 0
    assert_output_has "8.1.0: ok"
    mkdir -p "$BATS_TEST_TMPDIR/项目" && cd "$BATS_TEST_TMPDIR/项目" && exe use 8.1
    run exe which
    assert_status 0
    assert_output_has "数据 store\\versions\\8.1.0\\bin\\cudnn64_8.dll"
    # the shim, inside a program whose code page cannot spell the path, reaches it too
    # (it reads its variables and folders with the wide functions, and keeps them in UTF-8)
    run exe exec "$HOST" cudnn64_8.dll
    assert_status 0
    [ "$(echo "$output" | head -1)" = 8100 ]
}

@test "cudnnv.exe ps: the toolhelp snapshot shows each waiting program's set and pid, and whether its pin selects it" {
    pin_two_projects
    export HOST_HOLD_FILE="$BATS_TEST_TMPDIR/stop"
    local held=()
    # (not through exe, which prints once the program ends)
    (cd "$BATS_TEST_TMPDIR/A" && "$WINE" "$EXE" exec "$HOST" cudnn64_8.dll > "$BATS_TEST_TMPDIR/a.out" 2>&1) &
    held+=($!)
    (cd "$BATS_TEST_TMPDIR/B" && "$WINE" "$EXE" exec "$HOST" cudnn64_8.dll > "$BATS_TEST_TMPDIR/b.out" 2>&1) &
    held+=($!)
    # and one that loads a copy from outside any store
    (cd "$BATS_TEST_TMPDIR" && WINEPATH="$LAYOUTS/windows-8.1.0/cuda/bin" "$WINE" "$HOST" cudnn64_8.dll \
        > "$BATS_TEST_TMPDIR/c.out" 2>&1) &
    held+=($!)
    # each has printed its version and waits (under load Wine takes its time: a minute at most)
    for _ in $(seq 600); do
        [ -s "$BATS_TEST_TMPDIR/a.out" ] && [ -s "$BATS_TEST_TMPDIR/b.out" ] && [ -s "$BATS_TEST_TMPDIR/c.out" ] && break
        sleep 0.1
    done
    for out in a:8004 b:8100 c:8100; do
        [ "$(head -1 "$BATS_TEST_TMPDIR/${out%%:*}.out" | tr -d '\r')" = "${out#*:}" ] ||
            { echo "${out%%:*}.out: $(cat "$BATS_TEST_TMPDIR/${out%%:*}.out")" >&2; false; }
    done
    run exe ps
    assert_status 0
    assert_output_has "8.0.4 (cuDNN 8.0.4, "
    assert_output_has "versions/8.0.4)  "
    assert_output_has "[as selected (set by "
    assert_output_has "\\A\\.cudnn-version)]"
    assert_output_has "8.1.0 (cuDNN 8.1.0, "
    assert_output_has "host_loadlibrary.exe"
    assert_output_has "windows-8.1.0\\cuda\\bin\\cudnn64_8.dll"
    assert_output_has "[not from a cudnnv store]"
    refute_output_has "shims"
    # B's pin changes while it runs: flagged
    (cd "$BATS_TEST_TMPDIR/B" && exe use 8.0)
    run exe ps --json
    assert_output_has '"set": "8.1.0", "version": "8.1.0"'
    assert_output_has '"expected": "8.0.4", "verdict": "pin-differs"'
    assert_output_has '"verdict": "pinned"'
    assert_output_has '"verdict": "outside-store"'
    # each pid is a Windows process id that the snapshot gave: three rows
    [ "$(grep -c '"pid": [0-9]' <<< "$output")" -eq 3 ]
    touch "$HOST_HOLD_FILE"
    wait "${held[@]}"
    run exe ps
    assert_output_has "no running process has cuDNN loaded"
}

@test "cudnnv.exe: a set whose DLL imports cublasLt64_11.dll fails without it, doctor names it, install --with-cuda-libs brings NVIDIA's Windows cuBLAS; the program runs, and a framework's own copy is kept" {
    setup_wine
    mkdir -p "$CUDNNV_ROOT" "$BATS_TEST_TMPDIR/P"
    printf '[catalog]\ncuda_redist = file://%s/cuda-redist-windows/\n' "$FIXTURES" > "$CUDNNV_ROOT/config"
    run exe install --no-catalog-check "$FIXTURES/archives/cudnn-windows-x86_64-8.2.4.15_cuda11.4-archive-test.zip"
    assert_status 0
    assert_output_has "installed 8.2.4.15 (cuDNN 8.2.4.15, CUDA 11.4)"
    assert_output_has "cublasLt64_11.dll"
    cd "$BATS_TEST_TMPDIR/P"
    exe use 8.2.4 >/dev/null
    # without cuBLAS the set's sublibrary cannot load: the program stops naming it
    run -127 exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll
    assert_output_has "cannot load cudnn_ops_infer64_8.dll of set '8.2.4.15'"
    assert_output_has "Windows error 126: it, or a DLL it imports, is not found"
    assert_output_has "'cudnnv install --with-cuda-libs 8.2.4.15'"
    run exe doctor
    assert_output_has "cudnn_ops_infer64_8.dll (set 8.2.4.15) needs cublasLt64_11.dll, which Windows does not find"
    assert_output_has "'cudnnv install --with-cuda-libs 8.2.4.15'"
    # in Windows's words: PATH, not Linux's loader variable
    assert_output_has "or put a folder holding cublasLt64_11.dll on PATH"
    refute_output_has "LD_LIBRARY_PATH"
    run -127 exe check
    assert_output_has "cublasLt64_11.dll"
    assert_output_has "MISSING"
    # NVIDIA's redist for windows-x86_64: the newest CUDA 11 manifest, its zip checked and its bin\ taken
    run exe install --with-cuda-libs 8.2.4
    assert_status 0
    assert_output_has "bringing libcublas 11.6.5.2 (CUDA 11.4.4)"
    assert_output_has "loads CUDA 11.4.4's libraries from $(winpath "$CUDNNV_ROOT/cuda/11.4.4/bin") (libcublas); PATH is left as it is"
    cmp "$CUDNNV_ROOT/cuda/11.4.4/bin/cublasLt64_11.dll" \
        "$FIXTURES/needs-build-windows/libcublas-windows-x86_64-11.6.5.2-archive/bin/cublasLt64_11.dll"
    grep -qx 'cuda_libs_load = cublasLt64_11.dll' "$CUDNNV_ROOT/cuda/sets/8.2.4.15"
    run exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll cublasLt64_11.dll
    assert_status 0
    assert_output_has "8204"
    assert_output_has "cuBLASLt 11650"
    assert_output_has 'cuda\11.4.4\bin\cublasLt64_11.dll'
    run exe doctor
    assert_output_has "OK    needs: 8.2.4.15: 3 needs met"   # (its one failure: the shims are not on this PATH)
    refute_output_has "needs cublasLt64_11.dll"
    run exe check
    assert_status 0
    refute_output_has "MISSING"
    # a framework that loaded its own cublasLt64_11.dll first keeps it
    HOST_PRELOAD="Z:$FIXTURES/framework-windows/cublasLt64_11.dll" run exe exec "$HOST" cudnn64_8.dll cudnn_ops_infer64_8.dll cublasLt64_11.dll
    assert_status 0
    assert_output_has "cuBLASLt 99999"
    assert_output_has 'framework-windows\cublasLt64_11.dll'
    run exe verify 8.2.4.15
    assert_status 0
    # CUDA libraries others may write are refused, as the set itself would be
    chmod o+w "$CUDNNV_ROOT/cuda/11.4.4/bin"
    run -127 exe exec "$HOST" cudnn64_8.dll
    assert_output_has "refusing the CUDA libraries of set '8.2.4.15': "
    assert_output_has 'cuda\11.4.4\bin can be written by Everyone (S-1-1-0)'
}

@test "make windows-zip: the folder a Windows user unpacks anywhere; cudnnv.exe from it finds its shims and catalog" {
    setup_wine
    local version artifact top="$BATS_TEST_TMPDIR/un zipped"
    make_artifact windows-zip "cudnnv-VERSION-windows-x86_64.zip"
    # every member under the one top folder
    python3 -c 'import sys, zipfile
outside = [n for n in zipfile.ZipFile(sys.argv[1]).namelist() if not n.startswith(sys.argv[2] + "/")]
sys.exit("outside the top folder: %s" % outside if outside else 0)' "$artifact" "cudnnv-$version-windows-x86_64"
    python3 -m zipfile -e "$artifact" "$top"
    top="$top/cudnnv-$version-windows-x86_64"
    [ -f "$top/bin/cudnnv.exe" ]
    [ -f "$top/lib/cudnnv/windows/cudnn64_9.dll" ]
    [ -f "$top/share/cudnnv/frameworks.ini" ]
    run "$WINE" "$top/bin/cudnnv.exe" --version
    assert_status 0
    assert_output_has "cudnnv $version"
    "$WINE" "$top/bin/cudnnv.exe" install "$LAYOUTS/windows-8.1.0/cuda" >/dev/null 2>&1
    run "$WINE" "$top/bin/cudnnv.exe" rehash
    assert_status 0
    cmp "$CUDNNV_ROOT/shims/bin/cudnn64_8.dll" "$top/lib/cudnnv/windows/cudnn64_8.dll"
    run "$WINE" "$top/bin/cudnnv.exe" known 8.1
    assert_status 0
    assert_output_has "8.1.0.77"
}

# tf_in DIR OUT DLL...: the TensorFlow-like host through 'cudnnv.exe exec' in DIR, opening each DLL by name.
tf_in() {
    local dir=$1 out=$2
    shift 2
    (cd "$dir" && exe exec "$FIXTURES/bin/host_framework.exe" "$@" > "$out")
}

@test "cudnnv.exe: TensorFlow 2.4 and 2.5 on one Windows machine with no CUDA: each project's CUDA runtime on PATH by exec and by the pwsh hook (a folder, and win-64 cudatoolkit from a channel)" {
    pin_two_projects
    local rt11="$FIXTURES/cuda-runtime-windows" channel="$BATS_TEST_TMPDIR/channel"
    local tf="cudart64_110.dll cublas64_11.dll cublasLt64_11.dll cufft64_10.dll curand64_10.dll cusparse64_11.dll"
    (cd "$BATS_TEST_TMPDIR/A" && exe use --cuda-runtime 11.0 >/dev/null)
    (cd "$BATS_TEST_TMPDIR/B" && exe use --cuda-runtime 11.2 >/dev/null)
    # A: from a folder of the DLLs (a toolkit's bin); B: win-64 cudatoolkit, its DLLs in Library/bin
    cd "$BATS_TEST_TMPDIR/A"
    run exe install --cuda-libs-from "$rt11/11.0/bin"
    assert_status 0
    assert_output_has "brought the CUDA 11.0 runtime (7 files and links)"
    mkdir -p "$channel/win-64"
    conda_package_of "$channel/win-64/cudatoolkit-11.2.2-h1_0.tar.bz2" cudatoolkit 11.2.2 "tree:Library/bin=$rt11/11.2/bin"
    printf '{"info": {"subdir": "win-64"}, "packages": {"cudatoolkit-11.2.2-h1_0.tar.bz2": {"name": "cudatoolkit", "version": "11.2.2", "depends": [], "sha256": "%s"}}}\n' \
        "$(sha256sum "$channel/win-64/cudatoolkit-11.2.2-h1_0.tar.bz2" | cut -c1-64)" > "$channel/win-64/repodata.json"
    cd "$BATS_TEST_TMPDIR/B"
    run exe install --channel "file://$channel"
    assert_status 0
    assert_output_has "CUDA 11.2 runtime: cudatoolkit-11.2.2-h1_0.tar.bz2"
    [ -f "$CUDNNV_ROOT/cuda/runtime/11.2/lib/cusolver64_11.dll" ]
    # a folder of another CUDA than the pin is refused
    CUDNNV_ROOT="$BATS_TEST_TMPDIR/other" run exe install --cuda-libs-from "$rt11/11.2/bin/.."
    assert_status 1
    # before CUDA 11.4 (no redist), with no source named, NVIDIA's (its apt repository) is Linux's: the ways are
    # said, nothing is brought, and --dry-run says so too; with --channel, the plan names the channel
    mkdir -p "$BATS_TEST_TMPDIR/C" && cd "$BATS_TEST_TMPDIR/C"
    local pin_file="Z:${BATS_TEST_TMPDIR//\//\\}\\C\\.cudnn-version"
    exe use 8.1 >/dev/null && exe use --cuda-runtime 11.3 >/dev/null
    for plan in "" --dry-run; do
        run exe install $plan
        assert_status 1
        assert_output_has "the CUDA 11.3 runtime pinned in $pin_file is not installed; on Windows it comes from a conda channel's cudatoolkit"
    done
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/11.3" ]
    run exe install --dry-run --channel "file://$channel"
    assert_status 0
    assert_output_has "CUDA 11.3 runtime (pinned in $pin_file): not installed; 'cudnnv install' brings it from file://$channel"
    # from CUDA 11.4 on, NVIDIA's redist serves Windows too: its zips' DLLs, nothing else of them
    exe use --cuda-runtime 12.2 >/dev/null
    printf '[catalog]\ncuda_redist = file://%s/\n' "$FIXTURES/runtime-redist" >> "$CUDNNV_ROOT/config"
    run exe install
    assert_status 0
    assert_output_has "CUDA 12.2 runtime: 8 archives of CUDA 12.2.2 from file://$FIXTURES/runtime-redist/redistrib_12.2.2.json"
    local dll
    for dll in cudart64_12.dll cublas64_12.dll cublasLt64_12.dll cufft64_11.dll curand64_10.dll cusolver64_11.dll \
               cusparse64_12.dll nvrtc64_120_0.dll nvrtc-builtins64_122.dll nvJitLink_120_0.dll; do
        [ -f "$CUDNNV_ROOT/cuda/runtime/12.2/lib/$dll" ]
    done
    [ ! -e "$CUDNNV_ROOT/cuda/runtime/12.2/lib/cufftw64_11.dll" ]
    run ls "$CUDNNV_ROOT/cuda/runtime/12.2/lib"
    assert_status 0
    refute_output_has ".lib"
    run tf_in "$BATS_TEST_TMPDIR/C" "$BATS_TEST_TMPDIR/c.out" cudart64_12.dll cusolver64_11.dll
    tr -d '\r' < "$BATS_TEST_TMPDIR/c.out" > c.txt
    grep -q '^cusolver64_11.dll 12020 .*\\cuda\\runtime\\12.2\\lib\\cusolver64_11.dll$' c.txt
    cd "$BATS_TEST_TMPDIR/B"
    # both at once: each project's cuSOLVER from its own runtime, cuDNN from its own set
    local pids=()
    tf_in "$BATS_TEST_TMPDIR/A" "$BATS_TEST_TMPDIR/a.out" $tf cusolver64_10.dll cudnn64_8.dll &
    pids+=($!)
    tf_in "$BATS_TEST_TMPDIR/B" "$BATS_TEST_TMPDIR/b.out" $tf cusolver64_11.dll cudnn64_8.dll &
    pids+=($!)
    wait "${pids[@]}"   # only these: bats has a job of its own (the test timeout)
    tr -d '\r' < "$BATS_TEST_TMPDIR/a.out" > a.txt
    tr -d '\r' < "$BATS_TEST_TMPDIR/b.out" > b.txt
    grep -q '^cusolver64_10.dll 11000 .*\\cuda\\runtime\\11.0\\lib\\cusolver64_10.dll$' a.txt
    [ "$(grep -c ' 11000 .*\\cuda\\runtime\\11.0\\lib\\' a.txt)" -eq 7 ]
    grep -q '^cudnn64_8.dll 8004 ' a.txt
    grep -q '^cusolver64_11.dll 11020 .*\\cuda\\runtime\\11.2\\lib\\cusolver64_11.dll$' b.txt
    [ "$(grep -c ' 11020 .*\\cuda\\runtime\\11.2\\lib\\' b.txt)" -eq 7 ]
    grep -q '^cudnn64_8.dll 8100 ' b.txt
    # in B, 2.4's cuSOLVER is found nowhere; outside both projects, neither runtime is
    run tf_in "$BATS_TEST_TMPDIR/B" "$BATS_TEST_TMPDIR/b-old.out" cusolver64_10.dll
    grep -q "^Could not load dynamic library 'cusolver64_10.dll'" "$BATS_TEST_TMPDIR/b-old.out"
    mkdir -p "$BATS_TEST_TMPDIR/none"
    run tf_in "$BATS_TEST_TMPDIR/none" "$BATS_TEST_TMPDIR/none.out" cusolver64_10.dll cusolver64_11.dll
    [ "$(grep -c "^Could not load dynamic library" "$BATS_TEST_TMPDIR/none.out")" -eq 2 ]
    # the pwsh hook puts the same folder after the shims, and only in the project
    cd "$BATS_TEST_TMPDIR/A"
    run exe hook-env pwsh 4242
    [[ "$output" == *"/shims/bin;"*"/cuda/runtime/11.0/lib;"* ]]
    cd "$BATS_TEST_TMPDIR/none"
    run exe hook-env pwsh 4242
    assert_status 0
    local path_line
    path_line=$(echo "$output" | grep '^\$Env:PATH = ')
    [ -n "$path_line" ]
    [[ "$path_line" != *cuda/runtime* ]]
}

@test "cudnnv.exe's help speaks Windows: doctor's checks and exec name PATH and DLLs, never LD_LIBRARY_PATH or the loader cache" {
    setup_wine
    run exe doctor --help
    assert_status 0
    assert_output_has "library path   the shims' folder is on PATH, and no other"
    assert_output_has "dependencies   the DLLs the set imports"
    refute_output_has "LD_LIBRARY_PATH"
    refute_output_has "ldconfig"
    refute_output_has "man cudnnv"   # Windows has no man page to point at
    run exe exec --help
    assert_status 0
    assert_output_has "goes first on PATH"
    refute_output_has "LD_PRELOAD"
    for command in init rehash env version; do
        run exe "$command" --help
        assert_status 0
        refute_output_has "LD_LIBRARY_PATH"
        refute_output_has "LD_PRELOAD"
    done
    run exe rehash --help
    assert_output_has "Programs find them there through PATH"
    run exe env --help
    assert_output_has "through the shims: PATH with the shims' bin folder first"
    # the Linux build keeps its own words
    run "$CUDNNV" doctor --help
    assert_output_has "the shim directory is on LD_LIBRARY_PATH"
    refute_output_has "zlibwapi"
}
