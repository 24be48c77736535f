#!/bin/sh
# Builds the two libraries cudnnv.exe links statically, libarchive (reading
# NVIDIA's zips and wheels) and jansson (NVIDIA's manifests, package
# indexes), for mingw-w64. Debian ships no mingw-w64 builds of them, so they
# come from Debian's own source packages (with Debian's security patches),
# fetched with 'apt-get source'; zlib is Debian's libz-mingw-w64-dev.
#
#   manager/platform/win32-deps.sh OUT    (the Makefile runs it for 'make windows')
#
# Writes OUT/include and OUT/lib (libarchive.a, libjansson.a); the sources
# and builds stay in OUT/src. Only the reading half of libarchive is
# compiled (no writers, no disk reader, the tar and zip formats): what
# cudnnv.exe calls, in a third of the time the whole library takes.
set -eu

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

fetch() {
    ls libarchive_*.dsc jansson_*.dsc >/dev/null 2>&1 && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "win32-deps.sh: the Debian sources of libarchive and jansson are needed; run 'make windows' as root once (it runs apt-get source)" >&2
        exit 1
    fi
    apt-cache showsrc libarchive 2>/dev/null | grep -q '^Package:' || add_source_lines
    say "apt-get source libarchive jansson"
    apt-get source -qq --download-only libarchive jansson 2>&1 | grep -v 'unsandboxed as root' || true
    ls libarchive_*.dsc jansson_*.dsc >/dev/null
}

unpack() { # unpack PACKAGE: Debian's sources with Debian's patches applied, in PACKAGE/
    rm -rf "$1"
    dpkg-source --no-check -x "$(ls "$1"_*.dsc | tail -n 1)" "$1" >/dev/null
}

# The files of libarchive's reading half: everything but the writers, the
# disk reader, and the formats cudnnv never reads.
libarchive_sources() {
    for file in libarchive/libarchive/*.c; do
        case ${file##*/} in
        archive_write* | archive_read_disk* | archive_match.c) ;;
        archive_read_support_format_tar.c | archive_read_support_format_zip.c) echo "$file" ;;
        archive_read_support_format_*) ;;
        *) echo "$file" ;;
        esac
    done
}

build_libarchive() {
    unpack libarchive
    say "configure libarchive for $host"
    (cd libarchive && ./configure -q --host=$host --disable-shared --enable-static --disable-bsdtar \
        --disable-bsdcpio --disable-bsdcat --without-bz2lib --without-libb2 --without-iconv --without-lz4 \
        --without-zstd --without-lzma --without-cng --without-openssl --without-xml2 --without-expat \
        --without-mbedtls --without-nettle --disable-acl --disable-xattr > configure.out 2>&1) ||
        { cat libarchive/configure.out >&2; exit 1; }
    mkdir -p libarchive/obj
    say "compile libarchive (reading half)"
    libarchive_sources | xargs -P "$(nproc)" -n 1 sh -c \
        'exec '$host'-gcc -O2 -DHAVE_CONFIG_H -D__USE_MINGW_ANSI_STDIO -Ilibarchive -c "$1" -o "libarchive/obj/${1##*/}.o"' sh
    rm -f "$out/lib/libarchive.a"
    $host-ar rcs "$out/lib/libarchive.a" libarchive/obj/*.o
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
build_libarchive
build_jansson
