"""Reference data for the models package, computed by PyTorch/torchvision.

Writes into models/testdata:
  names.json           state-dict names and shapes of torchvision's resnet18,
                       resnet34, vgg11 and mobilenet_v2 at full size;
  reprs.json           the printed form of small ones;
  NAME.safetensors     a model's state dict, as safetensors.torch.save_file
                       writes it (num_batches_tracked as I64), and
  NAME.ref.safetensors its reference values:
  resnet18_w8          a resnet18 of width 8 with the 32x32 stem, in
                       training mode: input (x), every
                       module's output per call (act.<path>.<call>), the
                       output gradient used (gy), the input gradient (gx),
                       the gradients of some parameters (grad.*) and the
                       running statistics after the call (after.*);
  mobilenet_v2_w025    the same for torchvision's mobilenet_v2
                       with width_mult 0.25 in evaluation mode (random running
                       statistics), on 16x16 input;
  vgg11_w4             the same for torchvision's vgg11 at width 4 (hidden
                       16, 1x1 pooling) in evaluation mode, on 32x32 input;
  gpt                  the same for a small GPT on token ids (no input
                       gradient: grad.* of every parameter instead).
Run with Debian's python3-torch and python3-torchvision:
    /usr/bin/python3 scripts/torch_reference/models.py
"""

import json
import os

import torch
import torch.nn as nn
import torchvision
from torchvision.models.resnet import BasicBlock, conv1x1

from common import save_safetensors

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "models", "testdata")


def names(model):
    return [[k, list(v.shape)] for k, v in model.state_dict().items()]


