/*
 * The manager's side of selection: it captures where the selection looks
 * (store, CUDNNV_VERSION, working directory) and reports failures with the
 * shared wording. The rules themselves live in shim/select.c.
 */
#ifndef CUDNNV_SELECTION_H
#define CUDNNV_SELECTION_H

#include "cudnnv_select.h"

void selection_where(struct cudnnv_where *where);
int selection_report(enum cudnnv_status status, const struct cudnnv_choice *choice, int major);
void selection_origin_text(const struct cudnnv_choice *choice, char *out, size_t size);
int selection_require_installed(const char *root, const char *requested, cudnnv_name resolved);
int selection_set_trusted(const char *root, const char *name, char *why, size_t size);

#endif
