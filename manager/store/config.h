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
    char cuda_redist[1024];         /* [catalog] cuda_redist: NVIDIA's CUDA redist address, for CUDA libraries */
    char cuda_apt[1024];            /* [catalog] cuda_apt: an apt repository of NVIDIA's CUDA packages, for runtimes */
    int cuda_libs_auto;             /* [install] cuda_libs = auto: install brings what a set lacks */
    char download_base[1024];       /* [download] base_url: overrides the catalog's addresses */
    char download_mirrors[4096];    /* [download] mirrors: ':'-separated folders holding archives */
    char index_url[1024];           /* [sources] index_url: a Python package index with NVIDIA's wheels */
    unsigned long long max_member_size; /* [install] max_member_size: bytes one archive member may hold */
    int install_libraries_only;            /* [install] runtime = true: sets keep only what programs load */
    long connect_timeout;           /* [download] connect_timeout: seconds to wait for a connection */
    long low_speed_limit;           /* [download] low_speed_limit: bytes per second below which... */
    long low_speed_time;            /* [download] low_speed_time: ...for this many seconds, a transfer stops */
    long long download_max_size;    /* [download] max_size: bytes a download may hold when its source names no size */
};

/* The defaults: a server that accepts and then stalls ends a download within a minute. */
#define CONFIG_CONNECT_TIMEOUT 30
#define CONFIG_LOW_SPEED_LIMIT 1024
#define CONFIG_LOW_SPEED_TIME 30

/* A download whose source announced no size stops here: the largest cuDNN archive is a few GiB. */
#define CONFIG_DOWNLOAD_MAX_SIZE (16LL << 30)

int config_read(const char *root, struct config *config);

#endif
