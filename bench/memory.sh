#!/usr/bin/env bash
# Peak resident set size of the notebook CNN's training in gohooks
# (bench/cnnsteps) and in PyTorch (bench/torch_bench.py --rss-steps), each
# in its own process: the RSS before the first step, at its peak, and the
# growth between them. Not part of ./test.sh.
#
# usage: bench/memory.sh [-steps N] [BATCH...]   (default: 100 steps at 64 and 256)
set -euo pipefail
cd "$(dirname "$0")/.."

steps=100
if [ "${1:-}" = -steps ]; then
	steps=$2
	shift 2
fi
batches=("$@")
[ ${#batches[@]} -gt 0 ] || batches=(64 256)

. bench/torch.sh
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/cnnsteps" ./bench/cnnsteps

printf "%-8s %6s %6s %12s %12s %12s\n" side steps batch "RSS before" "peak RSS" growth
for b in "${batches[@]}"; do
	for side in gohooks torch; do
		if [ $side = gohooks ]; then
			line=$("$work/cnnsteps" -steps "$steps" -batch "$b")
		else
			line=$("$python" bench/torch_bench.py --rss-steps "$steps" --batch "$b")
		fi
		awk '{ printf "%-8s %6d %6d %8.1f MiB %8.1f MiB %8.1f MiB\n", $1, $2, $3, $4, $5, $5 - $4 }' <<<"$line"
	done
done
