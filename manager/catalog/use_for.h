/*
 * Choosing a set for a framework release (cudnnv use --for).
 */
#ifndef CUDNNV_USE_FOR_H
#define CUDNNV_USE_FOR_H

#include <stddef.h>

struct use_for_choice {
    char name[80];           /* what to write in .cudnn-version: "8.0" */
    const char *framework;   /* tensorflow, pytorch or jax */
    char version[64];        /* the framework's release */
    char cuda[24];           /* the CUDA it was built for, "" when unknown */
    int not_installed;       /* no installed set serves it yet: name is the release to install */
};

/* 0 with choice filled, or 1 (2 for usage) after a message. */
int use_for_framework(const char *request, struct use_for_choice *choice);

#endif
