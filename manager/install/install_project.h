/*
 * What 'cudnnv install' does once its options are read (install_project.c),
 * in the helper cudnnv-install: a SOURCE into the store; with none, what the
 * project's .cudnn-version pins, its sets and its CUDA runtime; with
 * --locked, exactly what its cudnn.lock names. The command only reads the
 * options and says each set installed (report).
 */
#ifndef CUDNNV_INSTALL_PROJECT_H
#define CUDNNV_INSTALL_PROJECT_H

#include "install_source.h"

/* Says one set installed: its line, and --json's object. */
typedef void (*install_report_fn)(const struct install_request *request, const struct resolved_archive *from,
                                  const struct install_result *result);

/* 0, or 1 (2: bad usage) after a message; a plan (--dry-run) or a set already there is 0. */
int install_perform(struct install_request *request, install_report_fn report);

#endif
