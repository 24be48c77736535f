/*
 * Framework pins (versions/frameworks.ini): the cuDNN and CUDA each release
 * of TensorFlow, PyTorch, JAX and ONNX Runtime was built with, one section
 * a build; and each framework's own rule for what it loads (the table in
 * frameworks.c, one row a framework: its names, its cuDNN and CUDA rules
 * with their sources), which use --for, doctor, help and completion read.
 */
#ifndef CUDNNV_FRAMEWORKS_H
#define CUDNNV_FRAMEWORKS_H

struct framework_pin {
    char framework[16];   /* tensorflow, pytorch, jax, onnxruntime */
    char version[32];
    char last[32];        /* a range's last release ("*": every later one), "" for one release */
    char platform[16];
    char cuda[24];
    char cudnn[32];
    char cudnn_below[32];   /* the first cuDNN it refuses, "" for the next major */
    char cuda_accepts[64];  /* the CUDA runtimes it loads with (PEP 440), "" for its framework's rule */
};

struct framework_pins {
    struct framework_pin *pins;
    int count;
};

/* One framework: the names it is asked for by, where its wheel's dist-info is, and its load-time rules. */
struct framework_rule {
    const char *name;              /* canonical: "pytorch" */
    const char *aliases;           /* ' '-separated other names: "torch" */
    const char *dist_info;         /* ' '-separated dist-info prefixes in site-packages: "torch-" */
    const char *cudnn_rule;        /* the rule, as said: "same major, runtime minor at least the compile minor" */
    const char *cudnn_source;      /* where the framework says it */
    int cuda_exact;                /* it loads only its build's CUDA release; else that major, from its build on */
    const char *cuda_rule;
};

int frameworks_load(struct framework_pins *pins);
void frameworks_free(struct framework_pins *pins);
/* Every framework cudnnv knows, in a fixed order; count gets how many. */
const struct framework_rule *framework_rules(int *count);
/* The rule of a framework named name (canonical or an alias), else NULL. */
const struct framework_rule *framework_rule_of(const char *name);
const char *framework_canonical_name(const char *name);
int framework_pin_matches(const struct framework_pin *pin, const char *framework, const char *version,
                          const char *platform);
int framework_accepts(const struct framework_pin *pin, const char *cudnn_version);
/* The CUDA runtimes a build of framework for CUDA release cuda loads with, as a PEP 440 specifier: the pin's own
 * cuda_accepts, else the framework's rule ("==12.4.*", ">=11.2,<12"); "" when cuda is not a release. */
void framework_cuda_accepts(const char *framework, const char *cuda, const char *own, char *out, int size);

#endif
