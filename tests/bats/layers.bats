#!/usr/bin/env bats
# The floors of the code (docs/architecture.md, "The parts"): no part includes
# a header of, or calls a function of, a part its row does not list; and the
# build knows every header each object uses, for every ABI.

load helpers

REPO="$BATS_TEST_DIRNAME/../.."

build_dir() { dirname "$(dirname "$CUDNNV")"; }

# with_shim_loaders DIR: a copy of the build's objects (native, or Windows with WIN) with the shim's
# loader compiled beside the selection objects (the shims are linked straight from their sources).
with_shim_loaders() {
    local to=$1 compiler=cc from="$(build_dir)/obj" sources="shim_launch shim_load shim_platform_posix shim_resolve shim_report"
    if [ "${2:-}" = WIN ]; then
        compiler=x86_64-w64-mingw32-gcc from="$(build_dir)/windows/obj"
        sources="shim_launch_win32 shim_load_win32 shim_platform_win32 shim_files_win32 shim_resolve shim_report"
    fi
    cp -r "$from" "$to"
    for source in $sources; do
        $compiler -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I"$REPO/shim" -c \
            -o "$to/shim/$source.o" "$REPO/shim/$source.c"
    done
}

@test "every include and every call of shim/ and manager/ keeps to the parts docs/architecture.md allows" {
    with_shim_loaders "$BATS_TEST_TMPDIR/native"
    local objects=(--objects "$BATS_TEST_TMPDIR/native")
    if [ -d "$(build_dir)/windows/obj" ]; then
        with_shim_loaders "$BATS_TEST_TMPDIR/windows" WIN
        objects+=(--objects "$BATS_TEST_TMPDIR/windows")
    fi
    run "$REPO/tests/layers.sh" "${objects[@]}" "$REPO"
    assert_status 0
    [ -z "$output" ]
}

@test "the blind spots are seen: an include in angle brackets, a call from a Windows object, a call from the shim's loader" {
    local tree="$BATS_TEST_TMPDIR/tree"
    copy_tree "$tree"
    sed -i 's/#include "store.h"/#include "store.h"\n#include <cli.h>/' "$tree/manager/store/store.c"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 1
    assert_output_has "manager/store/store.c: includes cli.h of cli, which store may not call"
    # a system header that a Windows stand-in shares a name with is not ours
    cp "$REPO/manager/store/store.c" "$tree/manager/store/store.c"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 0
    # the shim's loader calling the manager's store (the shim calls no part of the manager)
    with_shim_loaders "$BATS_TEST_TMPDIR/native"
    printf 'const char *store_root(void);\nconst char *planted(void) { return store_root(); }\n' > "$tree/shim/shim_planted.c"
    cc -c -o "$BATS_TEST_TMPDIR/native/shim/shim_planted.o" "$tree/shim/shim_planted.c"
    run "$REPO/tests/layers.sh" --objects "$BATS_TEST_TMPDIR/native" "$tree"
    assert_status 1
    assert_output_has "shim/shim_planted.o: calls store_root of store, which shim may not call"
    rm "$tree/shim/shim_planted.c"
    # a Windows-only file of doctor calling the command line, seen in the Windows objects
    [ -d "$(build_dir)/windows/obj" ] || skip "the Windows build is not there (make check builds it)"
    with_shim_loaders "$BATS_TEST_TMPDIR/windows" WIN
    printf 'int command_list(void);\nint planted(void) { return command_list(); }\n' > "$tree/manager/doctor/planted_win32.c"
    x86_64-w64-mingw32-gcc -c -o "$BATS_TEST_TMPDIR/windows/manager/doctor/planted_win32.o" "$tree/manager/doctor/planted_win32.c"
    run "$REPO/tests/layers.sh" --objects "$BATS_TEST_TMPDIR/windows" "$tree"
    assert_status 1
    assert_output_has "manager/doctor/planted_win32.o: calls command_list of cli, which doctor may not call"
}

