#!/bin/sh
# Builds the libraries cudnnv.exe links statically, for mingw-w64:
# libarchive (reading NVIDIA's zips, wheels and conda packages) with the
# decompressors conda needs (zstd for .conda, bzip2 for .tar.bz2), and
# jansson (NVIDIA's manifests, package indexes, conda repodata). Debian ships
# no mingw-w64 builds of them, so they come from Debian's own source
# packages (with Debian's security patches), fetched with 'apt-get source';
# zlib is Debian's libz-mingw-w64-dev.
#
#   manager/platform/win32-deps.sh OUT            (the Makefile runs it for 'make windows')
#   manager/platform/win32-deps.sh --fetch OUT    only the sources (apt-get source), nothing built
#
# Writes OUT/include and OUT/lib (libarchive.a, libzstd.a, libbz2.a,
# libjansson.a); the sources and builds stay in OUT/src. Only the reading
# halves are compiled (libarchive without its writers, its disk reader and
# the formats cudnnv never reads; zstd's decompressor): what cudnnv.exe
# calls, in a third of the time the whole libraries take.
set -eu

fetch_only=0
if [ "$1" = --fetch ]; then
    fetch_only=1
    shift
fi
out=$1
host=x86_64-w64-mingw32
mkdir -p "$out/src" "$out/include" "$out/lib"
out=$(cd "$out" && pwd)
cd "$out/src"

say() { echo "  DEPS $*"; }

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

PACKAGES="libarchive jansson libzstd bzip2"

fetch() {
    missing=""
    for package in $PACKAGES; do
        ls "$package"_*.dsc >/dev/null 2>&1 || missing="$missing $package"
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "win32-deps.sh: the Debian sources of$missing are needed; run 'make windows' as root once (it runs apt-get source)" >&2
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
    echo "win32-deps.sh: cannot fetch the Debian source of $1 (above: apt's words)" >&2
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
        'exec '$host'-gcc -O2 '"$flags"' -c "$1" -o "obj-'$library'/${1##*/}.o"' sh
    rm -f "$out/lib/$library.a"
    $host-ar rcs "$out/lib/$library.a" "obj-$library"/*.o
}

build_bzip2() {
    unpack bzip2
    say "compile bzip2 for $host"
    compile libbz2 "" bzip2/blocksort.c bzip2/huffman.c bzip2/crctable.c bzip2/randtable.c bzip2/compress.c \
        bzip2/decompress.c bzip2/bzlib.c
    cp bzip2/bzlib.h "$out/include/"
}

build_zstd() {
    unpack libzstd
    say "compile zstd (decompressor) for $host"
    compile libzstd "-DZSTD_DISABLE_ASM -DZSTD_LEGACY_SUPPORT=0" libzstd/lib/common/*.c libzstd/lib/decompress/*.c
    cp libzstd/lib/zstd.h libzstd/lib/zstd_errors.h "$out/include/"
}

# The files of libarchive's reading half: everything but the writers, the
# disk reader, and the formats and compressions cudnnv never reads
# (archive_extract.c names the ones it does).
libarchive_sources() {
    for file in libarchive/libarchive/*.c; do
        case ${file##*/} in
        archive_write* | archive_read_disk* | archive_match.c) ;;
        archive_read_support_format_tar.c | archive_read_support_format_zip.c) echo "$file" ;;
        archive_read_support_format_*) ;;
        archive_read_support_filter_gzip.c | archive_read_support_filter_xz.c) echo "$file" ;;
        archive_read_support_filter_bzip2.c | archive_read_support_filter_zstd.c) echo "$file" ;;
        archive_read_support_filter_none.c | archive_read_support_filter_program.c) echo "$file" ;;
        archive_read_support_filter_*) ;;
        *) echo "$file" ;;
        esac
    done
}

build_libarchive() {
    unpack libarchive
    say "configure libarchive for $host"
    (cd libarchive && ./configure -q --host=$host --disable-shared --enable-static --disable-bsdtar \
        --disable-bsdcpio --disable-bsdcat --with-bz2lib --with-zstd --without-libb2 --without-iconv --without-lz4 \
        --without-lzma --without-cng --without-openssl --without-xml2 --without-expat \
        --without-mbedtls --without-nettle --disable-acl --disable-xattr \
        CPPFLAGS=-I../../include LDFLAGS=-L../../lib > configure.out 2>&1) ||
        { cat libarchive/configure.out >&2; exit 1; }
    grep -q '^#define HAVE_ZSTD_H 1' libarchive/config.h && grep -q '^#define HAVE_BZLIB_H 1' libarchive/config.h ||
        { echo "win32-deps.sh: libarchive's configure did not find zstd and bzip2 in $out" >&2; exit 1; }
    say "compile libarchive (reading half) for $host"
    compile libarchive "-DHAVE_CONFIG_H -D__USE_MINGW_ANSI_STDIO -Ilibarchive -I../include" $(libarchive_sources)
    cp libarchive/libarchive/archive.h libarchive/libarchive/archive_entry.h "$out/include/"
}

build_jansson() {
    unpack jansson
    say "build jansson for $host"
    rm -rf jansson-build && mkdir jansson-build
    (cd jansson-build && cmake ../jansson -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_C_COMPILER=$host-gcc \
        -DCMAKE_BUILD_TYPE=Release -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF \
        -DJANSSON_BUILD_SHARED_LIBS=OFF > cmake.out 2>&1 && make -j"$(nproc)" >> cmake.out 2>&1) ||
        { cat jansson-build/cmake.out >&2; exit 1; }
    cp jansson-build/lib/libjansson.a "$out/lib/"
    cp jansson-build/include/jansson.h jansson-build/include/jansson_config.h "$out/include/"
}

fetch
[ "$fetch_only" = 0 ] || exit 0
build_bzip2
build_zstd
# jansson builds beside libarchive's configure, which keeps one core busy
build_jansson &
jansson=$!
build_libarchive
wait $jansson
