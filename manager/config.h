/*
 * The store's settings file, $CUDNNV_ROOT/config (INI, read with inih).
 */
#ifndef CUDNNV_CONFIG_H
#define CUDNNV_CONFIG_H

enum preload_mode {
    PRELOAD_AUTO,     /* shims in LD_PRELOAD inside a pinned project (or a shell's choice) */
    PRELOAD_ALWAYS,   /* whenever a version is selected, global included */
    PRELOAD_NEVER
};

struct config {
    enum preload_mode preload;
};

int config_read(const char *root, struct config *config);

#endif
