# Generates ops_torch.json, the PyTorch reference values for the tests of
# tensorlib's element-wise operations (with their edge cases: NaN, ±Inf,
# ±0, ties, the bounds), broadcasting binary operations, reductions along
# any dimensions, softmax along any dimension, and the element-wise
# losses, forward and backward.
# The tests do not need PyTorch; this script documents where the numbers
# come from. Run with PyTorch 1.13 (Debian python3-torch):
#
#	/usr/bin/python3 testdata/gen_ops_torch.py > testdata/ops_torch.json
#
# Values are stored as float32 bit patterns (NaN and Inf are not JSON).
# Inputs are built the same way by the Go tests (ops_torch_test.go):
# wave(phase, n)[i] = float32(sin(0.7*i + phase)); opsX and opsY below; the
# output gradient of every case is wave(1.3, n) shaped like the output.
import json, math, struct
import torch
import torch.nn.functional as F


def wave(phase, *shape):
    n = math.prod(shape)
    return torch.tensor([math.sin(0.7 * i + phase) for i in range(n)], dtype=torch.float32).reshape(shape)


def bits(t):
    return [struct.unpack("<I", struct.pack("<f", v))[0] for v in t.detach().reshape(-1).tolist()]


SPECIAL = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 6.0, 1e-40, -3.0, 2.0, 7.5, -7.5, 1e30]


def ops_x():
    x = SPECIAL + [4 * v for v in wave(0.0, 48).tolist()]
    return torch.tensor(x, dtype=torch.float32)


def ops_y(x):
    y = torch.stack([x[(i * 7 + 3) % 64] for i in range(64)])
    y[16:20] = x[16:20]  # ties
    y[3], y[4] = x[4], x[3]  # +0 against -0
    return y


def grad_for(y):
    return wave(1.3, *y.shape)


out = {}


def case(name, fn, *inputs):
    leaves = [t.clone().requires_grad_(True) for t in inputs]
    y = fn(*leaves)
    rec = {"shape": list(y.shape), "out": bits(y)}
    if y.dtype == torch.float32 and y.requires_grad:
        y.backward(grad_for(y))
        rec["grads"] = [bits(l.grad) if l.grad is not None else None for l in leaves]
    out[name] = rec


x = ops_x()
y = ops_y(x)
g = grad_for(x)
unary = {
    "abs": lambda a: a.abs(),
    "clamp": lambda a: a.clamp(-0.5, 1.0),
    "hardtanh": lambda a: F.hardtanh(a, -1.0, 1.0),
    "relu6": lambda a: F.relu6(a),
    "leaky_relu": lambda a: F.leaky_relu(a, 0.01),
    "silu": lambda a: F.silu(a),
}
for name, fn in unary.items():
    case(name, fn, x)
for e in [2.0, 3.0, 0.5, -0.5, -1.0, -2.0, 1.5, 0.0, 1.0]:
    case("pow_%g" % e, lambda a, e=e: a.pow(e), x)
case("maximum", torch.maximum, x, y)
case("minimum", torch.minimum, x, y)

# Broadcasting: finite inputs, and positive bases for pow.
pairs = [((2, 3, 4), (3, 1)), ((2, 1, 4), (1, 3, 1)), ((4,), (2, 3, 4)), ((2, 3, 4), ()),
         ((1,), (2, 3, 4)), ((2, 3, 1), (2, 3, 4)), ((5, 1), (1, 6))]
binary = {
    "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div,
    "maximum": torch.maximum, "minimum": torch.minimum,
    "pow": lambda a, b: (a.abs() + 0.5).pow(b),
}
for sa, sb in pairs:
    a, b = wave(0.2, *sa) * 3, wave(2.1, *sb) * 3
    for name, fn in binary.items():
        case("bcast_%s_%s_%s" % (name, "x".join(map(str, sa)) or "s", "x".join(map(str, sb)) or "s"), fn, a, b)

# Reductions of a [3, 4, 5] tensor with ties (values rounded to halves).
r = torch.round(wave(0.4, 3, 4, 5) * 4) / 2
for dims in [(0,), (1,), (2,), (-1,), (0, 2), (1, 2), (0, 1, 2)]:
    tag = "_".join(str(d) for d in dims)
    case("sum_" + tag, lambda a: a.sum(dims), r)
    case("mean_" + tag, lambda a: a.mean(dims), r)
    case("amax_" + tag, lambda a: a.amax(dims), r)
    case("amin_" + tag, lambda a: a.amin(dims), r)
    case("var_" + tag, lambda a: a.var(dims), r)
    case("std_" + tag, lambda a: a.std(dims), r)
    for p in [1.0, 2.0, 3.0]:
        case("norm%g_%s" % (p, tag), lambda a, p=p: torch.norm(a, p, dims), r)
for d in [0, 1, 2]:
    case("argmax_%d" % d, lambda a: a.argmax(d).float(), r)
    case("argmin_%d" % d, lambda a: a.argmin(d).float(), r)
case("amax_all", lambda a: a.amax(), r)
case("argmax_all", lambda a: a.argmax().float(), r)

# Softmax and log-softmax of a [2, 3, 4, 5] tensor along every dimension.
s = wave(0.6, 2, 3, 4, 5) * 3
for d in range(4):
    case("softmax_%d" % d, lambda a: F.softmax(a, d), s)
    case("log_softmax_%d" % d, lambda a: F.log_softmax(a, d), s)

# Losses of a [6, 7] input against a [6, 7] target in [0, 1], both
# requiring grad, with every reduction.
lx = wave(0.3, 6, 7) * 3
lt = (wave(1.1, 6, 7) + 1) / 2
for red in ["mean", "sum", "none"]:
    case("mse_" + red, lambda a, b: F.mse_loss(a, b, reduction=red), lx, lt)
    case("bce_logits_" + red, lambda a, b: F.binary_cross_entropy_with_logits(a, b, reduction=red), lx, lt)

json.dump(out, __import__("sys").stdout, indent=None, separators=(",", ":"), sort_keys=True)
