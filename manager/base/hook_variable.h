/*
 * The one environment variable the shell hook exports (its state between
 * prompts, shell/hook_state.c): its name, here below both the hook and the
 * doctor, which reads it to tell a shell whose hook has not yet run since a
 * set was selected from a shell that has no hook at all.
 */
#ifndef CUDNNV_HOOK_VARIABLE_H
#define CUDNNV_HOOK_VARIABLE_H

#define HOOK_STATE_VARIABLE "__CUDNNV_STATE"

#endif
