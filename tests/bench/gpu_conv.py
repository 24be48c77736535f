# GPU check for the shim: a real framework (PyTorch) runs a convolution
# through cuDNN; prints the cuDNN version it sees, the mean time of 100
# convolutions after a warm-up, and every cuDNN file the process mapped.
import time

import torch

x = torch.randn(64, 32, 56, 56, device="cuda")
conv = torch.nn.Conv2d(32, 64, 3, padding=1).cuda()
torch.backends.cudnn.benchmark = False
with torch.no_grad():
    for _ in range(10):
        y = conv(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(100):
        y = conv(x)
    torch.cuda.synchronize()
    elapsed = (time.perf_counter() - start) / 100
print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version(),
      "device", torch.cuda.get_device_name(0))
print("conv 64x32x56x56 * 64x3x3: mean %.3f ms, output sum %.4f" % (elapsed * 1000, y.float().sum().item()))
seen = []
with open("/proc/self/maps") as maps:
    for line in maps:
        path = line.split()[-1]
        if "libcudnn" in path and path not in seen:
            seen.append(path)
for path in seen:
    print("map", path)
# GPU_HOLD=SECONDS: stay alive that long after the convolution (for 'cudnnv ps').
import os
time.sleep(float(os.environ.get("GPU_HOLD", "0")))
