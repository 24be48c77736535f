/*
 * What an installed framework says of its own cuDNN, read from its files
 * (never by importing it): PyTorch's and JAX's wheels carry
 * "Requires-Dist: nvidia-cudnn-cuNN==9.19.0.56" (or a range) in their
 * dist-info METADATA; TensorFlow's build_info.py carries 'cudnn_version'.
 * The pins (versions/frameworks.ini) are the fallback when neither says.
 */
#ifndef CUDNNV_FRAMEWORK_METADATA_H
#define CUDNNV_FRAMEWORK_METADATA_H

#include <limits.h>
#include <stddef.h>

/* The cuDNN versions a framework accepts: at least `least`, below `below`. */
struct cudnn_requirement {
    char least[32];       /* "" when the framework does not say */
    char below[32];       /* exclusive upper bound; the next major when unsaid */
    char said[200];       /* where it says so, for messages */
};

struct installed_framework {
    const char *framework;   /* tensorflow, pytorch, jax or onnxruntime */
    char version[64];
    char where[PATH_MAX];    /* its site-packages folder */
    char cuda[24];           /* the CUDA its build names (TensorFlow's build_info cuda_version, a wheel's pin of
                                cuda-toolkit or nvidia-cuda-runtime), or "" */
    struct cudnn_requirement requirement;
};

int framework_requirement_from_metadata(const char *metadata, struct cudnn_requirement *requirement);
int framework_requirement_from_tf_build_info(const char *text, struct cudnn_requirement *requirement);
/* The CUDA release a wheel's METADATA pins (cuda-toolkit==13.0.2, nvidia-cuda-runtime-cu12==12.4.127), into cuda;
 * 1 when it names one. */
int framework_cuda_from_metadata(const char *metadata, char *cuda, size_t size);
/* TensorFlow's build_info cuda_version ('11.0'), into cuda; 1 when it names one. */
int framework_cuda_from_tf_build_info(const char *text, char *cuda, size_t size);
int framework_requirement_accepts(const struct cudnn_requirement *requirement, const char *cudnn_version);
enum { PYTHON_MISSING, PYTHON_ANSWERED, PYTHON_TIMED_OUT };
int installed_frameworks(struct installed_framework *found, int max, int *python);

#endif
