"""Reference values of nnlib's layers, computed by PyTorch.

Writes nnlib/testdata/layers_torch.safetensors. For each case NAME it holds
the layer's parameters and buffers before the call (NAME.param.<state-dict
name>), the inputs (NAME.in0, NAME.in1, ...; boolean masks as 0/1), the
outputs (NAME.out0, ...), the gradient given to each output (NAME.gy0, ...),
the gradients of the inputs (NAME.gin0, ...) and of the parameters
(NAME.grad.<name>), and for layers with running statistics the buffers after
the call (NAME.after.<name>). nnlib's layers_torch_test.go rebuilds each
layer, loads the parameters and compares. Run with Debian's python3-torch:
    /usr/bin/python3 scripts/torch_reference/layers.py
"""

import os

import torch
import torch.nn as nn

from common import save_safetensors

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "nnlib", "testdata", "layers_torch.safetensors")
data = {}


def flat(out):
    if isinstance(out, torch.Tensor) or out is None:
        return [out]
    res = []
    for o in out:
        res.extend(flat(o))
    return res


def case(name, module, inputs, call=None, train=True, randomize=True):
    """Run module on inputs (tensors, None, or ("mask", bool tensor)) and
    record everything. call(module, *tensors) makes the call when it needs
    keyword arguments."""
    torch.manual_seed(sum(name.encode()))
    module.train(train)
    if randomize:
        with torch.no_grad():
            for p in module.parameters():
                p.uniform_(-0.8, 0.8)
    for k, v in module.state_dict().items():
        data[f"{name}.param.{k}"] = v.clone().float()
    args = []
    for i, t in enumerate(inputs):
        if t is None:
            args.append(None)
            continue
        if isinstance(t, tuple):  # a mask or an index tensor: no gradient
            data[f"{name}.in{i}"] = t[1].float()
            args.append(t[1])
            continue
        t = t.clone().requires_grad_(True)
        data[f"{name}.in{i}"] = t
        args.append(t)
    out = call(module, *args) if call else module(*args)
    outs = flat(out)
    loss = 0
    for i, o in enumerate(outs):
        if o is None:
            continue
        gy = torch.randn(o.shape)
        data[f"{name}.out{i}"] = o
        data[f"{name}.gy{i}"] = gy
        loss = loss + (o * gy).sum()
    loss.backward()
    for i, t in enumerate(args):
        if isinstance(t, torch.Tensor) and t.requires_grad and t.grad is not None:
            data[f"{name}.gin{i}"] = t.grad
    for k, p in module.named_parameters():
        if p.grad is not None:
            data[f"{name}.grad.{k}"] = p.grad
    for k, b in module.named_buffers():
        data[f"{name}.after.{k}"] = b.float()


torch.manual_seed(0)
r = torch.randn

case("batchnorm1d_2d", nn.BatchNorm1d(4), [r(5, 4) * 2 + 1])
case("batchnorm1d_3d", nn.BatchNorm1d(3), [r(2, 3, 5)])
case("layernorm", nn.LayerNorm(6), [r(2, 3, 6) * 3])
case("layernorm_eps", nn.LayerNorm(5, eps=0.1, elementwise_affine=False), [r(4, 5)])
case("embedding", nn.Embedding(10, 4, padding_idx=1), [("index", torch.tensor([[1, 2, 3], [4, 1, 9]]))])
case("gelu", nn.GELU(), [r(3, 7) * 3])
case("gelu_tanh", nn.GELU("tanh"), [r(3, 7) * 3])
case("silu", nn.SiLU(), [r(3, 7) * 3])
case("adaptive_avg_pool_3x2", nn.AdaptiveAvgPool2d((3, 2)), [r(2, 3, 7, 5)])
case("adaptive_avg_pool_1", nn.AdaptiveAvgPool2d(1), [r(2, 3, 4, 4)])
case("conv_transpose", nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2), [r(2, 4, 5, 4)])
case("conv_transpose_dilation", nn.ConvTranspose2d(3, 2, 2, dilation=2, bias=False), [r(1, 3, 3, 3)])
case("upsample_nearest_scale", nn.Upsample(scale_factor=2), [r(1, 2, 3, 4)])
case("upsample_nearest_size", nn.Upsample(size=(7, 5)), [r(1, 2, 3, 4)])
case("upsample_bilinear_size", nn.Upsample(size=(7, 5), mode="bilinear"), [r(1, 2, 3, 4)])
case("upsample_bilinear_align", nn.Upsample(size=(7, 5), mode="bilinear", align_corners=True), [r(1, 2, 3, 4)])
case("upsample_bilinear_scale", nn.Upsample(scale_factor=2, mode="bilinear"), [r(2, 1, 3, 3)])

