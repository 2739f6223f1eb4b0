# Generates network_torch.json, the PyTorch reference values for the tests of
# Conv2d, MaxPool2d, AvgPool2d, BatchNorm, LayerNorm, Linear, Pad, the
# resampling ops (adaptive average pooling, nearest and bilinear upsampling),
# Permute, Cat, Index and batched MatMul. The tests do not
# need PyTorch; this script documents where the numbers come from. Run with
# PyTorch 1.13 (Debian python3-torch):
#
#	/usr/bin/python3 testdata/gen_network_torch.py > testdata/network_torch.json
#
# Inputs are wave(phase, shape): element i is float32(sin(0.7*i + phase)),
# which the Go tests build the same way. Every backward pass uses the output
# gradient wave(1.3, y.shape).
import json, math
import torch
import torch.nn.functional as F


def wave(phase, *shape):
    n = math.prod(shape)
    return torch.tensor([math.sin(0.7 * i + phase) for i in range(n)], dtype=torch.float32).reshape(shape)


def leaf(t):
    return t.clone().requires_grad_(True)


def flat(t):
    # Nine significant digits identify a float32 exactly.
    return [float("%.9g" % v) for v in t.detach().reshape(-1).tolist()]


out = {}

# name, x shape, w shape, bias?, stride, padding, dilation, groups
convs = [
    ("basic", (2, 3, 5, 6), (4, 3, 3, 3), True, (1, 1), (0, 0), (1, 1), 1),
    ("stride_pad", (2, 3, 7, 6), (4, 3, 3, 2), True, (2, 3), (1, 2), (1, 1), 1),
    ("dilation", (1, 2, 7, 7), (3, 2, 3, 3), True, (1, 1), (2, 1), (2, 1), 1),
    ("groups", (2, 4, 5, 5), (6, 2, 3, 3), False, (2, 2), (1, 1), (1, 1), 2),
    ("pointwise", (2, 4, 3, 3), (6, 2, 1, 1), True, (1, 1), (0, 0), (1, 1), 2),
    ("depthwise", (1, 3, 4, 4), (3, 1, 2, 2), True, (1, 2), (1, 1), (2, 2), 3),
    ("same", (2, 2, 5, 4), (3, 2, 3, 3), True, (1, 1), (1, 1), (1, 1), 1),
    ("same_tall_pad", (1, 2, 4, 3), (2, 2, 1, 3), False, (1, 1), (1, 1), (1, 1), 1),
    ("everything", (2, 4, 9, 8), (4, 2, 3, 2), True, (2, 3), (2, 1), (2, 3), 2),
    # Several samples in one block of columns, odd sizes, stride 2.
    ("block_stride2", (5, 3, 9, 7), (4, 3, 3, 3), True, (2, 2), (1, 1), (1, 1), 1),
    ("pointwise_stride2", (3, 4, 7, 5), (6, 4, 1, 1), False, (2, 2), (0, 0), (1, 1), 1),
    ("groups_block", (3, 4, 6, 6), (4, 2, 3, 3), True, (1, 1), (0, 0), (1, 1), 2),
    # 128 output channels: the weight gradient is summed untransposed.
    ("many_channels", (2, 1, 3, 3), (128, 1, 2, 2), True, (1, 1), (0, 0), (1, 1), 1),
    # One sample: its 1×1 convolution multiplies the input planes as they are.
    ("pointwise_one_sample", (1, 4, 5, 3), (6, 2, 1, 1), True, (1, 1), (0, 0), (1, 1), 2),
]
for name, xs, ws, has_b, s, p, d, g in convs:
    x, w = leaf(wave(0.1, *xs)), leaf(wave(0.2, *ws) * 0.5)
    b = leaf(wave(0.3, ws[0])) if has_b else None
    y = F.conv2d(x, w, b, stride=s, padding=p, dilation=d, groups=g)
    y.backward(wave(1.3, *y.shape))
    out["conv_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad), "gw": flat(w.grad),
                           "gb": flat(b.grad) if has_b else []}

