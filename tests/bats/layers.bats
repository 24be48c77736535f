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

# make_database FILE: what make knows of every build (objects, programs, shims), as 'make -pq' prints it.
make_database() {
    local build
    build=$(realpath --relative-to="$REPO" "$(build_dir)")
    (cd "$REPO" && make -pq BUILD="$build" "$build/bin/cudnnv" "$build/lib/cudnnv/cudnnv-install" \
        "$build/lib/cudnnv/cudnnv-update" "$build/tools/cudnnv-man" "$build/lib/cudnnv/libcudnn.so.9" \
        "$build/aarch64/bin/cudnnv" "$build/aarch64/lib/cudnnv/cudnnv-install" \
        "$build/windows/cudnnv.exe" "$build/lib/cudnnv/windows/cudnn64_9.dll" > "$1" 2>/dev/null) || true
}

@test "every header of shim/ and manager/ is a prerequisite of every object and shim built from a source that includes it" {
    local build database="$BATS_TEST_TMPDIR/make.db"
    build=$(realpath --relative-to="$REPO" "$(build_dir)")
    for target in "$build/aarch64/bin/cudnnv" "$build/windows/cudnnv.exe"; do
        [ -e "$REPO/$target" ] || skip "$target is not built (make check builds it; make bats-fast does not)"
    done
    make_database "$database"
    run "$REPO/tests/header-deps.sh" --root "$REPO" "$database" "$build/obj/" "$build/windows/obj/" \
        "$build/aarch64/obj/" "$build/lib/cudnnv/libcudnn.so." "$build/lib/cudnnv/windows/cudnn64_"
    assert_status 0
    # each build was checked: the database holds all three builds' objects
    for objects in obj windows/obj aarch64/obj; do
        grep -q "^$build/$objects/manager/store/store.o: manager/store/store.c" "$database"
    done
    # planted: an object that lost a header, and one whose .d names a header by a path it no longer has
    sed -e "s#^\($build/obj/manager/store/store.o:.*\) manager/store/store.h#\1#" \
        -e "s#^\($build/windows/obj/manager/needs/set_needs_elf_win32.o:.*\) manager/needs/pe_imports.h#\1 manager/doctor/pe_imports.h#" \
        "$database" > "$database.planted"
    run "$REPO/tests/header-deps.sh" --root "$REPO" "$database.planted" "$build/obj/" "$build/windows/obj/"
    assert_status 1
    assert_output_has "$build/obj/manager/store/store.o does not depend on manager/store/store.h (manager/store/store.c includes it)"
    assert_output_has "$build/windows/obj/manager/needs/set_needs_elf_win32.o does not depend on manager/needs/pe_imports.h (manager/needs/set_needs_elf_win32.c includes it)"
}

@test "an object is built again when a header is added, moved or removed: the list of headers' paths is its prerequisite" {
    local build
    build=$(realpath --relative-to="$REPO" "$(build_dir)")
    [ -e "$REPO/$build/windows/cudnnv.exe" ] || skip "$build/windows/cudnnv.exe is not built (make check builds it; make bats-fast does not)"
    (cd "$REPO" && make -q BUILD="$build" "$build/obj/manager/store/store.o")
    run make -C "$REPO" -q BUILD="$build" -W "$build/gen/headers.list" "$build/obj/manager/store/store.o"
    assert_status 1
    run make -C "$REPO" -q BUILD="$build" -W "$build/gen/headers.list" "$build/windows/obj/manager/store/store.o"
    assert_status 1
    # the list holds every header's path, so that a move changes it
    for header in shim/cudnnv_select.h manager/needs/pe_imports.h manager/install/install_source.h; do
        grep -q "\b$header\b" "$REPO/$build/gen/headers.list"
    done
}

