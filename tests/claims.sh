#!/bin/bash
# Checks the rules docs/architecture.md states that a script can read from
# the sources (the floors and circles are tests/layers.sh's, thin commands
# tests/thin-commands.sh's, the install sources' files
# tests/install-sources.sh's):
#   - no header of shim/ or manager/ shares its name with a system header
#     (Debian's, or MinGW's for cudnnv.exe): the -I folders would shadow it;
#   - only base/messages.c and base/progress.c write to stderr (and the
#     help, when stdout carries code; the build's own tools in cli/*_main.c):
#     every problem is one line from fail() or note();
#   - every file of the tree the docs name (docs/*.md, README.md) exists,
#     but for a pattern's placeholder (source_NAME.c, trampoline_ABI.S);
#   - no path into a store is spelled in manager/: a folder of the store's
#     layout (shim/store_layout.c's table) joined to a root by hand is named;
#   - no string of a part below the commands (all but commands/, args/,
#     cli/) spells an option of a command's table: it names it through
#     base/option_names.h, as the table does (comments may speak of options).
# Usage: tests/claims.sh [ROOT] (SYSTEM_INCLUDE overrides the system folders)
set -eu
root=${1:-$(dirname "$0")/..}
system=${SYSTEM_INCLUDE:-/usr/include /usr/include/x86_64-linux-gnu /usr/x86_64-w64-mingw32/include}
problems=0

for header in "$root"/shim/*.h "$root"/manager/*/*.h; do
    [ -f "$header" ] || continue
    name=$(basename "$header")
    for folder in $system; do
        if [ -e "$folder/$name" ]; then
            echo "${header#"$root"/}: shares its name with the system header $folder/$name; give it another name"
            problems=$((problems + 1))
        fi
    done
done

while IFS=: read -r file line _; do
    echo "${file#"$root"/}:$line: writes to stderr; say a problem with fail() or note() (base/messages.c)"
    problems=$((problems + 1))
done < <(grep -rnE '\bstderr\b' --include='*.c' "$root/manager" |
             grep -vE '^[^:]*:[0-9]+:\s*(/?\*|//)' |
             grep -vE "^$root/manager/(base/messages\.c|base/progress\.c|args/args\.c|cli/[a-z_]*_main\.c)" || true)
while read -r doc path; do
    [ -e "$root/$path" ] || { echo "${doc#"$root"/} names $path, which does not exist"; problems=$((problems + 1)); }
done < <(grep -oE '\b(shim|manager|tests|hooks)/[A-Za-z0-9_./-]*\.(c|h|S|sh|bats|py|bash)\b' "$root"/docs/*.md "$root/README.md" |
             sed 's/:/ /' | grep -vE '(NAME|ABI)[^ ]*$' | sort -u)
# the store's top folders, from its one table ("shims/lib\0" ... "catalog-redist\0"): shims versions cuda ...
tops=$(sed -n 's/^.*"\([a-z-]*\)[/\\"].*\/\* CUDNNV_STORE_.*$/\1/p' "$root/shim/store_layout.c" | grep -v '^$' | sort -u | paste -sd'|')
[ -n "$tops" ] || { echo "shim/store_layout.c: no store places found"; problems=$((problems + 1)); }
while IFS=: read -r file line _; do
    echo "${file#"$root"/}:$line: spells a path into the store; build it with cudnnv_store_path (shim/store_layout.c)"
    problems=$((problems + 1))
done < <(grep -rnE "(path_join|snprintf)\(.*root[^,]*, \"($tops)(/[^\"]*)?\"\)" --include='*.c' "$root/manager" || true)
# every option of the commands' tables, spelled there or in option_names.h
options=$(cat "$root"/manager/commands/*.c "$root/manager/base/option_names.h" |
              sed -nE 's/.*(\.name = |#define OPTION_[A-Z0-9_]* +)"(--[a-z0-9-]+)".*/\2/p' | sort -u)
[ -n "$options" ] || { echo "manager/commands/: no option tables found"; problems=$((problems + 1)); }
for file in "$root"/manager/*/*.[ch]; do
    case $file in
    "$root"/manager/commands/* | "$root"/manager/args/* | "$root"/manager/cli/* | */base/option_names.h) continue ;;
    esac
    # the strings of the file, comments dropped by the preprocessor (nothing included, no macro expanded)
    while read -r option; do
        echo "${file#"$root"/}: spells the option $option; name it with base/option_names.h's OPTION_ constant"
        problems=$((problems + 1))
    done < <(gcc -fpreprocessed -dD -E -P -x c "$file" 2>/dev/null | grep -oE '"([^"\\]|\\.)*"' |
                 grep -oE -- '(^|[^a-z0-9-])--[a-z][a-z0-9-]*' | sed 's/^[^-]*//' | sort -u | grep -xF -- "$options" || true)
done
[ "$problems" -eq 0 ]
