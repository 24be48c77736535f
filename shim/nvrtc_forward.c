/*
 * The forwarder behind cuDNN 8's dlopen("libnvrtc.so"): NVIDIA's NVRTC
 * carries a versioned soname (libnvrtc.so.11.2, libnvrtc.so.12), so the
 * unversioned name matches no loaded library and the loader would search its
 * path for it. This library defines nothing: its soname is "libnvrtc.so" and
 * its one DT_NEEDED entry is NVRTC's real soname, so dlsym() through it finds
 * NVRTC's functions in that dependency. The Makefile links one per NVRTC
 * soname; 'cudnnv install --with-cuda-libs' puts the matching one into a
 * CUDA library folder under the name libnvrtc.so.
 */
typedef int cudnnv_nvrtc_forwarder;
