/*
 * cudnnv update from NVIDIA's redist manifests (catalog_redist.c).
 */
#ifndef CUDNNV_CATALOG_REDIST_H
#define CUDNNV_CATALOG_REDIST_H

#define CATALOG_REDIST_DEFAULT "https://developer.download.nvidia.com/compute/cudnn/redist/"

int catalog_redist_update(const char *root, const char *base_url);

#endif
