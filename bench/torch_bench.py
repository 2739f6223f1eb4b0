#!/usr/bin/env python3
"""PyTorch side of bench/compare.sh.

Times the named workloads with PyTorch on 2 threads (torch.set_num_threads
for its own kernels, OPENBLAS_NUM_THREADS for the BLAS it may be linked to)
and prints one line per workload: name, nanoseconds per op, and flops per op
(0 when not counted; for cnn_step_hook_overhead, the hook overhead in
percent).
Each workload is a function that builds its inputs and returns (run, flops);
run() does one op (forward-only workloads use torch.no_grad inside run, as
gohooks does when no input needs a gradient). Register a workload in WORKLOADS under the name that
compare.sh uses for it.

Usage: torch_bench.py [--benchtime SECONDS] [--count N] NAME...
       torch_bench.py --serve   (one round per "NAME BENCHTIME" line on stdin)
"""

import argparse
import gzip
import os
import sys
import time

# Debian's torch does its matrix products in the system BLAS (OpenBLAS when
# libopenblas0 is installed), which reads its thread count at load time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "2")
os.environ.setdefault("OMP_NUM_THREADS", "2")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

torch.set_num_threads(2)
torch.manual_seed(0)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gemm(n):
    """C = A·B for n×n float32 matrices, as BenchmarkSgemm/n=N does."""
    a = torch.randn(n, n)
    b = torch.randn(n, n)
    c = torch.empty(n, n)

    def run():
        torch.mm(a, b, out=c)

    return run, 2 * n * n * n


def gemm_shape(trans_a, trans_b, m, n, k):
    """C = op(A)·op(B) with A and B stored transposed where asked, as
    BenchmarkSgemmCNN does; torch passes the transposes on to BLAS."""
    a = torch.randn(k, m).t() if trans_a else torch.randn(m, k)
    b = torch.randn(n, k).t() if trans_b else torch.randn(k, n)
    c = torch.empty(m, n)

    def run():
        torch.mm(a, b, out=c)

    return run, 2 * m * n * k


def conv_flops(n, cin, cout, size):
    """Multiply-adds of a 3×3 same convolution, as two flops each."""
    return 2 * n * cout * size * size * cin * 9


def conv_forward(cin, cout, size):
    """Conv2d forward at batch 64, 3×3 kernel, padding 1, with a bias, as
    BenchmarkConv2dForward: nothing requires grad."""
    x = torch.rand(64, cin, size, size)
    w = torch.empty(cout, cin, 3, 3).uniform_(-0.3, 0.3)
    b = torch.zeros(cout)

    def run():
        with torch.no_grad():
            F.conv2d(x, w, b, padding=1)

    return run, conv_flops(64, cin, cout, size)


def conv_forward_backward(cin, cout, size):
    """Conv2d forward and backward with the gradients of input, weight and
    bias, then the gradients dropped, as BenchmarkConv2dForwardBackward."""
    x = torch.rand(64, cin, size, size, requires_grad=True)
    w = torch.empty(cout, cin, 3, 3).uniform_(-0.3, 0.3).requires_grad_()
    b = torch.zeros(cout, requires_grad=True)
    g = torch.rand(64, cout, size, size)

    def run():
        F.conv2d(x, w, b, padding=1).backward(g)
        x.grad = w.grad = b.grad = None

    return run, 3 * conv_flops(64, cin, cout, size)


