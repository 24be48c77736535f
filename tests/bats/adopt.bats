#!/usr/bin/env bats
# cudnnv adopt: cuDNN copied into a CUDA toolkit folder becomes a set, and
# leaves the toolkit; everything else in it stays.

load helpers

# toolkit: a CUDA folder with cuDNN 8.1.0 copied in (NVIDIA's old tar instructions)
make_toolkit() {
    TOOLKIT="$BATS_TEST_TMPDIR/cuda-11.2"
    mkdir -p "$TOOLKIT/include" "$TOOLKIT/lib64" "$TOOLKIT/bin"
    echo "/* cuda.h */" > "$TOOLKIT/include/cuda.h"
    : > "$TOOLKIT/lib64/libcudart.so.11.2.152"
    ln -s libcudart.so.11.2.152 "$TOOLKIT/lib64/libcudart.so.11"
    echo nvcc > "$TOOLKIT/bin/nvcc"
    echo "CUDA Version 11.2.152" > "$TOOLKIT/version.txt"
    cp -a "$SETS/8.1.0/include/." "$TOOLKIT/include/"
    cp -a "$SETS/8.1.0/lib/." "$TOOLKIT/lib64/"
    (cd "$TOOLKIT" && find . -path '*cudnn*' | sort) > "$BATS_TEST_TMPDIR/cudnn-files"
    (cd "$TOOLKIT" && find . ! -path '*cudnn*' | sort) > "$BATS_TEST_TMPDIR/other-files"
}

teardown() {
    if [ -n "${top:-}" ]; then rm -rf "$top"; fi   # also when a test failed before its own rm
}

# The toolkit in a fresh folder under /tmp ($top) with cudnnv shared there, for another user to run.
toolkit_for_another_user() {
    make_toolkit
    top=$(mktemp -d /tmp/cudnnv-adopt.XXXXXX)
    share_programs "$top"
    mv "$TOOLKIT" "$top/cuda"
}

@test "adopt --dry-run lists the cuDNN files and moves nothing" {
    make_toolkit
    run --separate-stderr cudnnv adopt --dry-run "$TOOLKIT"
    assert_status 0
    [ "$(echo "$output" | wc -l)" -eq "$(wc -l < "$BATS_TEST_TMPDIR/cudnn-files")" ]
    assert_output_has "$TOOLKIT/lib64/libcudnn.so.8.1.0"
    assert_output_has "$TOOLKIT/include/cudnn_version.h"
    refute_lines_match 'libcudart|cuda\.h|nvcc'
    [ -z "$(ls "$CUDNNV_ROOT/versions" 2>/dev/null)" ]
    [ "$(cd "$TOOLKIT" && find . -path '*cudnn*' | sort)" = "$(cat "$BATS_TEST_TMPDIR/cudnn-files")" ]
}

@test "adopt makes a verified set, empties the toolkit of cuDNN, keeps the rest and a backup" {
    make_toolkit
    run cudnnv adopt "$TOOLKIT"
    assert_status 0
    assert_output_has "adopted $(wc -l < "$BATS_TEST_TMPDIR/cudnn-files" | tr -d ' ') cuDNN files of $TOOLKIT as the set 8.1.0"
    grep -q '^cuda = 11.2$' "$CUDNNV_ROOT/versions/8.1.0/cudnnv.ini"
    run cudnnv verify 8.1.0
    assert_status 0
    [ -z "$(cd "$TOOLKIT" && find . -path '*cudnn*')" ]
    [ "$(cd "$TOOLKIT" && find . | sort)" = "$(cat "$BATS_TEST_TMPDIR/other-files")" ]
    backup=$(ls -d "$CUDNNV_ROOT"/backups/adopted-*)
    [ -f "$backup/lib64/libcudnn.so.8.1.0" ]
    [ -L "$backup/lib64/libcudnn.so.8" ]
    cudnnv use 8.1.0 2>/dev/null
    cudnnv rehash 2>/dev/null
    LD_LIBRARY_PATH="$CUDNNV_ROOT/shims/lib" run "$FIXTURES/bin/host_dlopen"
    [ "${lines[0]}" = 8100 ]
}

@test "a Windows toolkit layout (bin/cudnn64_8.dll, lib/x64/cudnn.lib) is adopted too" {
    win="$BATS_TEST_TMPDIR/CUDA/v11.2"
    mkdir -p "$win"
    cp -a "$FIXTURES/layouts/windows-8.1.0/cuda/." "$win/"
    echo "cudart" > "$win/bin/cudart64_110.dll"
    run cudnnv adopt --name win81 "$win"
    assert_status 0
    [ -f "$CUDNNV_ROOT/versions/win81/bin/cudnn64_8.dll" ]
    [ ! -e "$win/bin/cudnn64_8.dll" ]
    [ ! -e "$win/lib/x64/cudnn.lib" ]
    [ -f "$win/bin/cudart64_110.dll" ]
}