# Attention: E=8, 2 heads.
x = r(2, 5, 8)
kpm = torch.tensor([[False, False, False, True, True], [False, False, False, False, False]])
causal = torch.triu(torch.ones(5, 5, dtype=torch.bool), 1)
case("mha_self_masks", nn.MultiheadAttention(8, 2, batch_first=True),
     [x, x, x, ("mask", kpm), ("mask", causal)],
     call=lambda m, q, k, v, kp, am: m(q, k, v, key_padding_mask=kp, attn_mask=am))
case("mha_per_head", nn.MultiheadAttention(8, 2, batch_first=True),
     [r(2, 5, 8), r(2, 3, 8), r(2, 3, 8)],
     call=lambda m, q, k, v: m(q, k, v, average_attn_weights=False))
case("mha_seq_first_no_weights", nn.MultiheadAttention(8, 4),
     [r(5, 2, 8), r(3, 2, 8), r(3, 2, 8)],
     call=lambda m, q, k, v: m(q, k, v, need_weights=False))

case("encoder_relu_post", nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), [r(5, 2, 8), ("mask", causal)],
     call=lambda m, s, mask: m(s, src_mask=mask))
case("encoder_gelu_pre", nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=True, batch_first=True),
     [r(2, 5, 8), None, ("mask", kpm)],
     call=lambda m, s, mask, kp: m(s, src_key_padding_mask=kp))
case("decoder_post", nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, batch_first=True),
     [r(2, 5, 8), r(2, 4, 8), ("mask", causal)],
     call=lambda m, t, mem, mask: m(t, mem, tgt_mask=mask))
case("decoder_pre_gelu", nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=True),
     [r(5, 2, 8), r(4, 2, 8)])

case("lstm_2layer_bi", nn.LSTM(3, 4, num_layers=2, batch_first=True, bidirectional=True),
     [r(2, 5, 3), r(4, 2, 4), r(4, 2, 4)],
     call=lambda m, x, h, c: m(x, (h, c)))
case("lstm_1layer", nn.LSTM(3, 5), [r(4, 2, 3)])
case("gru_2layer", nn.GRU(3, 4, num_layers=2), [r(5, 2, 3)])
case("gru_bi_h0", nn.GRU(3, 4, bidirectional=True, batch_first=True), [r(2, 4, 3), r(2, 2, 4)])

save_safetensors(OUT, data)
print("wrote", os.path.normpath(OUT), len(data), "tensors")

# Printed forms, keyed by the Go expression that builds the same layer.
import json  # noqa: E402

reprs = {
    "BatchNorm1d(4)": nn.BatchNorm1d(4),
    "LayerNorm(8)": nn.LayerNorm(8),
    "LayerNorm(5, Eps(0.1), ElementwiseAffine(false))": nn.LayerNorm(5, eps=0.1, elementwise_affine=False),
    "Embedding(10, 3, PaddingIdx(0))": nn.Embedding(10, 3, padding_idx=0),
    "GELU()": nn.GELU(),
    "GELU(Approximate(tanh))": nn.GELU("tanh"),
    "SiLU()": nn.SiLU(),
    "AdaptiveAvgPool2d(1, 1)": nn.AdaptiveAvgPool2d((1, 1)),
    "AdaptiveAvgPool2d(2)": nn.AdaptiveAvgPool2d(2),
    "ConvTranspose2d(4, 2, 3, Stride(2), Padding(1), OutputPadding(1))": nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1),
    "Upsample(ScaleFactor(2))": nn.Upsample(scale_factor=2),
    "Upsample(Size(4), Mode(bilinear))": nn.Upsample(size=4, mode="bilinear"),
    "Upsample(Size(4, 5), Mode(bilinear), AlignCorners(true))": nn.Upsample(size=(4, 5), mode="bilinear", align_corners=True),
    "ModuleList(ReLU(), Tanh())": nn.ModuleList([nn.ReLU(), nn.Tanh()]),
    "MultiheadAttention(8, 2)": nn.MultiheadAttention(8, 2),
    "TransformerEncoderLayer(8, 2, DimFeedforward(16))": nn.TransformerEncoderLayer(8, 2, 16),
    "TransformerDecoderLayer(8, 2, DimFeedforward(16), Activation(gelu), NormFirst(true))": nn.TransformerDecoderLayer(8, 2, 16, activation="gelu", norm_first=True),
    "LSTM(4, 8, NumLayers(2), BatchFirst(true), Bidirectional(true))": nn.LSTM(4, 8, num_layers=2, batch_first=True, bidirectional=True),
    "LSTM(4, 8, Bias(false), DropoutP(0.5), NumLayers(2))": nn.LSTM(4, 8, bias=False, dropout=0.5, num_layers=2),
    "GRU(4, 8)": nn.GRU(4, 8),
}
REPR_OUT = os.path.join(os.path.dirname(OUT), "layers_repr.json")
with open(REPR_OUT, "w") as f:
    json.dump({k: repr(v) for k, v in reprs.items()}, f, indent=1, sort_keys=True)
print("wrote", os.path.normpath(REPR_OUT))
