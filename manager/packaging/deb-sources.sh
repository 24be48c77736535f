# Sourced by the scripts that build a library from Debian's own source
# packages (win32-deps.sh for cudnnv.exe, lean-deps.sh for the tarball):
# fetching them with 'apt-get source' (Debian's security patches included),
# unpacking them with Debian's patches applied, compiling a list of files
# into one static library, and the files of libarchive's reading half.
# The caller sets PACKAGES (source package names), CC_FOR and AR_FOR (the
# compiler and archiver), reads its arguments with take_arguments and runs
# in OUT/src.

say() { echo "  DEPS $*"; }

# The scripts' arguments, [--fetch] OUT: sets fetch_only, and out to OUT made absolute, with OUT/src the folder
# to work in (made; the caller cds there), OUT/lib and OUT/include.
take_arguments() {
    fetch_only=0
    if [ "$1" = --fetch ]; then
        fetch_only=1
        shift
    fi
    mkdir -p "$1/src" "$1/include" "$1/lib"
    out=$(cd "$1" && pwd)
}

# apt-get source needs deb-src lines: the same mirrors and suites as the
# system's deb lines, in a file of our own.
add_source_lines() {
    list=/etc/apt/sources.list.d/cudnnv-deb-src.sources
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$list"
    elif [ -f /etc/apt/sources.list ]; then
        list=/etc/apt/sources.list.d/cudnnv-deb-src.list
        sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list > "$list"
    fi
    apt-get update -qq
}

# The sources of PACKAGES not fetched yet (as root; a user is told to run it as root once), first from
# SOURCES_FROM when it names a folder that holds them (linked, else copied).
fetch() {
    if [ -n "${SOURCES_FROM:-}" ]; then
        for file in "$SOURCES_FROM"/*_*; do
            if [ -f "$file" ]; then ln -f "$file" . 2>/dev/null || cp "$file" .; fi
        done
    fi
    missing=""
    for package in $PACKAGES; do
        ls "$package"_*.dsc >/dev/null 2>&1 || missing="$missing $package"
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "${0##*/}: the Debian sources of$missing are needed; run it as root once (it runs apt-get source)" >&2
        exit 1
    fi
    apt-cache showsrc libarchive 2>/dev/null | grep -q '^Package:' || add_source_lines
    for package in $missing; do
        fetch_one "$package"
    done
}

# The newest source of a package apt knows; when a mirror lacks its files
# (a security suite's, say), the release's own version (PACKAGE/CODENAME).
fetch_one() {
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-stable}")
    for wanted in "$1" "$1/$codename"; do
        rm -f "$1"_*
        say "apt-get source $wanted"
        if apt-get source -qq --download-only "$wanted" > "fetch-$1.log" 2>&1 && ls "$1"_*.dsc >/dev/null 2>&1; then
            return 0
        fi
    done
    grep -v 'unsandboxed as root' "fetch-$1.log" >&2
    echo "${0##*/}: cannot fetch the Debian source of $1 (above: apt's words)" >&2
    exit 1
}

unpack() { # unpack PACKAGE: Debian's sources with Debian's patches applied, in PACKAGE/
    rm -rf "$1"
    dpkg-source --no-check -x "$(ls "$1"_*.dsc | tail -n 1)" "$1" >/dev/null
}

# compile LIBRARY FLAGS FILE...: the files compiled in parallel into OUT/lib/LIBRARY.a
# (paths relative to OUT/src, so that a folder name with a space does no harm).
compile() {
    library=$1 flags=$2
    shift 2
    rm -rf "obj-$library" && mkdir "obj-$library"
    printf '%s\n' "$@" | xargs -P "$(nproc)" -n 1 sh -c \
        'exec '"$CC_FOR"' -O2 '"$flags"' -c "$1" -o "obj-'$library'/${1##*/}.o"' sh
    rm -f "$out/lib/$library.a"
    $AR_FOR rcs "$out/lib/$library.a" "obj-$library"/*.o
}

# The files of libarchive's reading half: everything but the writers, the
# disk reader, and the formats and compressions cudnnv never reads
# (archive_extract.c and deb_package.c name the ones it does); FORMATS adds
# formats by name (ar for Debian packages).
libarchive_sources() {
    formats=" tar zip $* "
    for file in libarchive/libarchive/*.c; do
        name=${file##*/}
        case $name in
        archive_write* | archive_read_disk* | archive_match.c) ;;
        archive_read_support_format_*)
            format=${name#archive_read_support_format_}
            case $formats in *" ${format%.c} "*) echo "$file" ;; esac ;;
        archive_read_support_filter_gzip.c | archive_read_support_filter_xz.c) echo "$file" ;;
        archive_read_support_filter_bzip2.c | archive_read_support_filter_zstd.c) echo "$file" ;;
        archive_read_support_filter_none.c | archive_read_support_filter_program.c) echo "$file" ;;
        archive_read_support_filter_*) ;;
        *) echo "$file" ;;
        esac
    done
}

# What a script built is kept, by what it was built from, in DEPS_CACHE
# (default ~/.cache/cudnnv-deps; empty: no cache): the calling script and
# this one, the compiler, the archiver and the versions of the Debian sources
# apt would fetch. A fresh clone on the same machine then unpacks OUT's lib/
# and include/ instead of fetching and building them again (about 3.5 minutes
# of 'make check' on two cores). No key without the versions (apt has no
# deb-src lines yet): then nothing is kept or taken.
cache_key() {
    versions=$(for package in $PACKAGES; do
        apt-cache showsrc --only-source "$package" 2>/dev/null | sed -n 's/^Version: //p' | sort -u; done)
    [ -n "$versions" ] || return 1
    scripts=$(cat "$here/${0##*/}" "$here/deb-sources.sh") || return 1
    compiler=$("$CC_FOR" --version 2>&1 | head -n 1) || return 1
    printf '%s\n' "$scripts" "$versions" "$compiler" "$AR_FOR ${LEAN_HOST:-}" | sha256sum | cut -c1-16
}

cache_file() {
    cache=${DEPS_CACHE-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/cudnnv-deps}
    [ -n "$cache" ] && key=$(cache_key) && echo "$cache/${out##*/}-$key.tar"
}

# built_before NAME: 0 when this build was kept (and, unless only fetching, is unpacked into OUT).
built_before() {
    kept=$(cache_file) && [ -f "$kept" ] || return 1
    [ "$fetch_only" = 1 ] && return 0
    tar -C "$out" -m -xf "$kept" || return 1
    say "$1: unpacked what the same sources built before ($kept)"
}

# keep_built: OUT's lib/ and include/ into the cache (whole or not at all).
keep_built() {
    kept=$(cache_file) || return 0
    mkdir -p "${kept%/*}" && tar -C "$out" -cf "$kept.part" lib include && mv "$kept.part" "$kept" ||
        { rm -f "$kept.part"; echo "${0##*/}: cannot keep the libraries in ${kept%/*} (they are built, not kept)" >&2; }
}

