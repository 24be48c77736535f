#!/usr/bin/env bats
# docs/packages.md's table of what each make target writes: each row's file
# name and size are the built file's (within a tenth: a size moves a little
# with every change, a stale figure moves more), so the page cannot drift
# from the build unseen.

load helpers

PAGE="$BATS_TEST_DIRNAME/../../docs/packages.md"

# row_size TARGET FILE_PATTERN: the bytes docs/packages.md's row for TARGET and that file gives (KB and MB decimal).
row_size() {
    python3 - "$PAGE" "$1" "$2" <<'PY'
import re, sys
page, target, pattern = sys.argv[1:]
for line in open(page, encoding="utf-8"):
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if len(cells) == 4 and cells[0] == "`make %s`" % target and cells[1].startswith("`%s`" % pattern):
        number, unit = re.match(r"([0-9.]+) (KB|MB)", cells[3]).groups()
        print(int(float(number) * (1000 if unit == "KB" else 1000000)))
        sys.exit(0)
sys.exit("docs/packages.md has no row for make %s with %s" % (target, pattern))
PY
}

# assert_size_near DOCUMENTED ACTUAL NAME: within a tenth of each other.
assert_size_near() {
    local documented=$1 actual=$2
    if [ $((actual * 10)) -lt $((documented * 9)) ] || [ $((actual * 10)) -gt $((documented * 11)) ]; then
        echo "docs/packages.md gives $3 as $documented bytes; the build wrote $actual: update the page" >&2
        return 1
    fi
}

# check_row TARGET DOC_NAME FILE_PATTERN: the target's file, built, is the row's size.
check_row() {
    local version artifact artifacts documented
    documented=$(row_size "$1" "$2")
    make_artifact "$1" "$3"
    assert_size_near "$documented" "$(stat -c %s "$artifact")" "$2"
}

@test "docs/packages.md: the Debian packages, the tarball, the wheel and the Windows zip are the sizes the page gives" {
    # (the AArch64 tarball's row is not checked: only make check-dist builds that file)
    check_row deb "cudnnv_VERSION-1_amd64.deb" "cudnnv_VERSION-1_amd64.deb"
    if [ -e /usr/include/slurm/spank.h ]; then
        check_row deb "cudnnv-slurm_VERSION-1_amd64.deb" "cudnnv-slurm_VERSION-1_amd64.deb"
    fi
    check_row deb-arm64 "cudnnv_VERSION-1_arm64.deb" "cudnnv_VERSION-1_arm64.deb"
    check_row dist "cudnnv-VERSION-linux-x86_64.tar.gz" "cudnnv-VERSION-linux-x86_64.tar.gz"
    check_row wheel "cudnnv-VERSION-py3-none-manylinux_2_34_x86_64.whl" "cudnnv-VERSION-py3-none-manylinux_2_34_x86_64.whl"
    check_row windows-zip "cudnnv-VERSION-windows-x86_64.zip" "cudnnv-VERSION-windows-x86_64.zip"
}

@test "the size check itself: a row a tenth off fails, naming the file and both figures" {
    run assert_size_near 1000000 1200000 example.tar.gz
    assert_status 1
    assert_output_has "docs/packages.md gives example.tar.gz as 1000000 bytes; the build wrote 1200000"
    run assert_size_near 1000000 1050000 example.tar.gz
    assert_status 0
    run row_size dist "cudnnv-VERSION-linux-x86_64.tar.gz"
    assert_status 0
    [ "$output" -gt 1000000 ]
    run row_size dist no-such-file
    assert_status 1
}
