/*
 * Where this machine keeps the certificates https trusts (ca_bundle.c), for
 * libcurl and libgit2.
 */
#ifndef CUDNNV_CA_BUNDLE_H
#define CUDNNV_CA_BUNDLE_H

/* The CA bundle to trust: SSL_CERT_FILE when it names a regular file, else the first of the distributions' usual
 * bundles that exists here; NULL when there is none (the TLS library's own default stays). */
const char *ca_bundle_file(void);
/* A folder of hashed CA certificates: SSL_CERT_DIR when it names a folder, else NULL (the library's default stays). */
const char *ca_bundle_folder(void);

#endif
