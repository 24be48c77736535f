/*
 * Passwords in addresses are never shown (url_mask.c): an index address
 * from PIP_INDEX_URL may carry a token ("https://__token__:SECRET@host/"),
 * and every message or listing that prints an address shows it as pip does,
 * "https://__token__:****@host/".
 */
#ifndef CUDNNV_URL_MASK_H
#define CUDNNV_URL_MASK_H

/* Replaces, in place, the password of every "scheme://user:password@" in text with "****". */
void url_mask_passwords(char *text);

#endif