@test "the cudnnv that runs at every prompt links none of what only the helpers use; the installer does" {
    local build symbol object
    build=$(build_dir)
    for object in needs/pe_imports install/set_layout_collect store/archive_member store/beneath \
                  store/manifest_write install/archive_extract install/install_source; do
        for symbol in $(nm --defined-only -g "$build/obj/manager/$object.o" | awk '{print $3}'); do
            if nm "$CUDNNV" | grep -qw "$symbol"; then
                echo "$CUDNNV holds $symbol of manager/$object.c, which only the helpers use" >&2
                return 1
            fi
            nm "$build/lib/cudnnv/cudnnv-install" | grep -qw "$symbol" ||
                [ "$object" = needs/pe_imports ]   # a DLL's import table: read only by the Windows build
        done
    done
}

@test "a planted circle of calls between files of one part is named with the calls that make it" {
    local tree="$BATS_TEST_TMPDIR/tree" objects="$BATS_TEST_TMPDIR/obj"
    copy_tree "$tree"
    cp -r "$(build_dir)/obj" "$objects"
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 0
    # two files of store/ calling each other round a third
    printf 'int planted_b(void);\nint planted_a(void) { return planted_b(); }\n' > "$tree/manager/store/planted_a.c"
    printf 'int planted_c(void);\nint planted_b(void) { return planted_c(); }\n' > "$tree/manager/store/planted_b.c"
    printf 'int planted_a(void);\nint planted_c(void) { return planted_a(); }\n' > "$tree/manager/store/planted_c.c"
    for name in planted_a planted_b planted_c; do
        cc -c -o "$objects/manager/store/$name.o" "$tree/manager/store/$name.c"
    done
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 1
    assert_output_has "a circle of calls between planted_a planted_b planted_c: planted_a calls planted_b (planted_b), planted_b calls planted_c (planted_c), planted_c calls planted_a (planted_a)"
    # without the planted files no circle is left
    rm "$objects"/manager/store/planted_*.o
    run "$REPO/tests/layers.sh" --objects "$objects" "$tree"
    assert_status 0
}

@test "command files stay thin: parsing, a call and printing; a planted file of decisions is named with its figures" {
    run "$REPO/tests/thin-commands.sh" "$REPO"
    assert_status 0
    [ -z "$output" ]
    local tree="$BATS_TEST_TMPDIR/thin"
    mkdir -p "$tree/manager/commands"
    cp "$REPO"/manager/commands/cmd_use.c "$REPO"/manager/commands/cmd_lock.c "$tree/manager/commands/"
    # printing and comments are not work: 150 lines of them pass
    { echo '/* prints only */'; echo 'static void show(void)'; echo '{'
      for i in $(seq 150); do echo "    printf(\"%d\\n\", $i);"; done; echo '}'; } > "$tree/manager/commands/cmd_talk.c"
    run "$REPO/tests/thin-commands.sh" "$tree"
    assert_status 0
    # 95 lines of decisions in one command are named
    { echo 'static int decide(int a)'; echo '{'
      for i in $(seq 95); do echo "    a = a * $i + 1;"; done; echo '    return a;'; echo '}'; } > "$tree/manager/commands/cmd_fat.c"
    run "$REPO/tests/thin-commands.sh" "$tree"
    assert_status 1
    assert_output_has "cmd_fat.c: 97 lines of work (at most 90)"
    [[ "$output" != *cmd_talk.c* ]]
    # a long file, and a folder over its total
    rm "$tree/manager/commands/cmd_fat.c"
    for i in $(seq 60); do echo "/* $i */"; done >> "$tree/manager/commands/cmd_talk.c"
    for n in $(seq 16); do seq 190 | sed 's,.*,/* & */,' > "$tree/manager/commands/cmd_note$n.c"; done
    run "$REPO/tests/thin-commands.sh" "$tree"
    assert_status 1
    assert_output_has "cmd_talk.c: 214 lines (at most 200)"
    assert_output_has "manager/commands/: "
    [[ "$output" != *cmd_note* ]]
}

