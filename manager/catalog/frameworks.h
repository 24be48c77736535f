/*
 * Framework pins (versions/frameworks.ini): the cuDNN a TensorFlow or
 * PyTorch release was built with, and the rule that an installed set serves
 * it when it has the same major and at least that minor.
 */
#ifndef CUDNNV_FRAMEWORKS_H
#define CUDNNV_FRAMEWORKS_H

struct framework_pin {
    char framework[16];   /* tensorflow or pytorch */
    char version[32];
    char platform[16];
    char cuda[24];
    char cudnn[32];
};

struct framework_pins {
    struct framework_pin *pins;
    int count;
};

int frameworks_load(struct framework_pins *pins);
void frameworks_free(struct framework_pins *pins);
const char *framework_canonical_name(const char *name);
int framework_pin_matches(const struct framework_pin *pin, const char *framework, const char *version,
                          const char *platform);
int framework_accepts(const struct framework_pin *pin, const char *cudnn_version);

#endif
