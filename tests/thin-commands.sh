#!/bin/bash
# Keeps manager/commands/ thin, as docs/architecture.md says: a command file
# parses, calls a part and prints. Each cmd_*.c (and the helpers' run files
# beside them) is read and its lines of work counted: code that is not a
# comment, an include, its option or command table, a brace, or a call that
# prints (printf, note, fail, the JSON and progress printers, the file's own
# print_*/say_* functions). A file over MAX_WORK lines of work, a file over
# MAX_LINES lines, or a commands/ folder over MAX_TOTAL lines is named with
# its figure; decisions belong in a part below, where unit tests reach them.
# Usage: tests/thin-commands.sh [ROOT]
set -eu
root=${1:-$(dirname "$0")/..}
MAX_WORK=90 MAX_LINES=200 MAX_TOTAL=3000
python3 - "$root/manager/commands" "$MAX_WORK" "$MAX_LINES" "$MAX_TOTAL" <<'PY'
import glob, re, sys
folder, max_work, max_lines, max_total = sys.argv[1], *map(int, sys.argv[2:])
prints = re.compile(r'^\s*(return\s+)?(\(void\)\s*)?(printf|fprintf|fputs|puts|putchar|note|fail|usage_fail|ask|'
                    r'cudnnv_json_\w+|json_\w+|progress_\w+|print_\w+|say_\w+)\s*\(')
table = re.compile(r'^(static )?const struct (option_spec|command)\b')

def work_lines(text):
    work, in_comment, in_table, in_call = 0, False, False, False
    for line in text.split('\n'):
        s = line.strip()
        if in_comment:
            in_comment = '*/' not in s
            continue
        if s.startswith('/*'):
            in_comment = '*/' not in s
            continue
        if s == '' or s.startswith('#') or s.startswith('//'):
            continue
        if table.match(s):
            in_table = True
        if in_table:
            in_table = not s.startswith('};')
            continue
        if in_call:   # the rest of a print call's arguments
            in_call = not s.endswith(';')
            continue
        if re.fullmatch(r'[{}();,]*|else|\} else \{|else \{', s):
            continue
        if prints.match(line):
            in_call = not s.endswith(';')
            continue
        work += 1
    return work

problems, total = 0, 0
for path in sorted(glob.glob(folder + '/*.c')):
    text = open(path, encoding='utf-8').read()
    lines = text.count('\n')
    total += lines
    work = work_lines(text)
    name = path.split('/')[-1]
    if work > max_work:
        print(f"{name}: {work} lines of work (at most {max_work}): move its decisions into the part that owns them")
        problems += 1
    if lines > max_lines:
        print(f"{name}: {lines} lines (at most {max_lines})")
        problems += 1
if total > max_total:
    print(f"manager/commands/: {total} lines (at most {max_total})")
    problems += 1
if total == 0:
    print(f"no command files in {folder}")
    problems += 1
sys.exit(1 if problems else 0)
PY
