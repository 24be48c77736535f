/*
 * The helper programs cudnnv starts from its own lib/cudnnv (the parts that
 * link libarchive, libcurl and libelf, kept out of the program a prompt
 * runs), and the words that ask them for work other than their command's.
 * Both sides, the one that starts a helper and the helper's main, spell
 * them from here.
 */
#ifndef CUDNNV_HELPER_NAMES_H
#define CUDNNV_HELPER_NAMES_H

#define HELPER_INSTALL "cudnnv-install"   /* install; mirror; what a folder's libraries need */
#define HELPER_UPDATE "cudnnv-update"     /* update */

/* cudnnv-install --mirror ARGS...: 'cudnnv mirror ARGS...' */
#define HELPER_MIRROR "--mirror"
/* cudnnv-install --needs-of DIR: one "NAME NEEDED_BY" line per library DIR's libraries need (and "runpath R") */
#define HELPER_NEEDS_OF "--needs-of"

#endif