def maxpool(channels, size, backward):
    """2×2 max pooling at batch 64, as BenchmarkMaxPool2d: forward alone
    (nothing requires grad), or forward and backward."""
    x = torch.rand(64, channels, size, size, requires_grad=backward)
    g = torch.rand(64, channels, size // 2, size // 2)

    def run():
        if backward:
            F.max_pool2d(x, 2).backward(g)
            x.grad = None
        else:
            F.max_pool2d(x, 2)

    return run, 0


def relu():
    """Out-of-place ReLU of a 64×8×28×28 tensor, as BenchmarkReLU."""
    x = torch.randn(64, 8, 28, 28)

    def run():
        torch.relu(x)

    return run, 0


def fashion_mnist_batch(n):
    """The first n images and labels of the Fashion-MNIST sample that nnlib
    embeds, scaled to [0, 1] as nnlib's Dataset.Batch does."""
    data = os.path.join(REPO, "nnlib", "data")
    with gzip.open(os.path.join(data, "train-images-idx3-ubyte.gz")) as f:
        raw = f.read()
    images = torch.frombuffer(bytearray(raw[16 : 16 + n * 784]), dtype=torch.uint8)
    with gzip.open(os.path.join(data, "train-labels-idx1-ubyte.gz")) as f:
        labels = torch.frombuffer(bytearray(f.read()[8 : 8 + n]), dtype=torch.uint8)
    return images.float().div(255).reshape(n, 1, 28, 28), labels.long()


def cnn_step(hooks, batch=64):
    """One Adam step of the notebook CNN on 64 Fashion-MNIST images, as
    nnlib's BenchmarkTrainStep: forward, cross entropy, zero_grad (to None,
    as nnlib's ZeroGrad), backward, step. hooks is "none", "forward" (a
    forward hook returning None on every module, the Sequential included)
    or "backward" (a full backward hook returning None on every module)."""
    nn = torch.nn
    net = nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(16 * 7 * 7, 10),
    )
    for m in net.modules():
        if hooks == "forward":
            m.register_forward_hook(lambda m, inp, out: None)
        elif hooks == "backward":
            m.register_full_backward_hook(lambda m, gin, gout: None)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x, y = fashion_mnist_batch(batch)

    def run():
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    return run, 0


