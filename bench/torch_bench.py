#!/usr/bin/env python3
"""PyTorch side of bench/compare.sh.

Times the named workloads with PyTorch on 2 threads and prints one line per
workload: name, nanoseconds per op, and flops per op (0 when not counted).
Each workload is a function that builds its inputs and returns (run, flops);
run() does one op (forward-only workloads use torch.no_grad inside run, as
gohooks does when no input needs a gradient). Register a workload in WORKLOADS under the name that
compare.sh uses for it.

Usage: torch_bench.py [--benchtime SECONDS] [--count N] NAME...
"""

import argparse
import sys
import time

import torch

torch.set_num_threads(2)
torch.manual_seed(0)


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


# name -> function returning (run, flops). One line per workload.
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--benchtime", type=float, default=1.0)
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    for name in args.names:
        if name not in WORKLOADS:
            sys.exit(f"torch_bench.py: unknown workload {name!r} (known: {', '.join(sorted(WORKLOADS))})")
    for name in args.names:
        run, flops = WORKLOADS[name]()
        ns = time_op(run, args.benchtime, args.count)
        print(f"{name} {ns:.1f} {flops}", flush=True)


if __name__ == "__main__":
    main()