# name, x shape, kernel, stride, padding, ties (round the input to create equal values)
pools = [
    ("k2", (2, 3, 6, 6), (2, 2), None, (0, 0), False),
    ("k3s2p1", (2, 2, 7, 6), (3, 3), (2, 2), (1, 1), False),
    ("k32s12p10", (1, 2, 5, 6), (3, 2), (1, 2), (1, 0), False),
    ("overlap_ties", (1, 2, 5, 5), (3, 3), (1, 1), (1, 1), True),
    ("unbatched", (2, 5, 4), (2, 2), (1, 1), (0, 1), False),
    # Odd planes, padding on both edges, kernels larger than the stride.
    ("k3s2p1_odd", (2, 3, 9, 11), (3, 3), (2, 2), (1, 1), False),
    ("k5s3p2", (1, 2, 11, 8), (5, 5), (3, 3), (2, 2), False),
    ("k3s1p1", (2, 2, 6, 7), (3, 3), (1, 1), (1, 1), False),
    ("k4s2p1_ties", (1, 2, 9, 9), (4, 4), (2, 2), (1, 1), True),
    ("k1s2", (1, 2, 5, 6), (1, 1), (2, 2), (0, 0), False),
    ("k2s2_odd", (2, 2, 7, 5), (2, 2), None, (0, 0), False),
]
for name, xs, k, s, p, ties in pools:
    base = wave(0.4, *xs)
    if ties:
        base = torch.round(base * 2)
    for op, fn in (("max", F.max_pool2d), ("avg", F.avg_pool2d)):
        x = leaf(base)
        y = fn(x, k, s, p)
        y.backward(wave(1.3, *y.shape))
        out[op + "pool_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}

# name, x shape, weight?, bias?, training, momentum, eps
norms = [
    ("train_2d", (4, 3), True, True, True, 0.1, 1e-5),
    ("train_4d", (2, 3, 2, 3), True, True, True, 0.1, 1e-5),
    ("train_plain", (3, 2, 2, 2), False, False, True, 0.3, 1e-3),
    ("eval_4d", (2, 3, 2, 2), True, True, False, 0.1, 1e-5),
    ("train_planes_of_15", (3, 2, 3, 5), True, True, True, 0.1, 1e-5),
    ("eval_planes_of_15", (2, 2, 5, 3), True, False, False, 0.1, 1e-5),
]
for name, xs, has_w, has_b, training, mom, eps in norms:
    c = xs[1]
    x = leaf(wave(0.5, *xs) * 2 + 0.5)
    w = leaf(wave(0.6, c) + 1.5) if has_w else None
    b = leaf(wave(0.7, c)) if has_b else None
    rm, rv = wave(0.8, c) * 0.5, wave(0.9, c) * 0.5 + 1
    y = F.batch_norm(x, rm, rv, w, b, training, mom, eps)
    y.backward(wave(1.3, *y.shape))
    out["batchnorm_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad),
                                "gw": flat(w.grad) if has_w else [], "gb": flat(b.grad) if has_b else [],
                                "running_mean": flat(rm), "running_var": flat(rv)}

# name, x shape, normalized shape, weight?, bias?, eps, scale, shift:
# x = wave(0.5)*scale + shift. Rows of 1, 8 (one vector step), 13 (a step
# and a tail), 2x5, and 517 around 4; "nonfinite" puts +Inf, NaN and -Inf
# in three of its rows and a constant in the fourth.
layernorms = [
    ("d1", (3, 1), (1,), True, True, 1e-5, 2, 0.5),
    ("d8", (4, 8), (8,), True, True, 1e-5, 2, 0.5),
    ("d13", (2, 3, 13), (13,), True, True, 1e-5, 2, 0.5),
    ("d2x5_plain", (3, 2, 5), (2, 5), False, False, 1e-3, 2, 0.5),
    ("d37_weight", (5, 37), (37,), True, False, 1e-5, 3, -1),
    ("d517", (2, 517), (517,), True, True, 1e-5, 0.5, 4),
    ("nonfinite", (5, 11), (11,), True, True, 1e-5, 2, 0.5),
]
for name, xs, ns, has_w, has_b, eps, scale, shift in layernorms:
    x = wave(0.5, *xs) * scale + shift
    if name == "nonfinite":
        x[0, 3], x[2, 10], x[3, 0], x[4] = math.inf, math.nan, -math.inf, 7
    x = leaf(x)
    w = leaf(wave(0.6, *ns) + 1.5) if has_w else None
    b = leaf(wave(0.7, *ns)) if has_b else None
    y = F.layer_norm(x, ns, w, b, eps)
    y.backward(wave(1.3, *y.shape))
    case = {"shape": list(y.shape), "y": y, "gx": x.grad, "gw": w.grad if has_w else None,
            "gb": b.grad if has_b else None}
    # NaN has no JSON number: NaN values are written as 0 and their
    # positions listed under "nan".
    nan = {}
    for k in ("y", "gx", "gw", "gb"):
        t = case[k]
        if t is None:
            case[k] = []
            continue
        t = t.detach().reshape(-1)
        idx = torch.nonzero(torch.isnan(t)).reshape(-1).tolist()
        if idx:
            nan[k] = idx
        case[k] = flat(torch.nan_to_num(t, nan=0.0))
    if nan:
        case["nan"] = nan
    out["layernorm_" + name] = case

# name, x shape, out features, bias?
linears = [
    ("2d", (3, 4), 5, True),
    ("3d_nobias", (2, 3, 4), 5, False),
    ("1d", (4,), 3, True),
]
for name, xs, o, has_b in linears:
    x, w = leaf(wave(0.1, *xs)), leaf(wave(0.2, o, xs[-1]))
    b = leaf(wave(0.3, o)) if has_b else None
    y = F.linear(x, w, b)
    y.backward(wave(1.3, *y.shape))
    out["linear_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad), "gw": flat(w.grad),
                             "gb": flat(b.grad) if has_b else []}

# name, x shape, pads, value
pads = [
    ("last", (2, 3, 4), [1, 2], 0.5),
    ("two_crop", (2, 3, 4), [1, -1, 2, 0], 0.0),
    ("three", (2, 3, 4), [-1, -2, 0, 1, 1, 0], -1.0),
]
for name, xs, pd, v in pads:
    x = leaf(wave(0.1, *xs))
    y = F.pad(x, pd, value=v)
    y.backward(wave(1.3, *y.shape))
    out["pad_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}

# Resampling: name, x shape, function of x. Output sizes that do not divide
# the input, shrinking and growing, and scale factors.
resamples = [
    ("adaptive_7x5_to_3x2", (2, 3, 7, 5), lambda x: F.adaptive_avg_pool2d(x, (3, 2))),
    ("adaptive_5x7_to_4x3", (1, 2, 5, 7), lambda x: F.adaptive_avg_pool2d(x, (4, 3))),
    ("adaptive_3x3_to_5x4", (1, 2, 3, 3), lambda x: F.adaptive_avg_pool2d(x, (5, 4))),
    ("adaptive_9x6_to_1x1", (2, 3, 9, 6), lambda x: F.adaptive_avg_pool2d(x, 1)),
    ("nearest_3x4_to_7x5", (1, 2, 3, 4), lambda x: F.interpolate(x, size=(7, 5), mode="nearest")),
    ("nearest_5x7_to_3x4", (2, 2, 5, 7), lambda x: F.interpolate(x, size=(3, 4), mode="nearest")),
    ("nearest_scale_2", (2, 3, 4, 5), lambda x: F.interpolate(x, scale_factor=2, mode="nearest")),
    ("nearest_scale_1_7", (1, 2, 3, 4), lambda x: F.interpolate(x, scale_factor=1.7, mode="nearest")),
    ("bilinear_3x4_to_7x5", (1, 2, 3, 4), lambda x: F.interpolate(x, size=(7, 5), mode="bilinear")),
    ("bilinear_6x5_to_4x3", (2, 2, 6, 5), lambda x: F.interpolate(x, size=(4, 3), mode="bilinear")),
    ("bilinear_align_3x4_to_7x5", (1, 2, 3, 4), lambda x: F.interpolate(x, size=(7, 5), mode="bilinear", align_corners=True)),
    ("bilinear_align_5x5_to_1x2", (1, 2, 5, 5), lambda x: F.interpolate(x, size=(1, 2), mode="bilinear", align_corners=True)),
    ("bilinear_scale_1_7", (1, 2, 3, 4), lambda x: F.interpolate(x, scale_factor=1.7, mode="bilinear")),
    ("bilinear_8x8_to_16x16", (1, 2, 8, 8), lambda x: F.interpolate(x, size=(16, 16), mode="bilinear")),
]
for name, xs, fn in resamples:
    x = leaf(wave(0.4, *xs))
    y = fn(x)
    y.backward(wave(1.3, *y.shape))
    out["resample_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}

# Copies: gx is the first input's gradient, gw the second's.
x = leaf(wave(0.1, 2, 3, 4, 5))
y = x.permute(0, 3, 1, 2)
y.backward(wave(1.3, *y.shape))
out["copy_permute"] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}
x = leaf(wave(0.1, 3, 17, 19))
y = x.transpose(1, 2)
y.backward(wave(1.3, *y.shape))
out["copy_transpose"] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}
a, b = leaf(wave(0.1, 2, 3, 4)), leaf(wave(0.2, 2, 5, 4))
y = torch.cat([a, b], 1)
y.backward(wave(1.3, *y.shape))
out["copy_cat"] = {"shape": list(y.shape), "y": flat(y), "gx": flat(a.grad), "gw": flat(b.grad)}
x = leaf(wave(0.1, 7, 3))
y = x[torch.tensor([[2, 0, 6], [2, 2, -1]])]
y.backward(wave(1.3, *y.shape))
out["copy_index"] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}
x = leaf(wave(0.1, 10, 4))
y = F.embedding(torch.tensor([[1, 2, 3, 9], [4, 1, 9, 9]]), x, padding_idx=1)
y.backward(wave(1.3, *y.shape))
out["copy_embedding"] = {"shape": list(y.shape), "y": flat(y), "gx": flat(x.grad)}

# Batched products: name, a shape, b shape, transpose b's last two dims.
matmuls = [
    ("batched", (6, 4, 5), (6, 5, 3), False),
    ("broadcast", (2, 3, 4, 5), (5, 3), False),
    ("broadcast_batch", (2, 1, 4, 5), (3, 5, 2), False),
    ("q_kT", (8, 9, 7), (8, 10, 7), True),
    ("stack_by_vector", (2, 3, 4), (4,), False),
]
for name, ash, bsh, tb in matmuls:
    a, b = leaf(wave(0.1, *ash)), leaf(wave(0.2, *bsh))
    y = torch.matmul(a, b.transpose(-2, -1) if tb else b)
    y.backward(wave(1.3, *y.shape))
    out["matmul_" + name] = {"shape": list(y.shape), "y": flat(y), "gx": flat(a.grad), "gw": flat(b.grad)}

print("{\n" + ",\n".join(json.dumps(k) + ": " + json.dumps(out[k], sort_keys=True) for k in sorted(out)) + "\n}")
