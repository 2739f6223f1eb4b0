"""Where a CNN training step's time goes, by part, on both sides
(bench/where.sh runs it).

  where.py go STEPS < TRACES   TRACES is `go tool pprof -traces` of a CPU
                               profile of STEPS steps (bench/cnnsteps
                               -cpuprofile); prints CPU ms per step by part
  where.py torch BATCH         runs torch_bench.py's cnn_step under
                               torch.profiler; prints the self time of its
                               operators per step by part

A gohooks sample goes to the part named by the innermost frame of its stack
that names one (the GEMM inside a convolution's backward counts for that
backward); the collector's and the scheduler's own work are parts of their
own. PyTorch's profiler times each operator on the thread that calls it,
so its figures are wall time of the operators (their worker threads
inside), not CPU time: compare each side's shares, not the milliseconds.
"""

import os
import re
import sys

PARTS = [
    ("conv backward", r"tensorlib\.convBackward|tensorlib\.col2im|convolution_backward"),
    ("conv forward", r"tensorlib\.convForward|tensorlib\.im2col|tensorlib\.Conv2d|mkldnn_convolution|aten::_convolution|aten::conv2d|aten::convolution$"),
    ("max pool", r"MaxPool2d|maxPool|max_pool2d"),
    ("ReLU", r"ReLU|reluBackward|aten::relu|threshold_backward|clamp_min"),
    ("linear", r"tensorlib\.Linear|aten::addmm|aten::mm$|aten::linear|aten::t$|aten::matmul"),
    ("loss", r"CrossEntropy|LogSoftmax|logSoftmax|NLLLoss|nll_loss|log_softmax|cross_entropy"),
    ("optimizer", r"nnlib\.\(\*Adam\)|nnlib\.\(\*SGD\)|ZeroGrad|Optimizer|_foreach|aten::addcmul_|aten::addcdiv_|aten::sqrt|aten::lerp_|aten::mul_$|aten::add_$|aten::div_$"),
    ("garbage collector", r"runtime\.gcBgMarkWorker|runtime\.bgsweep|runtime\.bgscavenge|runtime\.runfinq|runtime\.gcAssist"),
    ("autograd engine", r"tensorlib\.\(\*Tensor\)\.Backward|autograd::engine|AccumulateGrad|aten::fill_|aten::ones_like|aten::zero_"),
    ("waiting and spinning", r"runtime\.findRunnable|runtime\.park_m|runtime\.futex|runtime\.Gosched|runtime\.gosched_m|runtime\.osyield|internal/parallel\.awaitLoop|internal/parallel\.\(\*loop\)\.wait"),
]


def part_of(frames):
    for frame in frames:
        for name, pattern in PARTS:
            if re.search(pattern, frame):
                return name
    return "other"


def seconds(text):
    """A pprof sample value: 10ms, 1.20s, 500us."""
    m = re.match(r"([\d.]+)(ns|us|ms|s)$", text)
    return float(m.group(1)) * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[m.group(2)]


def go_side(steps):
    """pprof -traces: samples separated by lines of dashes; a sample's first
    line is its value and innermost frame, then one frame per line."""
    totals, sample = {}, []

    def add():
        if sample:
            value, first = sample[0].split(None, 1)
            p = part_of([first.strip()] + [line.strip() for line in sample[1:]])
            totals[p] = totals.get(p, 0) + seconds(value)
        sample.clear()

    for line in sys.stdin:
        if line.startswith("-----------"):
            add()
        elif sample or re.match(r"^\s+[\d.]+(ns|us|ms|s)\s", line):
            sample.append(line.rstrip("\n"))
    add()
    report(totals, steps, "CPU ms/step")


def torch_side(batch):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    del sys.argv[1:]
    import torch
    import torch_bench

    run, _ = torch_bench.cnn_step("none", batch)
    for _ in range(10):
        run()
    steps = max(5, 2000 // batch)
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(steps):
            run()
    totals = {}
    for ev in prof.key_averages():
        p = part_of([ev.key])
        totals[p] = totals.get(p, 0) + ev.self_cpu_time_total / 1e6
    report(totals, steps, "op ms/step")


def report(totals, steps, unit):
    total = sum(totals.values())
    print(f"  {'part':20s} {unit:>12s} {'share':>7s}")
    for name in [p for p, _ in PARTS] + ["other"]:
        v = totals.get(name, 0)
        if v:
            print(f"  {name:20s} {1000 * v / steps:12.3f} {100 * v / total:6.1f}%")
    print(f"  {'total':20s} {1000 * total / steps:12.3f}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("go", "torch"):
        sys.exit(__doc__)
    if sys.argv[1] == "go":
        go_side(int(sys.argv[2]))
    else:
        torch_side(int(sys.argv[2]))
