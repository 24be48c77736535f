#!/usr/bin/env bats
# cudnnv help, --help on every command, --version, unknown commands.

load helpers

@test "help lists every command" {
    run cudnnv help
    assert_status 0
    for command in install uninstall link known versions use local global shell version \
        version-name version-file which prefix root exec env init doctor update check rehash verify help; do
        assert_output_has "  $command "
    done
}

@test "every command answers --help with its usage" {
    for command in install uninstall link known versions use local global shell version \
        version-name version-file which prefix root exec env init doctor update check rehash verify help; do
        run cudnnv "$command" --help
        assert_status 0
        assert_output_has "Usage: cudnnv"
        run cudnnv help "$command"
        assert_status 0
        assert_output_has "Usage: cudnnv"
    done
}

@test "--version, no arguments, unknown command" {
    run cudnnv --version
    assert_status 0
    # one version, from the Makefile: the newest tag vX.Y.Z, else the base version and the commit it was built from
    local tag
    tag=$(git -C "$BATS_TEST_DIRNAME" describe --tags --match 'v[0-9]*' 2>/dev/null | sed 's/^v//' || true)
    if [ -n "$tag" ]; then
        [ "$output" = "cudnnv $tag" ]
    else
        [[ "$output" =~ ^cudnnv\ [0-9]+\.[0-9]+\.[0-9]+\+g[0-9a-f]{7,}$ ]]
        git -C "$BATS_TEST_DIRNAME" cat-file -e "${output##*+g}^{commit}"   # a commit of this repository
    fi
    # no command: the usage, and a failure (as git), so a script that forgot its command stops
    run cudnnv
    assert_status 1
    assert_output_has "Commands:"
    run cudnnv --help
    assert_status 0
    run cudnnv frobnicate
    assert_status 2
    assert_output_has "no such command 'frobnicate'"
    run cudnnv help frobnicate
    assert_status 2
    # a slip of the keyboard is named
    run cudnnv instal x
    assert_status 2
    assert_output_has "no such command 'instal'; did you mean 'install'?"
    run cudnnv help verfy
    assert_status 2
    assert_output_has "did you mean 'verify'?"
    # the words of pyenv, nvm and rbenv get cudnnv's own command, not silence
    for habit in ls:versions list:versions ls-remote:known current:version run:exec alias:global installed:versions "deactivate:shell --unset"; do
        run cudnnv "${habit%%:*}"
        assert_status 2
        assert_output_has "no such command '${habit%%:*}'; cudnnv's is 'cudnnv ${habit#*:}'"
    done
}

@test "the man page has an entry for every command in the table, headed by the usage lines its --help gives" {
    local page="$BATS_TEST_DIRNAME/../../build/share/man/man1/cudnnv.1" commands=0 usage
    # every command but an alias ("local: same as use")
    for command in $(cudnnv help | grep -v ' same as ' | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
        commands=$((commands + 1))
        grep -qx "@COMMAND $command@" "$BATS_TEST_DIRNAME/../../docs/cudnnv.1.in" || {
            echo "docs/cudnnv.1.in lacks an entry for $command" >&2
            return 1
        }
        # the entry's head in the built page is the first usage line of 'cudnnv COMMAND --help'
        usage=$(cudnnv "$command" --help 2>&1 | sed -n '/^Usage: cudnnv /{s///p;q;}')   # shell's help is on stderr
        MANWIDTH=1000 man -l "$page" 2>/dev/null | awk -v head="       $usage" '
            index($0, head) == 1 && (length($0) == length(head) || substr($0, length(head) + 1, 1) == " ") { found = 1 }
            END { exit !found }' || {
            echo "the man page's entry for $command is not headed: $usage" >&2
            return 1
        }
    done
    [ "$commands" -ge 30 ]
}

@test "seams of the command line: an unknown option is bad usage, options after operands, --opt=value, completions" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv verify --bogus
    assert_status 2
    assert_output_has "unknown option '--bogus'"
    run cudnnv link mine "$SETS/8.0.4" --force
    assert_status 0
    run cudnnv link mine "$SETS/8.0.4" --force
    assert_status 0
    run cudnnv link --bogus mine "$SETS/8.0.4"
    assert_status 2
    run cudnnv env --format=dotenv 8.1
    assert_status 0
    assert_output_has "CUDNNV_VERSION=8.1"
    run cudnnv completions use
    assert_status 0
    assert_output_has "--for"
    run cudnnv completions install
    assert_status 0
    assert_output_has "--cuda"
    assert_output_has "--platform"
}

# A command's entry in the built man page, as roff with its escapes plain: from the .TP its
# usage heads to the next .TP or .SH.
man_entry() {
    sed 's/\\-/-/g; s/\\e/\\/g; s/^\\&//' "${CUDNNV%/bin/cudnnv}/share/man/man1/cudnnv.1" | awk -v head=".B $1" '
        /^\.(TP|SH)/ { inside = 0; header = 1; next }
        header { header = 0; if (index($0, head) == 1 && (length($0) == length(head) || substr($0, length(head) + 1, 1) == " ")) inside = 1 }
        inside { print }'
}

# The built man page, as roff with its dashes plain.
built_man_page() {
    sed 's/\\-/-/g' "${CUDNNV%/bin/cudnnv}/share/man/man1/cudnnv.1"
}