# copy_tree DIR: the sources and the table, to plant something in.
copy_tree() {
    mkdir -p "$1/docs"
    cp -r "$REPO/shim" "$REPO/manager" "$1/"
    cp "$REPO/docs/architecture.md" "$1/docs/"
}

@test "a planted upward include, and a planted upward call, are named" {
    local tree="$BATS_TEST_TMPDIR/tree"
    copy_tree "$tree"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 0
    # store reaching up to the command line
    sed -i 's/#include "store.h"/#include "store.h"\n#include "cli.h"/' "$tree/manager/store/store.c"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 1
    assert_output_has "manager/store/store.c: includes cli.h of cli, which store may not call (docs/architecture.md)"
    # doctor calling a function defined in commands/ (found in the objects, whatever the headers say)
    cp "$REPO/manager/store/store.c" "$tree/manager/store/store.c"
    local objects="$BATS_TEST_TMPDIR/obj"
    cp -r "$(build_dir)/obj" "$objects"
    printf 'int command_list(void);\nint planted(void) { return command_list(); }\n' > "$tree/manager/doctor/planted.c"
    cc -c -o "$objects/manager/doctor/planted.o" "$tree/manager/doctor/planted.c"
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 1
    assert_output_has "manager/doctor/planted.o: calls command_list of cli, which doctor may not call (docs/architecture.md)"
    # and the table is what decides: let doctor call cli, and the call is allowed
    sed -i 's/^\(| `manager\/doctor\/` |.*| shim, platform\)/\1, cli/' "$tree/docs/architecture.md"
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 0
    # nothing calls up into the top, the commands included: the table reaches them through struct args
    rm "$objects/manager/doctor/planted.o"
    printf '#include "cli.h"\nint planted(void) { return command_list()->count; }\n' > "$tree/manager/commands/planted.c"
    cc -c -I"$REPO/manager/cli" -I"$REPO/manager/args" -I"$REPO/manager/base" -I"$REPO/shim" \
        -o "$objects/manager/commands/planted.o" "$tree/manager/commands/planted.c"
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 1
    assert_output_has "manager/commands/planted.c: includes cli.h of cli, which commands may not call (docs/architecture.md)"
    assert_output_has "manager/commands/planted.o: calls command_list of cli, which commands may not call (docs/architecture.md)"
}

@test "a changed header makes make want to rebuild every build that uses it: native, AArch64, Windows, the shims" {
    local build
    # as the Makefile names it (the header dependencies name objects by relative paths)
    build=$(realpath --relative-to="$REPO" "$(build_dir)")
    cd "$REPO"
    for target in "$build/bin/cudnnv" "$build/lib/cudnnv/cudnnv-install" "$build/aarch64/bin/cudnnv" \
                  "$build/windows/cudnnv.exe" "$build/lib/cudnnv/libcudnn.so.9"; do
        if [ ! -e "$target" ]; then
            skip "$target is not built (make check builds it; make bats-fast does not)"
        fi
        # up to date now, so that the next answer means something
        make -C "$REPO" -q BUILD="$build" "$target"
        run make -C "$REPO" -q BUILD="$build" -W shim/cudnnv_select.h "$target"
        [ "$status" -eq 1 ] || { echo "make -q does not rebuild $target after shim/cudnnv_select.h changes" >&2; false; }
        run make -C "$REPO" -q BUILD="$build" -W manager/store/store.h "$target"
        case "$target" in *libcudnn*) ;; *) [ "$status" -eq 1 ] || { echo "$target ignores store.h" >&2; false; } ;; esac
    done
    # the shims are linked straight from their sources: each of shim/'s headers relinks them
    for target in "$build/lib/cudnnv/libcudnn.so.9" "$build/lib/cudnnv/windows/cudnn64_9.dll"; do
        [ -e "$target" ] || continue
        make -C "$REPO" -q BUILD="$build" "$target"
        for header in shim/shim_symbols.h shim/shim_files_win32.h shim/shim_internal.h; do
            run make -C "$REPO" -q BUILD="$build" -W "$header" "$target"
            [ "$status" -eq 1 ] || { echo "make -q does not relink $target after $header changes" >&2; false; }
        done
    done
}
