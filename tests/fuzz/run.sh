#!/bin/sh
# Runs each libFuzzer harness for a set time and prints one line per
# harness: executions, and whether it found anything (a crash file is kept
# under the fuzz folder with the harness's name).
# Usage: run.sh FUZZ_DIR SECONDS NAME...
set -u
dir=$1 seconds=$2
shift 2
status=0
for name in "$@"; do
    corpus="$dir/corpus-$name"
    mkdir -p "$corpus" "$dir/findings-$name"
    if [ -d "tests/fuzz/seeds/$name" ]; then cp -n tests/fuzz/seeds/"$name"/* "$corpus"/ 2>/dev/null; fi
    log="$dir/$name.log"
    "$dir/fuzz_$name" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$dir/findings-$name/" "$corpus" > "$log" 2>&1
    result=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ "$result" -eq 0 ]; then
        echo "fuzz $name: ${runs:-?} executions in ${seconds} s, no finding"
    else
        echo "fuzz $name: FINDING after ${runs:-?} executions; see $log and $dir/findings-$name/"
        status=1
    fi
done
exit $status
