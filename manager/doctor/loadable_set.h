/*
 * When nothing pins a major and what serves it cannot load here, the set
 * that would (loadable_set.c): doctor warns with it, versions notes it.
 */
#ifndef CUDNNV_LOADABLE_SET_H
#define CUDNNV_LOADABLE_SET_H

#include "needs_judge.h"

#include "cudnnv_select.h"

/* Whether every need a set's libraries have at load time is met here (and they could be read). */
int set_loads_here(const struct set_judgement *judgement);

/* choice (of major) came from no pin (the set linked as system, or the newest installed) and cannot load here,
 * and another installed set of that major can: the newest such into best; 1 then, else 0. */
int loadable_instead(const char *root, const struct cudnnv_choice *choice, int major, cudnnv_name best);

/* The same for every major of this place, each said as a note with the pin that makes the loadable set serve. */
void note_loadable_instead(const char *root);

#endif
