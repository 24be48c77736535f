#!/bin/sh
# Builds the libraries cudnnv.exe links statically, for mingw-w64:
# libarchive (reading NVIDIA's zips, wheels and conda packages) with the
# decompressors conda needs (zstd for .conda, bzip2 for .tar.bz2), and
# jansson (NVIDIA's manifests, package indexes, conda repodata). Debian ships
# no mingw-w64 builds of them, so they come from Debian's own source
# packages (with Debian's security patches), fetched with 'apt-get source'
# (deb-sources.sh, shared with the tarball's lean-deps.sh);
# zlib is Debian's libz-mingw-w64-dev.
#
#   manager/packaging/win32-deps.sh OUT            (the Makefile runs it for 'make windows')
#   manager/packaging/win32-deps.sh --fetch OUT    only the sources (apt-get source), nothing built
#
# Writes OUT/include and OUT/lib (libarchive.a, libzstd.a, libbz2.a,
# libjansson.a); the sources and builds stay in OUT/src. Only the reading
# halves are compiled (libarchive without its writers, its disk reader and
# the formats cudnnv never reads; zstd's decompressor): what cudnnv.exe
# calls, in a third of the time the whole libraries take.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/deb-sources.sh"
take_arguments "$@"
host=x86_64-w64-mingw32
cd "$out/src"

PACKAGES="libarchive jansson libzstd bzip2"
CC_FOR=$host-gcc
AR_FOR=$host-ar

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

! built_before "libarchive, jansson, zstd and bzip2 for $host" || exit 0
fetch
[ "$fetch_only" = 0 ] || exit 0
build_bzip2
build_zstd
# jansson builds beside libarchive's configure, which keeps one core busy
build_jansson &
jansson=$!
build_libarchive
wait $jansson
keep_built
