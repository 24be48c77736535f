"""PyTorch and JAX in one process, each running a convolution on the GPU (gpu_frameworks.sh); then the cuDNN and
CUDA libraries the process mapped, by path, and a pause for 'cudnnv ps' to look at it."""
import os, sys, time

import torch
import jax, jax.numpy as jnp

x = torch.randn(8, 3, 64, 64, device="cuda")
w = torch.randn(16, 3, 3, 3, device="cuda")
y = torch.nn.functional.conv2d(x, w)
a = torch.randn(64, 64, device="cuda", dtype=torch.float64)
b = torch.randn(64, 1, device="cuda", dtype=torch.float64)
s = torch.linalg.solve(a, b)
torch.cuda.synchronize()
print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version(), "conv", tuple(y.shape),
      "solve residual %.2e" % (a @ s - b).abs().max().item())
lhs = jnp.ones((8, 3, 64, 64), jnp.float32)
rhs = jnp.ones((16, 3, 3, 3), jnp.float32)
z = jax.lax.conv_general_dilated(lhs, rhs, (1, 1), "SAME")
z.block_until_ready()
print("jax", jax.__version__, jax.devices()[0].platform, "conv", z.shape, float(z[0, 0, 10, 10]))
names = ("libcudart", "libcublas", "libcufft", "libcusolver", "libcusparse", "libnvrtc", "libnvJitLink", "libcudnn")
seen = set()
for line in open("/proc/self/maps"):
    path = line.split()[-1] if len(line.split()) > 5 else ""
    if any(name in path for name in names) and path not in seen:
        seen.add(path)
        print("mapped", path)
sys.stdout.flush()
open(os.environ.get("READY", "/dev/null"), "w").close()
time.sleep(float(os.environ.get("PAUSE", "0")))