@test "a toolkit the user cannot write is refused before anything changes, with the command to run" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to make a folder another user cannot write"; fi
    toolkit_for_another_user
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME="$top/home" \
        CUDNNV_ROOT="$top/store" "$CUDNNV" adopt "$top/cuda"
    assert_status 1
    # one line, not one per file, and cudnnv by its full path (sudo's PATH may not have it)
    [ "${#lines[@]}" -eq 1 ]
    assert_output_has "cannot move cuDNN out of $top/cuda: this user may not change "
    assert_output_has "(Permission denied); run it as the folder's owner, e.g. 'sudo env CUDNNV_ROOT=$top/store $CUDNNV adopt $top/cuda'"
    [ ! -d "$top/store/versions" ] || [ -z "$(ls "$top/store/versions")" ]
    [ -f "$top/cuda/lib64/libcudnn.so.8.1.0" ]
}

# toolkit_unchanged: the toolkit's files are all where they were, and the store holds no set
toolkit_unchanged() {
    [ "$(cd "$TOOLKIT" && find . -path '*cudnn*' | sort)" = "$(cat "$BATS_TEST_TMPDIR/cudnn-files")" ]
    [ -z "$(ls "$CUDNNV_ROOT/versions" 2>/dev/null)" ]
}

@test "a FIFO named like a library, or a link to a file outside the toolkit, is refused and listed before anything moves" {
    make_toolkit
    mkfifo "$TOOLKIT/lib64/libcudnn_pipe.so.8"
    echo secret > "$BATS_TEST_TMPDIR/secret"
    chmod 600 "$BATS_TEST_TMPDIR/secret"
    ln -s "$BATS_TEST_TMPDIR/secret" "$TOOLKIT/lib64/libcudnn_secret.so.8"
    (cd "$TOOLKIT" && find . -path '*cudnn*' | sort) > "$BATS_TEST_TMPDIR/cudnn-files"
    run timeout 30 "$CUDNNV" adopt "$TOOLKIT"
    assert_status 1
    assert_output_has "cannot adopt $TOOLKIT/lib64/libcudnn_pipe.so.8: neither a file nor a link (a FIFO, device or socket)"
    assert_output_has "cannot adopt $TOOLKIT/lib64/libcudnn_secret.so.8: a link to a file outside the toolkit"
    assert_output_has "2 of the"
    assert_output_has "nothing was changed"
    toolkit_unchanged
    [ -z "$(grep -rl secret "$CUDNNV_ROOT" 2>/dev/null)" ]
}

@test "a file this user cannot move (a sticky folder of another user's files) is refused before anything moves" {
    if [ "$(id -u)" != 0 ]; then skip "needs root to give the files to another user"; fi
    toolkit_for_another_user
    chown -R 65534 "$top/cuda/include"   # the user's own folder
    chmod 1777 "$top/cuda/lib64"         # sticky, holding root's files
    run setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/bin:/bin HOME="$top/home" \
        CUDNNV_ROOT="$top/store" "$CUDNNV" adopt "$top/cuda"
    assert_status 1
    assert_output_has "cannot move cuDNN out of $top/cuda: this user may not change "
    assert_output_has "of its files (its folder is sticky and the file is another user's)"
    [ -f "$top/cuda/include/cudnn.h" ]
    [ -f "$top/cuda/lib64/libcudnn.so.8.1.0" ]
    [ ! -d "$top/store/versions" ] || [ -z "$(ls "$top/store/versions")" ]
}

@test "a move that fails half way puts back what moved and removes the new set" {
    make_toolkit
    if ! chattr +i "$TOOLKIT/lib64/libcudnn.so.8.1.0" 2>/dev/null; then
        skip "this file system cannot make a file immutable (chattr +i), which this test uses to make a move fail"
    fi
    run cudnnv adopt "$TOOLKIT"
    chattr -i "$TOOLKIT/lib64/libcudnn.so.8.1.0"
    assert_status 1
    assert_output_has "cannot move $TOOLKIT/lib64/libcudnn.so.8.1.0"
    assert_output_has "the files moved so far went back and the set 8.1.0 was removed: nothing changed"
    toolkit_unchanged
    [ -z "$(ls "$CUDNNV_ROOT/backups" 2>/dev/null)" ]
}

@test "two adopts in the same second keep two backups" {
    make_toolkit
    cp -a "$TOOLKIT" "$BATS_TEST_TMPDIR/second"
    cudnnv adopt "$TOOLKIT" 2>/dev/null
    cudnnv adopt --name second "$BATS_TEST_TMPDIR/second" 2>/dev/null
    [ "$(ls "$CUDNNV_ROOT/backups" | wc -l)" -eq 2 ]
    for backup in "$CUDNNV_ROOT"/backups/adopted-*; do
        [ -f "$backup/include/cudnn.h" ]
    done
}
