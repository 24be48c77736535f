#!/bin/sh
# Builds the two libraries the tarball's helpers link statically instead of
# Debian's shared ones (make dist): libarchive, built for what cuDNN's
# archives, wheels, conda and Debian packages need (tar, zip, ar; gzip, xz,
# bzip2, zstd; the reading half only: no libxml2 and so no ICU, no xar, iso
# or rar), and libcurl for http, https and file alone (OpenSSL; no LDAP,
# RTMP, Kerberos, SSH, IDN or PSL). Debian's shared builds pull in 40 MB of
# libraries cudnnv never calls (libicudata alone is 31 MB). The sources are
# Debian's own (apt-get source, deb-sources.sh), with its security patches.
#
#   manager/packaging/lean-deps.sh OUT            (the Makefile runs it for 'make dist')
#   manager/packaging/lean-deps.sh --fetch OUT    only the sources, nothing built
#
# Writes OUT/lib/libarchive.a and OUT/lib/libcurl.a; the helpers link them
# with Debian's zlib, bzip2, xz, zstd and OpenSSL, which dist-bundle.sh
# carries as before. The headers stay Debian's (the same sources).
# For another machine (make dist-aarch64): LEAN_HOST (aarch64-linux-gnu), CC and
# AR name the cross tools, PKG_CONFIG_LIBDIR that machine's .pc files, and
# SOURCES_FROM a folder where the sources were fetched already.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/deb-sources.sh"
take_arguments "$@"
cd "$out/src"

PACKAGES="libarchive curl"
CC_FOR=${CC:-cc}
AR_FOR=${AR:-ar}
HOST_FLAG=${LEAN_HOST:+--host=$LEAN_HOST}

build_libarchive() {
    unpack libarchive
    say "configure libarchive (reading half)"
    (cd libarchive && CC=$CC_FOR ./configure -q $HOST_FLAG --disable-shared --enable-static --disable-bsdtar --disable-bsdcpio \
        --disable-bsdcat --disable-bsdunzip --with-zlib --with-bz2lib --with-lzma --with-zstd --without-lz4 \
        --without-libb2 --without-openssl --without-xml2 --without-expat --without-mbedtls --without-nettle \
        --without-cng --disable-acl --disable-xattr > configure.out 2>&1) ||
        { cat libarchive/configure.out >&2; exit 1; }
    # each compression's header and library (a header alone, as when only another machine's library is
    # installed, builds a libarchive that refuses those archives)
    for found in ZLIB_H LIBZ BZLIB_H LIBBZ2 LZMA_H LIBLZMA ZSTD_H LIBZSTD; do
        grep -q "^#define HAVE_$found 1" libarchive/config.h ||
            { echo "lean-deps.sh: libarchive's configure did not find $found (install its -dev package${LEAN_HOST:+ for $LEAN_HOST})" >&2; exit 1; }
    done
    say "compile libarchive (reading half)"
    compile libarchive "-DHAVE_CONFIG_H -Ilibarchive" $(libarchive_sources ar)
}

build_curl() {
    unpack curl
    say "configure libcurl (http, https, file)"
    (cd curl && CC=$CC_FOR ./configure -q $HOST_FLAG --disable-shared --enable-static --with-openssl --with-zlib \
        --with-ca-bundle=/etc/ssl/certs/ca-certificates.crt --with-ca-path=/etc/ssl/certs \
        --disable-ldap --disable-ldaps --disable-rtsp --disable-dict --disable-telnet --disable-tftp \
        --disable-pop3 --disable-imap --disable-smtp --disable-gopher --disable-mqtt --disable-smb \
        --disable-ftp --disable-manual --disable-ntlm --disable-kerberos-auth --disable-negotiate-auth \
        --without-librtmp --without-libssh2 --without-libssh --without-gssapi --without-libidn2 \
        --without-libpsl --without-brotli --without-zstd --without-nghttp2 --without-nghttp3 --without-ngtcp2 \
        > configure.out 2>&1) || { cat curl/configure.out >&2; exit 1; }
    say "compile libcurl"
    make -C curl/lib -j"$(nproc)" libcurl.la > curl/make.out 2>&1 || { tail -40 curl/make.out >&2; exit 1; }
    cp curl/lib/.libs/libcurl.a "$out/lib/"
}

! built_before "libarchive and libcurl${LEAN_HOST:+ for $LEAN_HOST}" || exit 0
fetch
[ "$fetch_only" = 0 ] || exit 0
# curl's configure and libarchive's keep a core each
build_curl &
curl=$!
build_libarchive
wait $curl
keep_built
