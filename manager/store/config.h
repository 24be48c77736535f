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

/*
 * The largest file an archive may unpack: NVIDIA's largest cuDNN file (a
 * static library) is a few hundred MiB, so 4 GiB leaves room for years and
 * stops a compressed bomb long before a disk fills.
 */
#define CONFIG_MAX_MEMBER_SIZE (4ULL << 30)

struct config {
    enum preload_mode preload;
    char catalog_remote[1024];      /* [catalog] remote: a git copy of the catalog */
    char catalog_redist[1024];      /* [catalog] redist: NVIDIA's redist address (another mirror of it) */
    char download_base[1024];       /* [download] base_url: overrides the catalog's addresses */
    char download_mirrors[4096];    /* [download] mirrors: ':'-separated folders holding archives */
    unsigned long long max_member_size; /* [install] max_member_size: bytes one archive member may hold */
};

int config_read(const char *root, struct config *config);

#endif
