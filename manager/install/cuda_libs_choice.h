/*
 * Choosing a set's CUDA libraries: each source of the install-source table that
 * gives them (the lock, the archives given, a conda channel, a Python index,
 * NVIDIA's CUDA redist) chooses their archives into one cuda_libs_choice;
 * cuda_libs.c then brings a choice the same way whatever chose it.
 */
#ifndef CUDNNV_COMPANIONS_H
#define CUDNNV_COMPANIONS_H

#include "cuda_libs.h"
#include "redist_manifest.h"

/* The archives chosen, one per component of the request, and what they are called in the store. */
struct cuda_libs_choice {
    char label[32];          /* cuda/LABEL: NVIDIA's CUDA release (11.6.2), or index-cuNN, channel-cuNN, local-cuNN */
    char source[1200];       /* where they were chosen: a manifest's address, an index, a channel, a file, the lock */
    struct redist_component component[CUDA_LIBS_MAX_COMPONENTS];
};

/*
 * Each chooser: from request (and what cuda/LABEL already holds, so that
 * replacing it keeps that), every component to bring into all and their
 * archives into chosen; 0, or 1 after a message.
 */
int cuda_libs_from_lock(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                         struct cuda_libs_choice *chosen);
int cuda_libs_from_given(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                          struct cuda_libs_choice *chosen);
int cuda_libs_from_channel(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                            struct cuda_libs_choice *chosen);
int cuda_libs_from_index(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                          struct cuda_libs_choice *chosen);
int cuda_libs_from_redist(const char *root, const struct cuda_libs_request *request, struct cuda_libs_request *all,
                           struct cuda_libs_choice *chosen);

/* cuda_libs_package.c: every component asked for, and those cuda/channel-cuNN (index-cuNN) holds already, from
 * the channel (else, channel NULL, the index): the newest package of each. */
int cuda_libs_from_packages(const char *root, const struct cuda_libs_request *request, const char *channel,
                            struct cuda_libs_request *all, struct cuda_libs_choice *chosen);

/* cuda_libs.c: adds to request the components root/cuda/LABEL holds already; 1 when any was added. */
int cuda_libs_keep_present(const char *root, const char *label, struct cuda_libs_request *request);

#endif
