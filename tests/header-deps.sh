#!/bin/bash
# Keeps the build honest about headers: for every header of shim/ and
# manager/, every object that make builds from a source including it
# (directly, or through another of our headers; an #include under #if is
# not counted) must list it among its prerequisites in make's own database,
# for every build (native, AArch64, Windows), and so must each shim for the
# sources it is linked from. What the sources include is read from the
# sources themselves, so a missing -MMD, a stale .d or a build rule without
# its headers is named: "OBJECT does not depend on HEADER (SOURCE includes it)".
# Usage: tests/header-deps.sh [--root DIR] MAKE_DATABASE PREFIX...
#   MAKE_DATABASE: what 'make -pq TARGETS' printed; only the targets whose
#   path starts with a PREFIX are checked (a build's objects, its shims)
set -eu
root=$(dirname "$0")/..
if [ "${1:-}" = --root ]; then
    root=$2
    shift 2
fi
database=$(realpath "$1")
shift
prefixes="$*"
cd "$root"

# "FILE HEADER" for each unconditional #include of ours, then the database.
{
    awk '
        FNR == 1 { depth = 0; guard = (FILENAME ~ /\.h$/) }
        /^[ \t]*#[ \t]*if/ {
            if (guard && depth == 0 && $0 ~ /^#ifndef [A-Z0-9_]*_H$/) { guard = 0; skipped = 1; next }
            depth++; next
        }
        /^[ \t]*#[ \t]*endif/ { if (depth > 0) depth--; next }
        depth == 0 && /^[ \t]*#[ \t]*include[ \t]*["<][a-z0-9_]*\.h[">]/ {
            name = $0; sub(/^[^"<]*["<]/, "", name); sub(/[">].*$/, "", name)
            print "include", FILENAME, name
        }
    ' shim/*.[ch] manager/*/*.[ch]
    for header in shim/*.h manager/*/*.h; do
        echo "header ${header##*/} $header"
    done
    # make's database: "TARGET: PREREQUISITES" of objects and shims (not "TARGET: VARIABLE = VALUE", a
    # target-specific variable, which make prints on a line of its own)
    grep -E '^[^#[:space:]][^:=]*\.(o|so\.[0-9]+|dll): ' "$database" |
        grep -vE '^[^:]*: [A-Za-z_][A-Za-z0-9_]* *[:+?!]?= ' | sed 's/^/rule /'
} | awk -v prefixes="$prefixes" '
    $1 == "include" { includes[$2] = includes[$2] " " $3; next }
    $1 == "header" { path_of[$2] = $3; next }
    $1 == "rule" {
        target = $2; sub(/:$/, "", target)
        prerequisites[target] = prerequisites[target] " " substr($0, index($0, ": ") + 2) " "
        next
    }
    # the headers of ours a file includes, through our other headers too
    function closure(file, seen,    names, count, i, header) {
        count = split(includes[file], names, " ")
        for (i = 1; i <= count; i++) {
            header = path_of[names[i]]
            if (header == "" || (header in seen))
                continue
            seen[header] = 1
            closure(header, seen)
        }
    }
    function check(target, source,    seen, header) {
        split("", seen)
        closure(source, seen)
        for (header in seen) {
            if (index(prerequisites[target], " " header " ") == 0) {
                printf "%s does not depend on %s (%s includes it)\n", target, header, source
                problems++
            }
        }
    }
    function wanted(target,    count, i, list) {
        count = split(prefixes, list, " ")
        for (i = 1; i <= count; i++)
            if (index(target, list[i]) == 1)
                return 1
        return 0
    }
    END {
        for (target in prerequisites) {
            if (!wanted(target))
                continue
            count = split(prerequisites[target], words, " ")
            for (i = 1; i <= count; i++) {
                if (words[i] !~ /^(shim|manager)\/.*\.c$/)
                    continue
                # an object is built from one source (its first); a shim from all it lists
                if (target ~ /\.o$/ && i > 1)
                    break
                check(target, words[i])
                checked++
            }
        }
        if (checked == 0) {
            print "no object or shim of shim/ or manager/ under " prefixes " in the database"
            exit 2
        }
        exit problems > 0
    }
'