def cnn_step_hook_overhead():
    """Two identical notebook CNNs, the second with a forward hook on every
    module, take steps in turn, as nnlib's BenchmarkForwardHookOverhead
    does. run() is one pair of steps; overhead() is the hooked network's
    median step time over the other's, minus 1, in percent."""
    runs = [cnn_step(hooks)[0] for hooks in ("none", "forward")]
    times = [[], []]
    count = [0]

    def run():
        first = count[0] % 2
        for i in (first, 1 - first):
            start = time.perf_counter()
            runs[i]()
            times[i].append(time.perf_counter() - start)
        count[0] += 1

    def overhead():
        if not times[0]:
            return 0.0
        median = [sorted(t)[len(t) // 2] for t in times]
        return 100 * (median[1] / median[0] - 1)

    run.overhead = overhead
    run.reset = lambda: [t.clear() for t in times]
    return run, 0


def elementwise(op):
    """One out-of-place element-wise operation on a 64×8×28×28 tensor, as
    BenchmarkElementwise: nothing requires grad. log takes uniform [0, 1)
    values, the others normal ones."""
    x = torch.randn(64, 8, 28, 28)
    y = torch.randn(64, 8, 28, 28)
    u = torch.rand(64, 8, 28, 28)
    ops = {
        "relu": lambda: torch.relu(x),
        "add": lambda: torch.add(x, y),
        "mul": lambda: torch.mul(x, y),
        "exp": lambda: torch.exp(x),
        "tanh": lambda: torch.tanh(x),
        "sigmoid": lambda: torch.sigmoid(x),
        "gelu": lambda: F.gelu(x),
        "log": lambda: torch.log(u),
    }
    return ops[op], 0


def elementwise_into(op):
    """The kernel of an element-wise operation on a 64×8×28×28 tensor
    writing into the same output every time (out=), so that the output
    stays in cache: tensorlib's BenchmarkElementwiseInto. Set against
    elementwise(op), it shows what a fresh output costs."""
    x = torch.randn(64, 8, 28, 28)
    y = torch.randn(64, 8, 28, 28)
    out = torch.empty(64, 8, 28, 28)
    ops = {
        "relu": lambda: torch.clamp(x, min=0, out=out),
        "add": lambda: torch.add(x, y, out=out),
        "exp": lambda: torch.exp(x, out=out),
        "gelu": lambda: torch._C._nn.gelu(x, out=out),
    }
    return ops[op], 0


def softmax(shape, log):
    """Softmax or log-softmax over the last dimension, as BenchmarkSoftmax."""
    x = torch.randn(*shape)
    f = torch.log_softmax if log else torch.softmax

    def run():
        f(x, -1)

    return run, 0


def cross_entropy():
    """cross_entropy of 64×10 logits, forward and backward, as nnlib's
    BenchmarkCrossEntropy/b64_c10."""
    x = torch.randn(64, 10, requires_grad=True)
    target = torch.tensor([(7 * i + 3) % 10 for i in range(64)])

    def run():
        F.cross_entropy(x, target).backward()
        x.grad = None

    return run, 0


def linear(n, cin, cout, backward):
    """Linear forward (and backward with the gradients of input, weight and
    bias), as BenchmarkLinear."""
    x = torch.rand(n, cin, requires_grad=backward)
    w = torch.empty(cout, cin).uniform_(-0.05, 0.05).requires_grad_(backward)
    b = torch.zeros(cout, requires_grad=backward)
    g = torch.rand(n, cout)

    def run():
        if backward:
            F.linear(x, w, b).backward(g)
            x.grad = w.grad = b.grad = None
        else:
            with torch.no_grad():
                F.linear(x, w, b)

    return run, 0


def layer_norm():
    """LayerNorm(128) forward and backward on a 16×64×128 input, as
    nnlib's BenchmarkLayers/layernorm_b16_t64_d128."""
    ln = torch.nn.LayerNorm(128)
    x = torch.randn(16, 64, 128, requires_grad=True)
    g = torch.randn(16, 64, 128)

    def run():
        ln(x).backward(g)
        x.grad = None
        ln.zero_grad(set_to_none=True)

    return run, 0


def lstm():
    """LSTM(128, 128) forward and backward over 16 steps of a batch of 32,
    as nnlib's BenchmarkLayers/lstm_l16_b32_h128."""
    net = torch.nn.LSTM(128, 128)
    x = torch.randn(16, 32, 128, requires_grad=True)
    g = torch.randn(16, 32, 128)

    def run():
        net(x)[0].backward(g)
        x.grad = None
        net.zero_grad(set_to_none=True)

    return run, 0


# name -> function returning (run, flops). One line per workload.
def resnet18_step():
    """One Adam step of torchvision's resnet18 with the 32x32 stem (3x3
    conv1, no max pooling) on 32 random images, 10 classes, as
    models' BenchmarkResNet18TrainStep."""
    import torchvision
    nn = torch.nn
    net = torchvision.models.resnet18(num_classes=10)
    net.conv1 = nn.Conv2d(3, 64, 3, 1, 1, bias=False)
    net.maxpool = nn.Identity()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x, y = torch.randn(32, 3, 32, 32), torch.zeros(32, dtype=torch.long)

    def run():
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    return run, 0


def gpt_block_step():
    """One Adam step through one pre-norm GPT block (width 128, 4 heads,
    causal, 64 tokens, batch 16) with a mean-square loss, as models'
    BenchmarkGPTBlockStep."""
    nn = torch.nn
    d, t = 128, 64
    ln1, ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
    attn = nn.MultiheadAttention(d, 4, batch_first=True)
    mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
    params = [p for m in (ln1, ln2, attn, mlp) for p in m.parameters()]
    opt = torch.optim.Adam(params, lr=1e-3)
    mask = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
    x = torch.randn(16, t, d)

    def run():
        h = ln1(x)
        y = x + attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        y = y + mlp(ln2(y))
        loss = (y * y).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    return run, 0


def more_op(name):
    """One operation of tensorlib's BenchmarkMoreOps, with the same shapes:
    _bwd runs forward and backward with a gradient of ones, the others the
    forward with nothing requiring grad."""
    act, bias = torch.randn(64, 8, 28, 28), torch.randn(8, 1, 1)
    heads = torch.randn(16, 4, 64, 64, requires_grad=True)
    rows = torch.randn(512, 784)
    ones = torch.ones(16, 4, 64, 64)

    def softmax_dim1_bwd():
        heads.grad = None
        torch.softmax(heads, 1).backward(ones)

    ops = {
        "silu": lambda: F.silu(act),
        "clamp": lambda: torch.clamp(act, -0.5, 0.5),
        "add_bias": lambda: act + bias,
        "softmax_dim1_bwd": softmax_dim1_bwd,
        "amax_rows": lambda: rows.amax(1),
        "var_rows": lambda: rows.var(1),
        "mean_dim0": lambda: rows.mean(0),
    }
    grad = name.endswith("_bwd")

    def run():
        if grad:
            ops[name]()
        else:
            with torch.no_grad():
                ops[name]()

    return run, 0


def op(name):
    """One operation of tensorlib's BenchmarkOps, with the same shapes.
    Names ending in _bwd run forward and backward with a gradient of ones
    from an input that requires grad; the others run the forward with
    nothing requiring grad. Transposes, permutations and slices are views
    in PyTorch and copies in gohooks (whose tensors are always contiguous),
    so they are timed with .contiguous(), which makes PyTorch copy."""
    img = torch.randn(32, 64, 16, 16)
    act, act2 = torch.randn(64, 8, 28, 28), torch.randn(64, 8, 28, 28)
    table = torch.randn(10000, 128)
    idx = torch.tensor([(i * 7919) % 10000 for i in range(64 * 64)]).reshape(64, 64)
    heads = torch.randn(16, 4, 64, 64)
    q, k = torch.randn(64, 64, 64), torch.randn(64, 64, 64)
    k3 = dict(kernel_size=3, stride=2, padding=1)
    fns = {
        "upsample_nearest": (img, lambda x: F.interpolate(x, size=(32, 32), mode="nearest")),
        "upsample_bilinear": (img, lambda x: F.interpolate(x, size=(32, 32), mode="bilinear", align_corners=False)),
        "maxpool_k3s2p1": (img, lambda x: F.max_pool2d(x, **k3)),
        "avgpool_k3s2p1": (img, lambda x: F.avg_pool2d(x, **k3)),
        "adaptive_avgpool_1x1": (img, lambda x: F.adaptive_avg_pool2d(x, 1)),
        "index": (table, lambda t: t[idx]),
        "embedding": (table, lambda t: F.embedding(idx, t)),
        "cat": (act, lambda x: torch.cat([x, act2], 1)),
        "stack": (act, lambda x: torch.stack([x, act2], 1)),
        "chunk": (act, lambda x: [c.contiguous() for c in x.chunk(4, 1)]),
        "narrow": (act, lambda x: x.narrow(1, 2, 4).contiguous()),
        "select": (act, lambda x: x.select(1, 3).contiguous()),
        "slice": (act, lambda x: x[:, :, :, 1:27].contiguous()),
        "transpose13": (act, lambda x: x.transpose(1, 3).contiguous()),
        "permute0213": (heads, lambda x: x.permute(0, 2, 1, 3).contiguous()),
        "bmm": (q, lambda x: torch.matmul(x, k)),
        "bmm_qkT": (q, lambda x: torch.matmul(x, k.transpose(1, 2))),
        "dropout": (act, lambda x: F.dropout(x, 0.5, True)),
    }
    backward = name.endswith("_bwd")
    x, f = fns[name[:-4] if backward else name]
    if not backward:
        return (lambda: f(x)), 0
    leaf = x.clone().requires_grad_(True)

    def run():
        leaf.grad = None
        y = f(leaf)
        y.backward(torch.ones_like(y))

    return run, 0


WORKLOADS = {
    "gemm_128": lambda: gemm(128),
    "gemm_512": lambda: gemm(512),
    "gemm_1024": lambda: gemm(1024),
    # The per-sample products of the notebook CNN (see BenchmarkSgemmCNN).
    "gemm_conv1_fwd": lambda: gemm_shape(False, False, 8, 784, 9),
    "gemm_conv1_dw": lambda: gemm_shape(False, True, 8, 9, 784),
    "gemm_conv2_fwd": lambda: gemm_shape(False, False, 16, 196, 72),
    "gemm_conv2_dw": lambda: gemm_shape(False, True, 16, 72, 196),
    "gemm_conv2_dx": lambda: gemm_shape(True, False, 72, 196, 16),
    "gemm_linear_fwd": lambda: gemm_shape(False, True, 64, 10, 784),
    # The notebook CNN's layers at batch 64 and its training step.
    "conv1_fwd": lambda: conv_forward(1, 8, 28),
    "conv2_fwd": lambda: conv_forward(8, 16, 14),
    "conv1_fwd_bwd": lambda: conv_forward_backward(1, 8, 28),
    "conv2_fwd_bwd": lambda: conv_forward_backward(8, 16, 14),
    "maxpool1": lambda: maxpool(8, 28, False),
    "maxpool2": lambda: maxpool(16, 14, False),
    "maxpool1_fwd_bwd": lambda: maxpool(8, 28, True),
    "maxpool2_fwd_bwd": lambda: maxpool(16, 14, True),
    "relu": relu,
    "ew_relu": lambda: elementwise("relu"),
    "ew_add": lambda: elementwise("add"),
    "ew_mul": lambda: elementwise("mul"),
    "ew_exp": lambda: elementwise("exp"),
    "ew_tanh": lambda: elementwise("tanh"),
    "ew_sigmoid": lambda: elementwise("sigmoid"),
    "ew_gelu": lambda: elementwise("gelu"),
    "ew_log": lambda: elementwise("log"),
    "ew_relu_into": lambda: elementwise_into("relu"),
    "ew_add_into": lambda: elementwise_into("add"),
    "ew_exp_into": lambda: elementwise_into("exp"),
    "ew_gelu_into": lambda: elementwise_into("gelu"),
    "softmax_att": lambda: softmax((16, 4, 64, 64), False),
    "log_softmax_att": lambda: softmax((16, 4, 64, 64), True),
    "log_softmax_logits": lambda: softmax((64, 10), True),
    "cross_entropy": cross_entropy,
    "linear_fwd_bwd": lambda: linear(64, 784, 10, True),
    "linear512_fwd_bwd": lambda: linear(64, 512, 512, True),
    "cnn_step": lambda: cnn_step("none"),
    "cnn_step_forward_hooks": lambda: cnn_step("forward"),
    "cnn_step_backward_hooks": lambda: cnn_step("backward"),
    "cnn_step_hook_overhead": cnn_step_hook_overhead,
    "resnet18_step": resnet18_step,
    "gpt_block_step": gpt_block_step,
    "layer_norm": layer_norm,
    "lstm": lstm,
    "cnn_step_b1": lambda: cnn_step("none", 1),
    "cnn_step_b8": lambda: cnn_step("none", 8),
    "cnn_step_b256": lambda: cnn_step("none", 256),
    # tensorlib's BenchmarkOps (and nnlib's embedding), op_ + its case name.
    "mop_silu": lambda: more_op("silu"),
    "mop_clamp": lambda: more_op("clamp"),
    "mop_add_bias": lambda: more_op("add_bias"),
    "mop_softmax_dim1_bwd": lambda: more_op("softmax_dim1_bwd"),
    "mop_amax_rows": lambda: more_op("amax_rows"),
    "mop_var_rows": lambda: more_op("var_rows"),
    "mop_mean_dim0": lambda: more_op("mean_dim0"),
    "op_upsample_nearest": lambda: op("upsample_nearest"),
    "op_upsample_nearest_bwd": lambda: op("upsample_nearest_bwd"),
    "op_upsample_bilinear": lambda: op("upsample_bilinear"),
    "op_upsample_bilinear_bwd": lambda: op("upsample_bilinear_bwd"),
    "op_maxpool_k3s2p1": lambda: op("maxpool_k3s2p1"),
    "op_maxpool_k3s2p1_bwd": lambda: op("maxpool_k3s2p1_bwd"),
    "op_avgpool_k3s2p1": lambda: op("avgpool_k3s2p1"),
    "op_avgpool_k3s2p1_bwd": lambda: op("avgpool_k3s2p1_bwd"),
    "op_adaptive_avgpool_1x1": lambda: op("adaptive_avgpool_1x1"),
    "op_adaptive_avgpool_1x1_bwd": lambda: op("adaptive_avgpool_1x1_bwd"),
    "op_index": lambda: op("index"),
    "op_index_bwd": lambda: op("index_bwd"),
    "op_embedding_bwd": lambda: op("embedding_bwd"),
    "op_cat": lambda: op("cat"),
    "op_cat_bwd": lambda: op("cat_bwd"),
    "op_stack": lambda: op("stack"),
    "op_chunk": lambda: op("chunk"),
    "op_narrow": lambda: op("narrow"),
    "op_select": lambda: op("select"),
    "op_slice": lambda: op("slice"),
    "op_transpose13": lambda: op("transpose13"),
    "op_transpose13_bwd": lambda: op("transpose13_bwd"),
    "op_permute0213": lambda: op("permute0213"),
    "op_bmm": lambda: op("bmm"),
    "op_bmm_bwd": lambda: op("bmm_bwd"),
    "op_bmm_qkT": lambda: op("bmm_qkT"),
    "op_dropout": lambda: op("dropout"),
}


def time_op(run, benchtime, count):
    """Best over count rounds of the mean time per op, each round at least
    benchtime seconds: the same statistic compare.sh takes from go test."""
    for _ in range(3):
        run()
    best = float("inf")
    for _ in range(count):
        iters, elapsed = 1, 0.0
        while True:
            start = time.perf_counter()
            for _ in range(iters):
                run()
            elapsed = time.perf_counter() - start
            if elapsed >= benchtime:
                break
            iters = max(iters * 2, int(iters * benchtime * 1.2 / max(elapsed, 1e-9)))
        best = min(best, elapsed / iters)
    return best * 1e9


def cpu_jiffies():
    """Busy and total jiffies of all CPUs from /proc/stat (steal counts as
    busy: the host gave the time to someone else)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    busy = v[0] + v[1] + v[2] + v[5] + v[6] + (v[7] if len(v) > 7 else 0)
    return busy, busy + v[3] + v[4]


def serve():
    """Reads "NAME BENCHTIME" lines from stdin and answers each with one
    round: "NAME NS EXTRA OTHER", OTHER being the share of the machine's CPU
    time that other processes used during the round (0 to 1). Workloads are
    built once and kept, so the process pays torch's import only once."""
    hz = os.sysconf("SC_CLK_TCK")
    built = {}
    for line in sys.stdin:
        name, benchtime = line.split()
        if name not in WORKLOADS:
            print(f"{name} - - -", flush=True)
            continue
        if name not in built:
            built[name] = WORKLOADS[name]()
        run, flops = built[name]
        if hasattr(run, "reset"):
            run.reset()
        b0, t0 = cpu_jiffies()
        c0 = time.process_time()
        ns = time_op(run, float(benchtime), 1)
        c1 = time.process_time()
        b1, t1 = cpu_jiffies()
        other = max(0.0, ((b1 - b0) / hz - (c1 - c0)) / max((t1 - t0) / hz, 1e-9))
        extra = run.overhead() if hasattr(run, "overhead") else flops
        print(f"{name} {ns:.1f} {extra} {other:.3f}", flush=True)


def status(field):
    """A size field of /proc/self/status in MiB."""
    with open("/proc/self/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name == field:
                return int(value.split()[0]) / 1024
    return 0.0


def rss_steps(steps, batch):
    """Runs steps CNN training steps (cnn_step) and prints "torch STEPS
    BATCH RSS_BEFORE PEAK_RSS LOSS", sizes in MiB, as bench/cnnsteps does."""
    run, _ = cnn_step("none", batch)
    before = status("VmRSS")
    for _ in range(steps):
        run()
    print(f"torch {steps} {batch} {before:.1f} {status('VmHWM'):.1f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--benchtime", type=float, default=1.0)
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--serve", action="store_true", help="answer NAME BENCHTIME lines from stdin (compare.sh)")
    parser.add_argument("--rss-steps", type=int, default=0, help="run this many CNN steps and print the peak RSS (memory.sh)")
    parser.add_argument("--batch", type=int, default=64, help="batch size for --rss-steps")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.rss_steps:
        rss_steps(args.rss_steps, args.batch)
        return
    for name in args.names:
        if name not in WORKLOADS:
            sys.exit(f"torch_bench.py: unknown workload {name!r} (known: {', '.join(sorted(WORKLOADS))})")
    for name in args.names:
        run, flops = WORKLOADS[name]()
        ns = time_op(run, args.benchtime, args.count)
        if hasattr(run, "overhead"):
            # The third field is the overhead in percent, not flops.
            print(f"{name} {ns:.1f} {run.overhead():.2f}", flush=True)
            continue
        print(f"{name} {ns:.1f} {flops}", flush=True)


if __name__ == "__main__":
    main()