@test "a new install source touches the four files docs/architecture.md lists; a source named elsewhere, or a longer list, is named" {
    run "$REPO/tests/install-sources.sh" "$REPO"
    assert_status 0
    [ -z "$output" ]
    local tree="$BATS_TEST_TMPDIR/sources"
    mkdir -p "$tree"
    cp -r "$REPO/manager" "$REPO/shim" "$REPO/docs" "$tree/"
    printf 'extern int source_channel;\nint peek(void) { return source_channel; }\n' > "$tree/manager/install/peek.c"
    printf '/* reads source_index.c for its rule: a file name, not the row */\n' > "$tree/manager/store/note.c"
    sed -i 's|`manager/commands/install_options.c`<!--|`manager/commands/install_options.c`, `manager/install/install_source.h`<!--|' "$tree/docs/architecture.md"
    run "$REPO/tests/install-sources.sh" "$tree"
    assert_status 1
    assert_output_has "manager/install/peek.c names source_channel: a source is named only in its own file and the table"
    assert_output_has "docs/architecture.md lists 5 files a new install source touches (at most 4)"
    [[ "$output" != *note.c* ]]
}

@test "no file above platform/ asks which operating system it is built for; a planted #ifdef _WIN32 is named, platform/'s own are not" {
    local tree="$BATS_TEST_TMPDIR/os"
    copy_tree "$tree"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 0
    printf '#include <stdio.h>\nint planted(void)\n{\n#  ifdef _WIN32\n    return 1;\n#endif\n    return 0;\n}\n' \
        > "$tree/manager/store/planted_os.c"
    printf '#if defined(__linux__)\n#endif\n' > "$tree/manager/platform/planted_ok.c"
    run "$REPO/tests/layers.sh" "$tree"
    assert_status 1
    assert_output_has "manager/store/planted_os.c:4: tests for an operating system; put what differs behind platform.h"
    [[ "$output" != *planted_ok* ]]
}

@test "the rules a script can read hold: no header named as a system header, nothing but the messages writes to stderr, every file the docs name exists, no path into the store spelled by hand, no option spelled below the commands; planted breaches are named" {
    run "$REPO/tests/claims.sh" "$REPO"
    assert_status 0
    [ -z "$output" ]
    local tree="$BATS_TEST_TMPDIR/claims"
    copy_tree "$tree"
    mkdir -p "$BATS_TEST_TMPDIR/include"
    touch "$BATS_TEST_TMPDIR/include/string.h"
    printf '/* the planted header */\n' > "$tree/manager/store/string.h"
    printf '#include <stdio.h>\n/* stderr in a comment is no write */\nvoid shout(void) { fprintf(stderr, "x\\n"); }\n' \
        > "$tree/manager/store/shout.c"
    cp "$REPO/README.md" "$tree/"
    printf 'int stamp(char *dir, const char *root)\n{\n    return path_join(dir, 4096, root, "shells");\n}\n' \
        > "$tree/manager/shell/planted_stamp.c"
    printf 'The rule lives in `manager/store/gone.c`; a new one goes in `manager/install/source_NAME.c`.\n' >> "$tree/docs/architecture.md"
    printf '/* --force in a comment is no spelling */\nint again(void) { return fail("run it again with --force, or --no-such-option"); }\n' \
        > "$tree/manager/store/planted_option.c"
    SYSTEM_INCLUDE="$BATS_TEST_TMPDIR/include" run "$REPO/tests/claims.sh" "$tree"
    assert_status 1
    assert_output_has "manager/store/string.h: shares its name with the system header $BATS_TEST_TMPDIR/include/string.h"
    assert_output_has "manager/store/shout.c:3: writes to stderr"
    assert_output_has "docs/architecture.md names manager/store/gone.c, which does not exist"
    assert_output_has "manager/shell/planted_stamp.c:3: spells a path into the store; build it with cudnnv_store_path"
    assert_output_has "manager/store/planted_option.c: spells the option --force; name it with base/option_names.h's OPTION_ constant"
    [[ "$output" != *no-such-option* ]]
    [[ "$output" != *source_NAME* ]]
    [[ "$output" != *shout.c:2* ]]
}
