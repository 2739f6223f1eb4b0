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


# name -> function returning (run, flops). One line per workload.
WORKLOADS = {
    "gemm_128": lambda: gemm(128),
    "gemm_512": lambda: gemm(512),
    "gemm_1024": lambda: gemm(1024),
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
