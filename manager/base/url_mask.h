/*
 * Credentials in addresses are never shown or written (url_mask.c): an index
 * address from PIP_INDEX_URL may carry a token ("https://__token__:SECRET@host/",
 * or the token alone, "https://TOKEN@host"), and every message, listing,
 * record or lock that holds an address holds "****" where its user part was.
 */
#ifndef CUDNNV_URL_MASK_H
#define CUDNNV_URL_MASK_H

/* Replaces, in place, the user part of every "scheme://USER[:PASSWORD]@" in text with "****" (a shorter one with
 * as many '*'), so the text never grows. */
void url_mask_passwords(char *text);

#endif
