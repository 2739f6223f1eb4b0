# Writes gelu_torch.bin, the PyTorch values gelu_test.go checks GELU and
# its gradient against (run with PyTorch 1.13: /usr/bin/python3
# gen_gelu_torch.py). The tests do not need torch.
#
# The file is six rows of n little-endian float32 values: x, an upstream
# gradient g, gelu(x), g times its gradient, and the same two for
# approximate="tanh". The inputs: a grid over [-10, 10] (the left tail,
# where 1 + erf(x/sqrt 2) cancels), normal samples, small values, and edge
# cases. They go through PyTorch as one contiguous tensor, as tensorlib
# hands them to it (PyTorch takes another kernel for a single element).
import struct

import torch

torch.manual_seed(17)
edges = [0.0, -0.0, 1e-30, -1e-30, 1e-40, -1e-40, 1.0, -1.0, 5.5, -5.5,
         -13.2, -13.3, -14.0, -20.0, 20.0, -100.0, 100.0, 1e10, -1e10,
         3e38, -3e38, float("inf"), float("-inf"), float("nan")]
x = torch.cat([
    torch.linspace(-10, 10, 2001),
    torch.randn(1000) * 3,
    torch.randn(200) * 1e-3,
    torch.tensor(edges),
]).to(torch.float32)
g = torch.randn(x.numel()) * 2

rows = [x, g]
for approximate in ("none", "tanh"):
    xr = x.clone().requires_grad_()
    y = torch.nn.functional.gelu(xr, approximate=approximate)
    y.backward(g)
    rows += [y.detach(), xr.grad]

with open("gelu_torch.bin", "wb") as f:
    for r in rows:
        f.write(struct.pack("<%df" % r.numel(), *r.tolist()))
print(x.numel(), "values")