class ResNet(nn.Module):
    """torchvision's ResNet with a width parameter and the 3x3 stem; the
    attribute names are torchvision's, which main() checks."""

    def __init__(self, layers, width=64, num_classes=1000, small_input=False):
        super().__init__()
        self.inplanes = width
        if small_input:
            self.conv1 = nn.Conv2d(3, width, 3, 1, 1, bias=False)
        else:
            self.conv1 = nn.Conv2d(3, width, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.Identity() if small_input else nn.MaxPool2d(3, 2, 1)
        self.layer1 = self._make_layer(width, layers[0], 1)
        self.layer2 = self._make_layer(width * 2, layers[1], 2)
        self.layer3 = self._make_layer(width * 4, layers[2], 2)
        self.layer4 = self._make_layer(width * 8, layers[3], 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(width * 8, num_classes)

    def _make_layer(self, planes, blocks, stride):
        downsample = None
        if stride != 1 or self.inplanes != planes:
            downsample = nn.Sequential(conv1x1(self.inplanes, planes, stride), nn.BatchNorm2d(planes))
        layers = [BasicBlock(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes
        layers += [BasicBlock(planes, planes) for _ in range(1, blocks)]
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        t = x.shape[1]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab, context, d, heads, layers):
        super().__init__()
        self.tok_emb = nn.Embedding(vocab, d)
        self.pos_emb = nn.Embedding(context, d)
        self.blocks = nn.ModuleList([Block(d, heads) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.unembed = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.tok_emb(idx) + self.pos_emb(torch.arange(idx.shape[1]))
        for b in self.blocks:
            x = b(x)
        return self.unembed(self.ln_f(x))


def vgg_small(w=8, hidden=32):
    """torchvision's vgg11 at width w with the given hidden width and a 1x1
    avgpool, built by torchvision's own make_layers."""
    from torchvision.models.vgg import VGG, make_layers
    cfg = [w, "M", 2 * w, "M", 4 * w, 4 * w, "M", 8 * w, 8 * w, "M", 8 * w, 8 * w, "M"]
    m = VGG(make_layers(cfg), num_classes=10)
    m.avgpool = nn.AdaptiveAvgPool2d((1, 1))
    m.classifier = nn.Sequential(nn.Linear(8 * w, hidden), nn.ReLU(True), nn.Dropout(), nn.Linear(hidden, hidden),
                                 nn.ReLU(True), nn.Dropout(), nn.Linear(hidden, 10))
    return m


def record(model, x, grad_names, path, input_grad=True):
    """Save model's state dict to path as safetensors.torch.save_file
    would, and the reference values to path with ".ref" before the
    extension."""
    save_safetensors(path, {k: v.clone() for k, v in model.state_dict().items()}, keep_int64=True)
    path = path.replace(".safetensors", ".ref.safetensors")
    data = {}
    calls = {}

    def hook(name):
        def fn(mod, inp, out):
            if isinstance(out, tuple):
                out = out[0]
            k = calls.get(name, 0)
            calls[name] = k + 1
            data[f"act.{name}.{k}"] = out.detach().clone()
        return fn

    for name, mod in model.named_modules():
        mod.register_forward_hook(hook(name))
    if input_grad:
        x = x.clone().requires_grad_(True)
    data["x"] = x.float()
    out = model(x)
    gy = torch.randn(out.shape)
    data["gy"] = gy
    (out * gy).sum().backward()
    if input_grad:
        data["gx"] = x.grad
    for k, p in model.named_parameters():
        if grad_names is None or k in grad_names:
            data[f"grad.{k}"] = p.grad
    for k, b in model.named_buffers():
        if "layer4" in k or k.startswith("bn1") or k.startswith("features.1."):
            data[f"after.{k}"] = b.float()
    save_safetensors(path, data)
    print("wrote", os.path.normpath(path), len(data), "tensors", os.path.getsize(path), "bytes")


def main():
    tv = torchvision.models
    full = {"resnet18": tv.resnet18(), "resnet34": tv.resnet34(), "vgg11": tv.vgg11(), "mobilenet_v2": tv.mobilenet_v2()}
    # The width-parameterised builder has torchvision's names and shapes.
    assert names(ResNet([2, 2, 2, 2])) == names(full["resnet18"])
    assert names(ResNet([3, 4, 6, 3])) == names(full["resnet34"])
    with open(os.path.join(OUT, "names.json"), "w") as f:
        json.dump({k: names(v) for k, v in full.items()}, f, separators=(",", ":"))
    # Printed forms of small models (gohooks has no in-place ReLU, so the
    # test drops "inplace=True").
    reprs = {
        "resnet18_w8_small": repr(ResNet([2, 2, 2, 2], width=8, num_classes=10, small_input=True)),
        "mobilenet_v2_w025": repr(tv.mobilenet_v2(width_mult=0.25, num_classes=10)),
        "vgg11_w8": repr(vgg_small()),
    }
    with open(os.path.join(OUT, "reprs.json"), "w") as f:
        json.dump(reprs, f, indent=1)

    torch.manual_seed(1)
    resnet = ResNet([2, 2, 2, 2], width=8, num_classes=10, small_input=True)
    with torch.no_grad():  # make BatchNorm's affine parameters non-trivial
        for mod in resnet.modules():
            if isinstance(mod, nn.BatchNorm2d):
                mod.weight.uniform_(0.5, 1.5)
                mod.bias.uniform_(-0.2, 0.2)
    record(resnet.train(), torch.randn(2, 3, 16, 16),
           {"conv1.weight", "bn1.weight", "layer1.0.conv1.weight", "layer3.0.downsample.0.weight", "layer4.1.bn2.bias", "fc.weight", "fc.bias"},
           os.path.join(OUT, "resnet18_w8.safetensors"))

    torch.manual_seed(4)
    mobilenet = tv.mobilenet_v2(width_mult=0.25, num_classes=10)
    with torch.no_grad():
        for mod in mobilenet.modules():
            if isinstance(mod, nn.BatchNorm2d):
                mod.weight.uniform_(0.5, 1.5)
                mod.bias.uniform_(-0.2, 0.2)
                mod.running_mean.uniform_(-0.1, 0.1)
                mod.running_var.uniform_(0.5, 2.0)
    # Evaluation mode: at 1x1 resolution, batch statistics of two samples
    # would make the check ill-conditioned; ResNet covers training mode.
    record(mobilenet.eval(), torch.randn(2, 3, 16, 16),
           {"features.0.0.weight", "features.2.conv.1.0.weight", "features.17.conv.2.weight", "classifier.1.weight"},
           os.path.join(OUT, "mobilenet_v2_w025.safetensors"))

    torch.manual_seed(5)
    vgg = vgg_small(4, 16)
    with torch.no_grad():  # torchvision starts biases at zero
        for k, p in vgg.named_parameters():
            if k.endswith("bias"):
                p.uniform_(-0.1, 0.1)
    record(vgg.eval(), torch.randn(2, 3, 32, 32), None, os.path.join(OUT, "vgg11_w4.safetensors"))

    torch.manual_seed(2)
    gpt = GPT(vocab=16, context=8, d=16, heads=2, layers=2)
    with torch.no_grad():  # MultiheadAttention's biases start at zero
        for k, p in gpt.named_parameters():
            if k.endswith("bias") or ".ln" in k or "ln_f" in k:
                p.uniform_(-0.3, 0.3)
    idx = torch.randint(0, 16, (2, 7))
    record(gpt, idx, None, os.path.join(OUT, "gpt.safetensors"), input_grad=False)


main()
