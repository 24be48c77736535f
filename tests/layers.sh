#!/bin/bash
# Keeps docs/architecture.md's "may call" column true: every #include (in
# quotes or angle brackets) of a file in shim/ or manager/PART/ names a
# header of its own part or of a part the table lets it call, and (with
# --objects DIR, a build's objects; as often as there are builds: the
# native one, the shim's, the Windows one) every function an object calls is
# defined in such a part. A part that reaches above itself is named with the
# file, the header or function, and the part it belongs to; so is any circle
# of files calling each other, and any file above platform/ that asks the
# preprocessor which operating system it is built for.
# Usage: tests/layers.sh [--objects DIR]... [ROOT]
set -eu
object_dirs=()
while [ "${1:-}" = --objects ]; do
    object_dirs+=("$2")
    shift 2
done
root=${1:-$(dirname "$0")/..}
table="$root/docs/architecture.md"

declare -A allowed part_of_header part_of_symbol file_of_symbol
parts=()
# "| `manager/store/` | … | shim, platform, base, … |" -> store: " shim platform base … "
while IFS='|' read -r _ folder _ may _; do
    folder=$(sed -n 's/^ *`\(manager\/\)\{0,1\}\([a-z]*\)\/` *$/\2/p' <<< "$folder")
    [ -n "$folder" ] || continue
    parts+=("$folder")
    allowed[$folder]=" $(tr ',/' '  ' <<< "$may") "
done < <(grep '^| `\(manager/[a-z]*\|shim\)/` |' "$table")
[ "${#parts[@]}" -gt 1 ] || { echo "no parts found in $table" >&2; exit 2; }
for part in "${parts[@]}"; do
    case "${allowed[$part]}" in
    *" every part "*) allowed[$part]=" ${parts[*]} ${allowed[$part]} " ;;
    esac
done

folder_of() { [ "$1" = shim ] && echo "$root/shim" || echo "$root/manager/$1"; }

may_call() { # may_call PART OTHER
    [ "$1" = "$2" ] || [[ "${allowed[$1]}" == *" $2 "* ]]
}

# A part's own headers; those in a folder below it (platform/win32/: stand-ins for system headers on
# Windows, dlfcn.h and the like) count only where they are included in quotes.
declare -A part_of_own_header
for part in "${parts[@]}"; do
    for header in "$(folder_of "$part")"/*.h "$(folder_of "$part")"/*/*.h; do
        [ -f "$header" ] && part_of_header[$(basename "$header")]=$part
    done
    for header in "$(folder_of "$part")"/*.h; do
        [ -f "$header" ] && part_of_own_header[$(basename "$header")]=$part
    done
done

problems=0
for part in "${parts[@]}"; do
    for file in "$(folder_of "$part")"/*.[ch]; do
        [ -f "$file" ] || continue
        while read -r quote header; do
            if [ "$quote" = '"' ]; then other=${part_of_header[$header]:-}; else other=${part_of_own_header[$header]:-}; fi
            if [ -n "$other" ] && ! may_call "$part" "$other"; then
                echo "${file#"$root"/}: includes $header of $other, which $part may not call (docs/architecture.md)"
                problems=$((problems + 1))
            fi
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\(["<]\)\([^">]*\)[">].*/\1 \2/p' "$file")
    done
done

# The objects in DIR of the sources there are now (a build folder may keep objects of moved files).
current_objects() {
    local part source object
    for part in "${parts[@]}"; do
        for source in "$(folder_of "$part")"/*.c; do
            object="$1/${source#"$root"/}"
            object=${object%.c}.o
            if [ -f "$object" ]; then echo "$object"; fi
        done
    done
}

# nm for the objects of DIR: mingw-w64's for a Windows build (COFF), else the machine's.
nm_for() {
    if [[ "$1" == *windows* ]] && command -v x86_64-w64-mingw32-nm >/dev/null; then
        echo x86_64-w64-mingw32-nm
    else
        echo nm
    fi
}

# The calls of one build's objects: each undefined symbol against the part that defines it in that build.
check_calls() {
    local objects=$1 nm files object symbol part other
    nm=$(nm_for "$objects")
    mapfile -t files < <(current_objects "$objects")
    [ "${#files[@]}" -gt 0 ] || return 0
    part_of_symbol=()
    file_of_symbol=()
    while read -r object symbol; do
        part=${object#"$objects"/}
        part=${part#manager/}
        part_of_symbol[$symbol]=${part%%/*}
        file_of_symbol[$symbol]=$(basename "$object" .o)
    done < <($nm -A -g --defined-only "${files[@]}" | awk '$(NF-1) ~ /^[TDBR]$/ {sub(/:.*/, "", $1); print $1, $NF}')
    local calls=()
    while read -r object symbol; do
        part=${object#"$objects"/}
        part=${part#manager/}
        part=${part%%/*}
        other=${part_of_symbol[$symbol]:-}
        if [ -n "$other" ] && ! may_call "$part" "$other"; then
            echo "${object#"$objects"/}: calls $symbol of $other, which $part may not call (docs/architecture.md)"
            problems=$((problems + 1))
        fi
        [ -z "${file_of_symbol[$symbol]:-}" ] || calls+=("$(basename "$object" .o) ${file_of_symbol[$symbol]} $symbol")
    done < <($nm -A -u "${files[@]}" | awk '{sub(/:.*/, "", $1); print $1, $NF}')
    check_circles "${calls[@]}"
}

# Circles: files that call each other, directly or round a ring (a change to
# one means reading all of them). None may appear.
check_circles() { # check_circles "FROM TO SYMBOL"...
    local found
    found=$(printf '%s\n' "$@" | python3 -c '
import sys
edges, why = {}, {}
for line in sys.stdin:
    parts = line.split()
    if len(parts) == 3 and parts[0] != parts[1]:
        edges.setdefault(parts[0], set()).add(parts[1])
        why.setdefault((parts[0], parts[1]), parts[2])
index, low, stack, on, rings = {}, {}, [], set(), []
def visit(v):  # Tarjan: the strongly connected components, each of two or more files a circle
    index[v] = low[v] = len(index)
    stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        ring = []
        while True:
            w = stack.pop(); on.discard(w); ring.append(w)
            if w == v:
                break
        if len(ring) > 1:
            rings.append(sorted(ring))
sys.setrecursionlimit(100000)
for v in sorted(edges):
    if v not in index:
        visit(v)
for ring in rings:
    calls = ", ".join("%s calls %s (%s)" % (a, b, why[(a, b)]) for a in ring for b in ring if (a, b) in why)
    print("a circle of calls between %s: %s" % (" ".join(ring), calls))
')
    if [ -n "$found" ]; then
        echo "$found"
        problems=$((problems + $(wc -l <<< "$found")))
    fi
}

# "Nothing above it tests for an operating system" (the platform row): no
# file of manager/ outside platform/ asks the preprocessor which system it is.
while IFS=: read -r file line _; do
    echo "${file#"$root"/}:$line: tests for an operating system; put what differs behind platform.h"
    problems=$((problems + 1))
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*(if|ifdef|ifndef|elif).*(_WIN32|_WIN64|__linux__|__APPLE__|__MINGW|_MSC_VER|__unix__)' \
             --include='*.c' --include='*.h' "$root/manager" | grep -v "^$root/manager/platform/" || true)

for objects in "${object_dirs[@]}"; do
    check_calls "$objects"
done
[ "$problems" -eq 0 ]