@test "the man page's synopsis and options are written from the tables: every usage line, every option" {
    local command option line page missing=""
    page=$(built_man_page)
    [ -n "$page" ]
    for command in $(cudnnv help | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
        # each usage line of --help, word for word, after '.B cudnnv' in SYNOPSIS
        while IFS= read -r line; do
            grep -qxF -- "$line" <<< "$page" || missing="$missing $command:usage($line)"
        done < <(cudnnv "$command" --help 2>&1 | sed -n 's/^\(Usage:\|      \) cudnnv //p')
        # each option of the table has its row under '.SS command' in OPTIONS (another name's, under the command's)
        local rows answering
        answering=$(cudnnv "$command" --help 2>&1 | sed -n 's/^Usage: cudnnv \([a-z-]*\).*/\1/p')
        rows=$(awk -v name="$answering" '/^\.S[SH] / { inside = ($2 == name) } inside' <<< "$page")
        for option in $(cudnnv completions "$command" | grep -- '^--' | grep -vx -- --help); do
            grep -q -- "^\.B \(-., \)\?$option\b" <<< "$rows" || missing="$missing $command:$option"
        done
        # the forms the manual's paragraphs name take no option the table lacks
        for option in $(man_entry "$command" | grep '^\.B cudnnv ' | grep -o -- '--[a-z][a-z0-9-]*'); do
            cudnnv completions "$command" | grep -qx -- "$option" || missing="$missing $command:$option(not in the table)"
        done
    done
    [ -z "$missing" ] || { echo "the man page and the tables differ:$missing" >&2; return 1; }
}

@test "each command's prose is written once (docs/commands): the man page's entry holds what --help prints, and --help points to the manual's further paragraphs" {
    local command line entry missing="" more=0
    for command in $(cudnnv help | grep -v ' same as ' | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
        entry=$(man_entry "$command" | sed "s/^ *//")
        [ -n "$entry" ] || { echo "no entry for $command in the man page" >&2; return 1; }
        # every line of the text between the usage and the options, and after them, as a line of the entry
        while IFS= read -r line; do
            line="${line#"${line%%[! ]*}"}"
            [ -z "$line" ] || grep -qxF -- "$line" <<< "$entry" || missing="$missing
$command: $line"
        done < <(cudnnv "$command" --help 2>&1 | awk '
            /^Usage: / { usage = 1; next } usage && /^       cudnnv / { next } { usage = 0 }
            /^Options:$/ { options = 1; next }
            options && /^  / { next }
            /^More of / { next }
            { print }')
        if cudnnv "$command" --help 2>&1 | grep -qx "More of '$command' in the manual: man cudnnv"; then
            more=$((more + 1))
            # the manual's own paragraphs are there, after the help's text
            [ "$(grep -c '^\.IP$' <<< "$entry")" -ge 1 ] || missing="$missing
$command: no paragraph of its own in the manual"
        fi
    done
    [ -z "$missing" ] || { echo "the man page lacks what --help says:$missing" >&2; return 1; }
    [ "$more" -ge 5 ]
    # one prose file per command, and none for a command that is not there
    local file listed
    listed=$(cudnnv help | sed -n 's/^  \([a-z-]*\) .*/\1/p')
    for command in $listed; do
        [ -s "$BATS_TEST_DIRNAME/../../docs/commands/$command.txt" ] || { echo "no docs/commands/$command.txt" >&2; return 1; }
    done
    for file in "$BATS_TEST_DIRNAME"/../../docs/commands/*.txt; do
        cudnnv "$(basename "$file" .txt)" --help >/dev/null 2>&1 || { echo "$file names no command" >&2; return 1; }
    done
    # a form named in the manual is in bold on a line of its own
    man_entry install | grep -qx -- '\.B cudnnv install --locked \[--platform P\] \[--runtime\]'
}

@test "the built man page renders with no warning from groff, and its markers are all replaced" {
    local page="${CUDNNV%/bin/cudnnv}/share/man/man1/cudnnv.1"
    run groff -man -ww -z -Tutf8 "$page"
    assert_status 0
    [ -z "$output" ] || { echo "groff: $output" >&2; return 1; }
    if grep -q '@[A-Z]*@' "$page"; then
        echo "a marker was left in $page" >&2
        return 1
    fi
    grep -q '^\.SH OPTIONS$' "$page"
    grep -q '^\.SS install$' "$page"
}

@test "one grammar: --opt=value, options after operands, --, -h, missing values, near options" {
    install_fixture cudnn-11.2-linux-x64-v8.1.0.77-test.tgz
    run cudnnv versions --jsn
    assert_status 2
    assert_output_has "unknown option '--jsn'; did you mean '--json'?"
    assert_output_has "see 'cudnnv versions --help'"
    run cudnnv known --platform
    assert_status 2
    assert_output_has "option '--platform' needs a value"
    run cudnnv known --platform=linux-sbsa --json
    assert_status 0
    run cudnnv versions --bare=yes
    assert_status 2
    assert_output_has "option '--bare' takes no value"
    run cudnnv prefix 8.1.0.77 extra
    assert_status 2
    assert_output_has "unexpected argument 'extra'"
    run cudnnv verify 8.1.0.77 --json
    assert_status 0
    [ "$(python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["name"])' <<< "$output")" = 8.1.0.77 ]
    run cudnnv uninstall -h
    assert_status 0
    assert_output_has "Usage: cudnnv uninstall"
    assert_output_has "-f, --force"
    # after --, a word is an operand even when it looks like an option
    run cudnnv use -- --force
    assert_status 1
    # exec: the program's own options are its own
    run cudnnv exec sh -c 'echo "$1"' sh --help
    assert_status 0
    [ "$output" = "--help" ]
    run cudnnv exec --version=8.1.0.77 sh -c 'echo "$CUDNNV_VERSION"'
    assert_status 0
    [ "$output" = 8.1.0.77 ]
    # a helper program parses with the same table
    run cudnnv install --nmae x y
    assert_status 2
    assert_output_has "did you mean '--name'?"
    run cudnnv install --list 8.1
    assert_status 0
    assert_output_has "8.1.0.77"
}
