/*
 * A libcurl knows the CA bundle of the system it was built on: Debian's
 * /etc/ssl/certs/ca-certificates.crt, for the system's libcurl and for the
 * one the tarball carries. The tarball runs on any glibc system, and on
 * Fedora, RHEL or SUSE that file does not exist: every https download
 * would fail its certificate check. So cudnnv names the bundle itself:
 * OpenSSL's variables when set (SSL_CERT_FILE, SSL_CERT_DIR), else the
 * first of the usual places that holds one.
 */
#include "ca_bundle.h"

#include "fsutil.h"

#include <stddef.h>
#include <stdlib.h>

static const char *const usual_bundles[] = {
    "/etc/ssl/certs/ca-certificates.crt",                /* Debian, Ubuntu, Arch, Gentoo */
    "/etc/pki/tls/certs/ca-bundle.crt",                  /* Fedora, RHEL, CentOS, Rocky, Alma */
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", /* RHEL 7 on, its source */
    "/etc/ssl/ca-bundle.pem",                            /* openSUSE, SLES */
    "/etc/ssl/cert.pem",                                 /* Alpine, Void */
};

static const char *named_by(const char *variable)
{
    const char *value = getenv(variable);
    return value != NULL && value[0] != '\0' ? value : NULL;
}

/* SSL_CERT_FILE is taken only when it names a regular file (a FIFO there would hold the TLS library's read
 * forever); otherwise the usual places are looked at, as when it is unset. */
const char *ca_bundle_file(void)
{
    const char *named = named_by("SSL_CERT_FILE");
    if (named != NULL && is_regular_file(named))
        return named;
    for (size_t i = 0; i < sizeof usual_bundles / sizeof usual_bundles[0]; i++) {
        if (is_regular_file(usual_bundles[i]))
            return usual_bundles[i];
    }
    return NULL;
}

const char *ca_bundle_folder(void)
{
    const char *named = named_by("SSL_CERT_DIR");
    return named != NULL && is_directory(named) ? named : NULL;
}
