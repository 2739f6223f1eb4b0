#!/usr/bin/env bash
# Where the notebook CNN's training step spends its time at batch 1, 8, 64
# and 256 (or the batches given), in gohooks (a CPU profile of
# bench/cnnsteps, by part of the network) and in PyTorch (torch.profiler's
# self time of the same step's operators). Not part of ./test.sh; see
# bench/where.py for how samples are attributed.
#
# usage: bench/where.sh [BATCH...]
set -euo pipefail
cd "$(dirname "$0")/.."

batches=("$@")
[ ${#batches[@]} -gt 0 ] || batches=(1 8 64 256)
. bench/torch.sh
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/cnnsteps" ./bench/cnnsteps

for b in "${batches[@]}"; do
	steps=$((16000 / b))
	[ "$steps" -ge 20 ] || steps=20
	echo "batch $b, gohooks ($steps steps, $("$work/cnnsteps" -batch "$b" -steps "$steps" -cpuprofile "$work/cpu.prof"))"
	go tool pprof -traces "$work/cnnsteps" "$work/cpu.prof" 2>/dev/null | "$python" bench/where.py go "$steps"
	echo "batch $b, PyTorch"
	"$python" bench/where.py torch "$b"
done
