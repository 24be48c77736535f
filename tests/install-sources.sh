#!/bin/bash
# Keeps docs/architecture.md's list of the files a new install source
# touches true: at most four, each there; and every source's row (a
# 'const struct install_source source_NAME' in manager/install/) is defined
# in source_NAME.c and named (as code, not a file name) in shim/ and
# manager/ only there and in the table, install/install_source.c.
# Usage: tests/install-sources.sh [ROOT]
set -eu
root=${1:-$(dirname "$0")/..}
problems=0
say() { echo "$*"; problems=$((problems + 1)); }

list=$(sed -n 's/.*<!-- install-source-files -->\(.*\)<!-- \/install-source-files -->.*/\1/p' "$root/docs/architecture.md" |
    tr -d '`' | tr ',' '\n' | sed 's/^ *//; s/ *$//' | grep -v '^$' || true)
count=$(grep -c . <<< "$list" || true)
[ "$count" -ge 1 ] || say "docs/architecture.md lists no files a new install source touches"
[ "$count" -le 4 ] || say "docs/architecture.md lists $count files a new install source touches (at most 4)"

rows=$(grep -ho '^const struct install_source source_[a-z_]*' "$root"/manager/install/*.c | awk '{print $4}' || true)
[ -n "$rows" ] || say "no install source rows in manager/install/"
for row in $rows; do
    while read -r file; do
        [ -e "$root/${file//source_NAME/$row}" ] || say "$file (for $row): no such file"
    done <<< "$list"
    own="manager/install/$row.c"
    grep -q "^const struct install_source $row\b" "$root/$own" 2>/dev/null || say "$row is not defined in $own"
    while read -r where; do
        where=${where#"$root/"}
        case "$where" in "$own" | manager/install/install_source.c | "") ;; *) say "$where names $row: a source is named only in its own file and the table" ;; esac
    done < <(grep -rlP "\\b$row\\b(?!\\.[ch]\\b)" "$root/shim" "$root/manager" || true)
    grep -qP "&$row\\b" "$root/manager/install/install_source.c" || say "$row is not in the table of manager/install/install_source.c"
done
[ "$problems" -eq 0 ]
