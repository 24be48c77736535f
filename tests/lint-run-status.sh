#!/bin/sh
# A bats 'run' that can fail to run at all while its test still passes: its
# status is never looked at ($status, assert_status, 'run -N') and what it
# printed is either checked only negatively (refute_output_has, !=, an
# empty-output or zero-count test) or only handed to the next 'run' ('run
# grep -c E: <<< "$output"' after 'run lintian': a lintian that is not
# installed prints no error line). 'run grep' and 'run find' are taken as
# they are (a count or the files found: nothing else can be printed). Also
# two checks errexit never makes: a test line of checks joined by '&&' (only
# the last one can fail the test; a loop's '&& break' is left alone) and a
# '! command' line (errexit ignores it). Prints each as FILE:LINE; exit 1
# when any.
# Usage: lint-run-status.sh FILE.bats...
found=$(for file in "$@"; do
    awk -v file="$file" '
        function report() {
            printf "%s:%d: a run whose status is never looked at and whose output is checked only %s\n", file,
                pending_line, negative ? "negatively" : "by the next run"
        }
        function flush(next_line) {
            if (pending && !checked && (negative || (!used && next_line ~ /\$output|\$\{output/)))
                report()
            pending = 0
        }
        /^[[:space:]]*run([[:space:]]|$)/ {
            flush($0)
            pending = 1; pending_line = NR; checked = 0; negative = 0; used = 0
            if ($0 ~ /^[[:space:]]*run[[:space:]]+-[0-9!]/) checked = 1
            # grep and find are there on every machine and print what was asked (grep -c: a count) or nothing
            if ($0 ~ /^[[:space:]]*run[[:space:]]+(grep|find)[[:space:]]/) checked = 1
            next
        }
        /^}/ { flush(""); next }
        {   # a check && a check (what a $(...) holds is left out)
            line = $0
            while (gsub(/\$\([^()]*\)/, "", line) > 0) {}
            if (line ~ /^[[:space:]]+(\[|grep |test |cmp )[^|]*&& (\[|grep |test |cmp )/ && line !~ /&& break[[:space:]]*$/)
                printf "%s:%d: checks joined by && fail the test only at the last one: one check a line\n", file, NR
        }
        /^[[:space:]]+! [^=]/ && !/\|\| false[[:space:]]*$/ {
            printf "%s:%d: a ! command never fails a test (errexit ignores it): use a refute helper or [ ... ]\n", file, NR
        }
        !pending { next }
        /\$status|assert_status|assert_output_has|\$\{lines\[/ { checked = 1; next }
        /refute_output_has|!= |-z "\$output"|\[ "\$output" = 0 \]/ { negative = 1; next }
        /\$output|\$\{output|\$stderr/ { used = 1 }
        END { flush("") }
    ' "$file"
done)
[ -z "$found" ] && exit 0
printf '%s\n' "$found" >&2
exit 1
