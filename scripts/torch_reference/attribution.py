"""Reference Grad-CAM and integrated gradients, computed with PyTorch.

Writes hooks/testdata/attribution.safetensors for a small CNN,
Sequential(Conv2d(3, 4, 3, padding=1), ReLU(), Conv2d(4, 6, 3, padding=1),
ReLU(), AdaptiveAvgPool2d(1), Flatten(), Linear(6, 5)): its weights
(param.*), an input x [2, 3, 8, 8], Grad-CAM of class 3 at module "2"
(gradcam) and integrated gradients of class 1 from a zero baseline with 16
Gauss-Legendre steps (ig), as Captum computes them. Run with Debian's
python3-torch:
    /usr/bin/python3 scripts/torch_reference/attribution.py
"""

import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from common import save_safetensors

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "hooks", "testdata", "attribution.safetensors")

torch.manual_seed(3)
model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 6, 3, padding=1), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(6, 5)).eval()
x = torch.randn(2, 3, 8, 8)

# Grad-CAM at module "2" for class 3.
acts = {}
h = model[2].register_forward_hook(lambda m, i, o: acts.update(a=o))
out = model(x)
a = acts["a"]
g, = torch.autograd.grad(out[:, 3].sum(), a)
h.remove()
w = g.mean(dim=(2, 3), keepdim=True)
cam = F.relu((w * a).sum(1, keepdim=True))
cam = F.interpolate(cam, size=x.shape[2:], mode="bilinear", align_corners=False)[:, 0]
cam = cam / cam.flatten(1).max(1).values.clamp(min=1e-30)[:, None, None]

# Integrated gradients, Captum's gausslegendre rule.
nodes, weights = np.polynomial.legendre.leggauss(16)
alphas = 0.5 * (1 + nodes)
steps = 0.5 * weights
total = torch.zeros_like(x, dtype=torch.float64)
for al, st in zip(alphas, steps):
    xi = (float(al) * x).requires_grad_(True)
    gi, = torch.autograd.grad(model(xi)[:, 1].sum(), xi)
    total += float(st) * gi.double()
ig = (total * x.double()).float()

data = {f"param.{k}": v for k, v in model.state_dict().items()}
data.update(x=x, gradcam=cam.detach(), ig=ig, out=out.detach())
save_safetensors(OUT, data)
print("wrote", os.path.normpath(OUT))
