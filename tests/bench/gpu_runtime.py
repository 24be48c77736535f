"""PyTorch's CUDA work in a project whose CUDA runtime cudnnv serves (gpu_runtime.sh):
a convolution, a solve and an FFT, then every CUDA library the process mapped, by path."""
import torch

x = torch.randn(8, 3, 64, 64, device="cuda")
w = torch.randn(16, 3, 3, 3, device="cuda")
y = torch.nn.functional.conv2d(x, w)
a = torch.randn(64, 64, device="cuda", dtype=torch.float64)
b = torch.randn(64, 1, device="cuda", dtype=torch.float64)
s = torch.linalg.solve(a, b)
f = torch.fft.fft(torch.randn(4096, device="cuda"))
torch.cuda.synchronize()
print("torch", torch.__version__, "cuda", torch.version.cuda, "cudnn", torch.backends.cudnn.version())
print("conv", tuple(y.shape), "solve residual %.2e" % (a @ s - b).abs().max().item(), "fft", tuple(f.shape))
names = ("libcudart", "libcublas", "libcufft", "libcurand", "libcusolver", "libcusparse", "libnvrtc", "libnvJitLink",
         "libcupti", "libcudnn")
seen = set()
with open("/proc/self/maps") as maps:
    for line in maps:
        path = line.split()[-1] if len(line.split()) > 5 else ""
        if any(name in path for name in names) and path not in seen:
            seen.add(path)
            print("mapped", path)
