/*
 * A major no source names, whose first set of the default order cannot load
 * here and was passed over (loadable_set.c): doctor warns with it, versions
 * notes it.
 */
#ifndef CUDNNV_LOADABLE_SET_H
#define CUDNNV_LOADABLE_SET_H

#include "needs_judge.h"

#include "cudnnv_select.h"

#include <stddef.h>

/* What set NAME needs at load time and a program started here would not find ("libcublasLt.so.11"), or "". */
void passed_over_needs(const char *root, const char *name, char *out, size_t size);
/* The sentence for a choice whose passed_over is set: what was passed over, why, and what serves. */
void passed_over_text(const char *root, const struct cudnnv_choice *choice, int major, char *out, size_t size);
/* The same for every major of this place, each said as a note with the pin that makes the choice explicit. */
void note_passed_over(const char *root);

#endif
